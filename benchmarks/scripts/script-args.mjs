// Flags for the scripts under benchmarks/: node:util's parseArgs, plus what a user of a
// command expects: --help prints the script's header comment (its usage), and a bad flag is
// one line and exit code 5 instead of a stack trace.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The comment block at the top of a script, without the shebang and the `// ` prefixes. */
export function headerComment(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const start = lines[0]?.startsWith('#!') ? 1 : 0;
  const header = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith('//')) break;
    header.push(line.replace(/^\/\/ ?/, ''));
  }
  return header.join('\n');
}

/** A flag or value the script at `scriptUrl` cannot use: one line naming the script, exit code 5. */
export function usageError(scriptUrl, message) {
  console.error(`${basename(fileURLToPath(scriptUrl))}: ${message}`);
  process.exit(5);
}

/** parseArgs for the script at `scriptUrl` (its import.meta.url), with --help and one-line errors. */
export function parseScriptArgs(scriptUrl, config) {
  const file = fileURLToPath(scriptUrl);
  let parsed;
  try {
    parsed = parseArgs({ ...config, options: { ...config.options, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    usageError(scriptUrl, `${String(error.message).split('. ')[0]} (--help lists the flags)`);
  }
  if (parsed.values.help) {
    console.log(headerComment(file));
    process.exit(0);
  }
  return parsed;
}
