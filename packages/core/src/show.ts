/** A value as input-check messages show it: strings quoted, objects by what they are. */
export function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'object' && value !== null) return 'an object';
  return String(value);
}

/** Wrong type: TypeError; a number of the right type but out of range: RangeError. */
export function badNumber(value: unknown, message: string): never {
  throw typeof value === 'number' ? new RangeError(message) : new TypeError(message);
}

/** A plain object (not null, not a list): what the input checks take a puzzle or options to be. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
