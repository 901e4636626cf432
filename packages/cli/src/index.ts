export { runCli } from './program.js';
export { ExitCode } from './exit-codes.js';
export { SOLVE_JSON_SCHEMA } from './output.js';
