// Suite files: the puzzles of a named benchmark, one path, folder or glob a line, `#` comments
// and blank lines ignored. Read by the CLI's `--suite`, so CI recipes need no shell expansion.
import { readFileSync } from 'node:fs';
import { CorpusError } from './corpus.js';

/** The entries of a suite file, each as written (relative to the working directory). */
export function readSuite(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CorpusError(`${file}: cannot read the suite file: ${(err as { code?: string }).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  const entries = text
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter((line) => line.length > 0);
  if (entries.length === 0) throw new CorpusError(`${file}: the suite names no puzzles`);
  return entries;
}
