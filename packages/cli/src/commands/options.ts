// What the race commands share: argument parsers (in parsers.ts, re-exported) and the
// puzzles named by -p and --suite.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PuzzleKind } from '@gridrace/core';
import { CorpusError, DEFAULT_CORPUS, loadCorpus, readSuite, type LoadedCorpus } from '@gridrace/race';
import { parseQueueUrl, QueueError, type QueueAddress } from '@gridrace/queue/address';
import { CliError, ExitCode } from '../exit-codes.js';

export { list, many, positive, nonNegative, wholeNumber, percent } from './parsers.js';

/** A module to load: a path (made absolute, as a file URL) or a package name. */
export function moduleSpecifier(spec: string): string {
  if (spec.startsWith('.') || spec.startsWith('/') || /\.[cm]?js$/.test(spec)) return pathToFileURL(resolve(spec)).href;
  return spec;
}

/** `--queue URL` (race and worker): a bad URL is one line with exit code 5. */
export function queueAddress(text: string): QueueAddress {
  try {
    return parseQueueUrl(text);
  } catch (err) {
    if (err instanceof QueueError) throw new CliError(err.message, ExitCode.USAGE);
    throw err;
  }
}

/**
 * The puzzles of `-p` and `--suite` (the repository's puzzles/ when neither is given), and what
 * was given; bad or missing files are one-line errors with exit code 4.
 */
export function raceCorpus(flags: { puzzles?: string[]; suite?: string; kind?: PuzzleKind }): { corpus: LoadedCorpus; given: string[] } {
  try {
    const given = [...(flags.puzzles ?? []), ...(flags.suite !== undefined ? readSuite(flags.suite) : [])];
    const sources = given.length > 0 ? given : [DEFAULT_CORPUS];
    // The default and the presets are the repository's puzzles/: an install from the packed
    // packages has none of it, and a path into node_modules would say nothing useful.
    if (sources.some((s) => s.startsWith(DEFAULT_CORPUS)) && !existsSync(DEFAULT_CORPUS)) {
      throw new CliError("the default puzzles are the repository's puzzles/, which an installed gridrace does not hold: name puzzles with -p (a file, folder or glob) or --suite", ExitCode.BAD_INPUT);
    }
    const corpus = loadCorpus(sources, flags.kind ? { kind: flags.kind } : {});
    if (corpus.puzzles.length === 0) throw new CliError(`no ${flags.kind ?? ''} puzzles found in ${sources.join(', ')}`.replace('  ', ' '), ExitCode.BAD_INPUT);
    return { corpus, given };
  } catch (err) {
    if (err instanceof CorpusError || (err as { name?: string }).name === 'PuzzleFormatError') throw new CliError((err as Error).message, ExitCode.BAD_INPUT);
    throw err;
  }
}
