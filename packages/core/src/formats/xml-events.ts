// A small, strict XML reader for puzzle files: elements, attributes, text, the five named
// entities and character references, comments, CDATA, a prolog and a DOCTYPE (skipped), each
// event with its line. Not a general XML parser (no namespaces, no DTD entities): core stays
// free of dependencies so it loads in a browser as plain ES modules, and the XML parsers on
// npm that know their lines are CommonJS. Malformed input is reported, never guessed at.
// `escapeXml` is the other direction, for every writer of XML in core.

/** Text made safe for XML content and quoted attributes (character references, as SVG output and the XML writer use). */
export const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface XmlHandlers {
  open(name: string, attributes: Readonly<Record<string, string>>, line: number): void;
  text(text: string, line: number): void;
  close(name: string, line: number): void;
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const SPACE = /[ \t\r\n]*/y;
const ATTRIBUTE_VALUE = /"([^"<]*)"|'([^'<]*)'/y;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Reads `text`, calling the handlers in document order; `fail` (which must throw) on the first problem. */
export function readXmlEvents(text: string, on: XmlHandlers, fail: (message: string, line: number) => never): void {
  let at = 0;
  let line = 1;
  /** Move to `to`, counting the lines passed. */
  const advance = (to: number) => {
    for (let i = at; i < to; i++) if (text.charCodeAt(i) === 10) line++;
    at = to;
  };
  const open: { name: string; line: number }[] = [];
  let roots = 0;

  /** The line of `raw[offset]`, where `raw` starts on `first`. */
  const lineIn = (raw: string, first: number, offset: number) => first + (raw.slice(0, offset).match(/\n/g)?.length ?? 0);
  const decode = (raw: string, first: number): string =>
    raw.replace(/&([^;&\s]*);?/g, (whole: string, ref: string, offset: number) => {
      const where = lineIn(raw, first, offset);
      if (!whole.endsWith(';')) fail(`a "&" that starts no entity (write &amp;)`, where);
      const named = ENTITIES[ref];
      if (named !== undefined) return named;
      const code = /^#x[0-9a-fA-F]+$/.test(ref) ? parseInt(ref.slice(2), 16) : /^#\d+$/.test(ref) ? Number(ref.slice(1)) : NaN;
      if (!Number.isInteger(code) || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || (code < 0x20 && code !== 9 && code !== 10 && code !== 13)) fail(`unknown entity ${whole}`, where);
      return String.fromCodePoint(code);
    });
  const skipTo = (end: string, what: string) => {
    const found = text.indexOf(end, at);
    if (found < 0) fail(`${what} is never closed`, line);
    advance(found + end.length);
  };
  const match = (re: RegExp): RegExpExecArray | null => {
    re.lastIndex = at;
    const m = re.exec(text);
    if (m) advance(re.lastIndex);
    return m;
  };

  while (at < text.length) {
    const lt = text.indexOf('<', at);
    const end = lt < 0 ? text.length : lt;
    if (end > at) {
      const raw = text.slice(at, end);
      const startLine = line;
      if (open.length === 0) {
        if (raw.trim() !== '') fail(`text outside the root element: ${JSON.stringify(raw.trim().slice(0, 30))}`, lineIn(raw, startLine, raw.search(/\S/)));
      } else on.text(decode(raw, startLine), startLine);
      advance(end);
      if (lt < 0) break;
    }
    if (text.startsWith('<?', at)) skipTo('?>', 'a <? ... ?> declaration');
    else if (text.startsWith('<!--', at)) skipTo('-->', 'a comment');
    else if (text.startsWith('<![CDATA[', at)) {
      const startLine = line;
      const close = text.indexOf(']]>', at);
      if (close < 0 || open.length === 0) fail(open.length === 0 ? 'CDATA outside the root element' : 'a CDATA section is never closed', startLine);
      on.text(text.slice(at + 9, close), startLine);
      advance(close + 3);
    } else if (text.startsWith('<!DOCTYPE', at)) {
      const bracket = text.indexOf('[', at);
      const gt = text.indexOf('>', at);
      if (bracket >= 0 && gt >= 0 && bracket < gt) {
        advance(bracket);
        skipTo(']', 'the DOCTYPE');
      }
      skipTo('>', 'the DOCTYPE');
    } else if (text.startsWith('</', at)) {
      const startLine = line;
      advance(at + 2);
      const name = match(NAME)?.[0];
      match(SPACE);
      if (name === undefined || text[at] !== '>') fail('a malformed closing tag', startLine);
      advance(at + 1);
      const top = open.pop();
      if (top === undefined) fail(`</${name}> closes nothing`, startLine);
      if (top.name !== name) fail(`</${name}> where <${top.name}> (line ${top.line}) should close first`, startLine);
      on.close(name, startLine);
    } else {
      const startLine = line;
      advance(at + 1);
      const name = match(NAME)?.[0];
      if (name === undefined) fail('a "<" that starts no tag (write &lt;)', startLine);
      const attributes: Record<string, string> = {};
      for (;;) {
        const spaced = match(SPACE)![0].length > 0;
        if (text.startsWith('/>', at) || text[at] === '>') break;
        const key = spaced ? match(NAME)?.[0] : undefined;
        if (key === undefined) fail(`a malformed tag <${name}>`, line);
        match(SPACE);
        if (text[at] !== '=') fail(`attribute ${key} of <${name}> has no value`, line);
        advance(at + 1);
        match(SPACE);
        const value = match(ATTRIBUTE_VALUE);
        if (value === null) fail(`attribute ${key} of <${name}> needs a quoted value`, line);
        if (Object.hasOwn(attributes, key)) fail(`attribute ${key} twice in <${name}>`, line);
        attributes[key] = decode(value[1] ?? value[2] ?? '', line);
      }
      if (open.length === 0 && roots++ > 0) fail(`a second root element <${name}>`, startLine);
      const selfClosing = text[at] === '/';
      advance(at + (selfClosing ? 2 : 1));
      on.open(name, attributes, startLine);
      if (selfClosing) on.close(name, startLine);
      else open.push({ name, line: startLine });
    }
  }
  const unclosed = open.pop();
  if (unclosed !== undefined) fail(`<${unclosed.name}> (line ${unclosed.line}) is never closed`, line);
  if (roots === 0) fail('no element at all', line);
}
