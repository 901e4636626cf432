// What Simon Tatham's game IDs share: `PARAMS:DESCRIPTION`, where PARAMS starts with the
// size, `WxH` or just `W` for a square. A file may hold several IDs, one per line.
import { fail, type SourceRef } from './errors.js';
import { isBlank, parseSide, quote, splitLines } from './text.js';

export interface GameId {
  readonly width: number;
  readonly height: number;
  readonly desc: string;
  readonly line: number;
}

/** Every non-blank line is one game ID; `flags` matches the parameter letters a game allows after the size. */
export function readGameIds(text: string, game: string, flags: RegExp, source: SourceRef): GameId[] {
  const ids: GameId[] = [];
  splitLines(text).forEach((raw, index) => {
    if (isBlank(raw)) return;
    const line = index + 1;
    const id = raw.trim();
    const colon = id.indexOf(':');
    const params = colon < 0 ? '' : id.slice(0, colon);
    const m = /^([+-]?\d+)(?:x([+-]?\d+))?([a-z]*)$/.exec(params);
    if (colon < 0 || !m) {
      fail('bad-header', `a ${game} game ID starts with its size, "WIDTHxHEIGHT:", found ${quote(id, 30)}`, source, line);
    }
    if (!flags.test(m[3]!)) fail('bad-header', `${game} IDs take no parameter ${quote(m[3]!)} after the size`, source, line);
    const width = parseSide(m[1]!, 'width', source, line);
    const height = m[2] === undefined ? width : parseSide(m[2], 'height', source, line);
    ids.push({ width, height, desc: id.slice(colon + 1), line });
  });
  return ids;
}
