// The part of TOML that puzzle files in nonogrid's format use: `[table]` headers, `key = value`
// where the value is a string (basic "...", literal '...', or their multi-line forms """...""" and
// '''...''') or a list of strings, and `#` comments. Anything else is refused with its line. Core
// takes no dependency for it, so that it still loads in a browser as plain modules.

/** A string value and the line its text starts on (for multi-line strings, the line after the quotes when they end their line). */
export interface TomlString {
  readonly value: string;
  readonly line: number;
}

export type TomlValue = { readonly type: 'string'; readonly string: TomlString } | { readonly type: 'list'; readonly items: readonly TomlString[]; readonly line: number };

/** Tables by name (the top level is ""), each key with its value and the line of the key. */
export type TomlTables = Map<string, Map<string, { value: TomlValue; line: number }>>;

const ESCAPES: Readonly<Record<string, string>> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };

/** Reads TOML's subset; `fail(message, line)` must throw. */
export function readTomlSubset(text: string, fail: (message: string, line: number) => never): TomlTables {
  const tables: TomlTables = new Map([['', new Map()]]);
  let table = tables.get('')!;
  let pos = 0;
  let line = 1;
  const peek = () => text[pos];
  const advance = () => {
    if (text[pos] === '\n') line++;
    pos++;
  };
  /** Spaces and tabs, and with `newlines` also line ends and comments. */
  const skip = (newlines: boolean) => {
    for (;;) {
      const ch = peek();
      if (ch === ' ' || ch === '\t' || ch === '\r') advance();
      else if (newlines && ch === '\n') advance();
      else if (ch === '#') while (pos < text.length && peek() !== '\n') advance();
      else return;
    }
  };
  const endOfLine = () => {
    skip(false);
    if (pos < text.length && peek() !== '\n') fail(`unexpected ${JSON.stringify(peek())} after the value`, line);
  };

  const readString = (): TomlString => {
    const start = line;
    const quote = peek()!;
    const triple = text.startsWith(quote.repeat(3), pos);
    pos += triple ? 3 : 1;
    let textLine = start;
    if (triple && (text.startsWith('\n', pos) || text.startsWith('\r\n', pos))) {
      // A newline right after the opening quotes is not part of the string.
      if (text[pos] === '\r') pos++;
      advance();
      textLine = line;
    }
    let value = '';
    for (;;) {
      if (pos >= text.length) fail(`a string opened on line ${start} is not closed`, start);
      const ch = peek()!;
      if (triple ? text.startsWith(quote.repeat(3), pos) : ch === quote) {
        pos += triple ? 3 : 1;
        return { value, line: textLine };
      }
      if (ch === '\n' && !triple) fail('a string without triple quotes ends at the line end', line);
      if (ch === '\\' && quote === '"') {
        const next = text[pos + 1] ?? '';
        if (ESCAPES[next] !== undefined) {
          value += ESCAPES[next];
          pos += 2;
        } else if (next === 'u' || next === 'U') {
          const digits = text.slice(pos + 2, pos + (next === 'u' ? 6 : 10));
          if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== (next === 'u' ? 4 : 8)) fail(`a bad escape \\${next}${digits}`, line);
          value += String.fromCodePoint(parseInt(digits, 16));
          pos += 2 + digits.length;
        } else if (triple && /^\\[ \t]*\r?\n/.test(text.slice(pos))) {
          // A line-ending backslash joins the next non-blank text.
          pos++;
          while (pos < text.length && /\s/.test(peek()!)) advance();
        } else fail(`an unknown escape \\${next}`, line);
        continue;
      }
      value += ch;
      advance();
    }
  };

  const readValue = (): TomlValue => {
    const ch = peek();
    if (ch === '"' || ch === "'") return { type: 'string', string: readString() };
    if (ch === '[') {
      const start = line;
      advance();
      const items: TomlString[] = [];
      for (;;) {
        skip(true);
        if (peek() === ']') {
          advance();
          return { type: 'list', items, line: start };
        }
        if (peek() !== '"' && peek() !== "'") fail('this reader takes lists of strings only', line);
        items.push(readString());
        skip(true);
        if (peek() === ',') advance();
        else if (peek() !== ']') fail(`expected "," or "]" in the list opened on line ${start}`, line);
      }
    }
    return fail(`this reader takes strings and lists of strings, not ${JSON.stringify(text.slice(pos).split('\n')[0]!.slice(0, 20))}`, line);
  };

  for (;;) {
    skip(true);
    if (pos >= text.length) return tables;
    if (peek() === '[') {
      const m = /^\[\s*([A-Za-z0-9_-]+)\s*\]/.exec(text.slice(pos));
      if (m === null) fail('a table header should read like [clues]', line);
      if (tables.has(m[1]!)) fail(`a second [${m[1]}] table`, line);
      table = new Map();
      tables.set(m[1]!, table);
      pos += m[0].length;
      endOfLine();
      continue;
    }
    const m = /^([A-Za-z0-9_-]+)[ \t]*=[ \t]*/.exec(text.slice(pos));
    if (m === null) fail('expected a [table] or a key = value line', line);
    const keyLine = line;
    if (table.has(m[1]!)) fail(`the key "${m[1]}" is given twice`, line);
    pos += m[0].length;
    table.set(m[1]!, { value: readValue(), line: keyLine });
    endOfLine();
  }
}
