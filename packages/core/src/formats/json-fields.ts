// The field readers gridrace's JSON readers share: each failure names the field's line.
import type { PuzzleMeta } from '../model/nonogram.js';
import { fail, type SourceRef } from './errors.js';
import { showNode, type JsonNode } from './json-syntax.js';
import { checkSide } from './text.js';

export const JSON_VERSION = 1;

export type ObjectNode = Extract<JsonNode, { type: 'object' }>;
export type ArrayNode = Extract<JsonNode, { type: 'array' }>;

export const META_FIELDS: readonly (readonly [key: string, field: keyof PuzzleMeta])[] = [
  ['name', 'title'],
  ['author', 'author'],
  ['copyright', 'copyright'],
  ['license', 'license'],
  ['catalogue', 'catalogue'],
  ['source', 'source'],
];

/** Reads the fields of one JSON object, failing with the field's line. */
export class Fields {
  constructor(
    readonly node: ObjectNode,
    readonly source: SourceRef,
  ) {}

  get(key: string): JsonNode | undefined {
    return this.node.entries.get(key);
  }

  lineOf(key: string): number {
    return this.node.keyLines.get(key) ?? this.node.line;
  }

  required(key: string): JsonNode {
    const node = this.get(key);
    if (node === undefined) fail('bad-field', `the puzzle has no "${key}" field`, this.source, this.node.line);
    return node;
  }

  array(key: string): ArrayNode {
    const node = this.required(key);
    if (node.type !== 'array') fail('bad-field', `"${key}" should be a list, found ${showNode(node)}`, this.source, node.line);
    return node;
  }

  side(key: 'width' | 'height'): number {
    const node = this.required(key);
    if (node.type !== 'number' || !Number.isInteger(node.value)) {
      fail('bad-field', `"${key}" should be a whole number, found ${showNode(node)}`, this.source, node.line);
    }
    checkSide(node.value, key, this.source, node.line);
    return node.value;
  }
}

export function asObject(node: JsonNode, what: string, source: SourceRef): ObjectNode {
  if (node.type !== 'object') fail('bad-field', `${what} should be an object {...}, found ${showNode(node)}`, source, node.line);
  return node;
}

export function checkVersion(node: ObjectNode, source: SourceRef): void {
  const version = node.entries.get('gridrace');
  if (version !== undefined && !(version.type === 'number' && version.value === JSON_VERSION)) {
    fail('unsupported-version', `"gridrace" is ${showNode(version)}; this reader knows version ${JSON_VERSION} only`, source, version.line);
  }
}

export function readMeta(fields: Fields): PuzzleMeta {
  const meta: PuzzleMeta = {};
  for (const [key, field] of [...META_FIELDS, ['title', 'title'] as const]) {
    const node = fields.get(key);
    if (node === undefined || meta[field] !== undefined) continue;
    if (node.type !== 'string') fail('bad-field', `"${key}" should be a string, found ${showNode(node)}`, fields.source, node.line);
    meta[field] = node.value;
  }
  return meta;
}
