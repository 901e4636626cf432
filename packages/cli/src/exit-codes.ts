/**
 * The CLI's exit codes: a stable public interface (documented in the CLI README).
 * With several puzzles in one file, the command exits with the highest code any of them got.
 */
export const ExitCode = {
  /** solve: unique solution found and verified; verify: the solution is correct; other commands: done. */
  OK: 0,
  /** solve: more than one solution (not unique). */
  NOT_UNIQUE: 1,
  /** solve: no solution (contradictory puzzle); verify: the solution is wrong. */
  NO_SOLUTION: 2,
  /**
   * solve: stopped by the time limit, an interrupt or an engine limit before the verdict was
   * settled, or an enumeration of several solutions cut short by them; generate nonogram: no
   * puzzle made (time limit, interrupt, attempts used up).
   */
  INCOMPLETE: 3,
  /** An input could not be read or is not a valid puzzle or solution file. */
  BAD_INPUT: 4,
  /** Bad command line: unknown command, flag, engine or format. */
  USAGE: 5,
  /** An engine failed or returned a solution that does not verify: a bug, please report it. */
  INTERNAL: 6,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** Thrown by commands to end with a message and a code (no stack trace is printed). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
  }
}
