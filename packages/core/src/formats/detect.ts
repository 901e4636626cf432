// Which format a file is in: from its extension when that decides it (.non, .nin, .json, .xml, .g, .toml),
// otherwise (.txt, another extension, no name, stdin) from its first lines.
import { fail } from './errors.js';
import { isBlank, splitLines } from './text.js';

export type FormatName = 'non' | 'nin' | 'pattern' | 'taai' | 'signpost' | 'json' | 'xml' | 'olsak' | 'toml';

export const FORMAT_NAMES: readonly FormatName[] = ['non', 'nin', 'pattern', 'taai', 'signpost', 'json', 'xml', 'olsak', 'toml'];

const BY_EXTENSION: Readonly<Record<string, FormatName>> = { non: 'non', nin: 'nin', json: 'json', xml: 'xml', g: 'olsak', toml: 'toml' };

/** How many lines to look at when guessing from content. */
const LOOK_AHEAD = 50;

function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** The format of a file from its content alone, or undefined. */
function fromContent(lines: readonly string[]): FormatName | undefined {
  const first = lines.find((l) => !isBlank(l))?.trim() ?? '';
  if (lines.slice(0, LOOK_AHEAD).some((l) => /^\s*\[\s*(clues|colors)\s*\]\s*(#.*)?$/.test(l))) return 'toml';
  if (first.startsWith('{') || first.startsWith('[')) return 'json';
  if (first.startsWith('<')) return 'xml';
  if (first.startsWith('$')) return 'taai';
  const id = /^\d+(?:x\d+)?[a-z]*:([^,]*)/.exec(first);
  if (id) return id[1]!.includes('/') ? 'pattern' : 'signpost';
  if (/^\d+\s+\d+$/.test(first)) return 'nin';
  if (lines.slice(0, LOOK_AHEAD).some((l) => /^:\s*rows\b/i.test(l) || /^#[dD]\s*$/.test(l))) return 'olsak';
  if (lines.slice(0, LOOK_AHEAD).some((l) => /^\s*(width|height|rows|columns)(\s|$)/i.test(l))) return 'non';
  return undefined;
}

/**
 * The format of `text`. A `.non`, `.nin`, `.json` or `.xml` name decides; anything else (`.txt`
 * for TAAI sets or Tatham IDs, no name) is told by content. Throws PuzzleFormatError
 * `empty-input` or `unknown-format`.
 */
export function detectFormat(text: string, fileName?: string): FormatName {
  const file = fileName ?? '<input>';
  const byName = fileName === undefined ? undefined : BY_EXTENSION[extensionOf(fileName)];
  if (byName !== undefined) return byName;
  const lines = splitLines(text.length > 1_000_000 ? text.slice(0, 1_000_000) : text);
  if (lines.every(isBlank)) fail('empty-input', 'the input is empty', { file });
  const format = fromContent(lines);
  if (format === undefined) {
    fail(
      'unknown-format',
      'cannot tell the puzzle format: expected .non key lines, a .nin "WIDTH HEIGHT" header, a TAAI "$1" block, ' +
        `a Tatham Pattern or Signpost ID ("WxH:..."), an Olšák ": rows" line, a TOML [clues] table, XML or JSON; name the format or use a known extension (${FORMAT_NAMES.join(', ')})`,
      { file },
    );
  }
  return format;
}
