// A small strict JSON parser (RFC 8259) that remembers the line of every value, so the
// JSON reader can say `gchq.json:14: row 3 clue [1, "x"] has a malformed number "x"`.
// Syntax errors are `bad-json` with the line of the offending character.
import { fail, type SourceRef } from './errors.js';

export type JsonNode =
  | { readonly type: 'object'; readonly line: number; readonly entries: ReadonlyMap<string, JsonNode>; readonly keyLines: ReadonlyMap<string, number> }
  | { readonly type: 'array'; readonly line: number; readonly items: readonly JsonNode[] }
  | { readonly type: 'string'; readonly line: number; readonly value: string }
  | { readonly type: 'number'; readonly line: number; readonly value: number; readonly raw: string }
  | { readonly type: 'boolean'; readonly line: number; readonly value: boolean }
  | { readonly type: 'null'; readonly line: number };

const MAX_DEPTH = 64;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class Parser {
  pos = 0;
  line = 1;
  constructor(
    readonly text: string,
    readonly source: SourceRef,
  ) {}

  error(detail: string): never {
    fail('bad-json', `bad JSON: ${detail}`, this.source, this.line);
  }

  describeHere(): string {
    if (this.pos >= this.text.length) return 'the end of the input';
    return JSON.stringify(this.text.slice(this.pos, this.pos + 12));
  }

  skipSpace(): void {
    const t = this.text;
    for (;;) {
      const ch = t[this.pos];
      if (ch === ' ' || ch === '\t') this.pos++;
      else if (ch === '\n') {
        this.pos++;
        this.line++;
      } else if (ch === '\r') {
        this.pos++;
        if (t[this.pos] === '\n') this.pos++;
        this.line++;
      } else return;
    }
  }

  value(depth: number): JsonNode {
    if (depth > MAX_DEPTH) this.error(`arrays and objects nest more than ${MAX_DEPTH} deep`);
    this.skipSpace();
    const line = this.line;
    const ch = this.text[this.pos];
    if (ch === '{') return this.object(depth);
    if (ch === '[') return this.array(depth);
    if (ch === '"') return { type: 'string', line, value: this.string() };
    for (const [word, node] of [
      ['true', { type: 'boolean', line, value: true }],
      ['false', { type: 'boolean', line, value: false }],
      ['null', { type: 'null', line }],
    ] as const) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return node;
      }
    }
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.text);
    if (m) {
      this.pos += m[0].length;
      // `-0` reads as 0: a cell at column -0 is column 0, and is written back as 0.
      const value = Number(m[0]);
      return { type: 'number', line, value: value === 0 ? 0 : value, raw: m[0] };
    }
    this.error(`expected a value, found ${this.describeHere()}`);
  }

  object(depth: number): JsonNode {
    const line = this.line;
    this.pos++; // {
    const entries = new Map<string, JsonNode>();
    const keyLines = new Map<string, number>();
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return { type: 'object', line, entries, keyLines };
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"') this.error(`expected a "quoted" key, found ${this.describeHere()}`);
      const keyLine = this.line;
      const key = this.string();
      const first = keyLines.get(key);
      if (first !== undefined) this.error(`the key "${key}" appears twice (first on line ${first})`);
      this.skipSpace();
      if (this.text[this.pos] !== ':') this.error(`expected ":" after the key "${key}", found ${this.describeHere()}`);
      this.pos++;
      entries.set(key, this.value(depth + 1));
      keyLines.set(key, keyLine);
      this.skipSpace();
      const next = this.text[this.pos];
      this.pos++;
      if (next === '}') return { type: 'object', line, entries, keyLines };
      if (next !== ',') {
        this.pos--;
        this.error(`expected "," or "}" after the value of "${key}", found ${this.describeHere()}`);
      }
    }
  }

  array(depth: number): JsonNode {
    const line = this.line;
    this.pos++; // [
    const items: JsonNode[] = [];
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return { type: 'array', line, items };
    }
    for (;;) {
      items.push(this.value(depth + 1));
      this.skipSpace();
      const next = this.text[this.pos];
      this.pos++;
      if (next === ']') return { type: 'array', line, items };
      if (next !== ',') {
        this.pos--;
        this.error(`expected "," or "]" in a list, found ${this.describeHere()}`);
      }
    }
  }

  string(): string {
    const t = this.text;
    this.pos++; // opening quote
    let out = '';
    let runStart = this.pos;
    for (;;) {
      const ch = t[this.pos];
      if (ch === undefined) this.error('a string is not closed before the end of the input');
      if (ch === '"') {
        out += t.slice(runStart, this.pos);
        this.pos++;
        return out;
      }
      if (ch < ' ') this.error('a string holds a raw control character (a line break?); write it as an escape such as \\n');
      if (ch === '\\') {
        out += t.slice(runStart, this.pos);
        const e = t[this.pos + 1];
        if (e === 'u') {
          const hex = t.slice(this.pos + 2, this.pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.error(`bad escape "\\u${hex}" in a string`);
          out += String.fromCharCode(parseInt(hex, 16));
          this.pos += 6;
        } else if (e !== undefined && e in ESCAPES) {
          out += ESCAPES[e];
          this.pos += 2;
        } else {
          this.error(`bad escape "\\${e ?? ''}" in a string`);
        }
        runStart = this.pos;
        continue;
      }
      this.pos++;
    }
  }
}

/** Parse JSON text (a BOM already removed), keeping line numbers. */
export function parseJson(text: string, source: SourceRef): JsonNode {
  const parser = new Parser(text, source);
  const node = parser.value(0);
  parser.skipSpace();
  if (parser.pos < text.length) parser.error(`unexpected ${parser.describeHere()} after the end of the JSON value`);
  return node;
}

/** Compact JSON-ish text of a node for messages, cut short when long. */
export function showNode(node: JsonNode, max = 60): string {
  const text = render(node);
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

function render(node: JsonNode): string {
  switch (node.type) {
    case 'object':
      return `{${[...node.entries].map(([k, v]) => `${JSON.stringify(k)}: ${render(v)}`).join(', ')}}`;
    case 'array':
      return `[${node.items.map(render).join(', ')}]`;
    case 'string':
      return JSON.stringify(node.value);
    case 'number':
      return node.raw;
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
  }
}
