// Argument parsers every command may share (commander calls them with each value). Apart
// from options.ts, which also loads the race's corpus reader: `solve` must not pay for it.
import { InvalidArgumentError } from 'commander';

export const list = (value: string, previous: string[] = []) => [...previous, ...value.split(',').map((s) => s.trim()).filter(Boolean)];
export const many = (value: string, previous: string[] = []) => [...previous, value];

export function positive(what: string) {
  return (value: string) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`expected a positive number (${what})`);
    return n;
  };
}

export function nonNegative(what: string) {
  return (value: string) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError(`expected a number of 0 or more (${what})`);
    return n;
  };
}

export function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('expected a positive whole number');
  return Number(value);
}

export function percent(value: string): number {
  const n = Number(value.replace(/%$/, ''));
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected a percentage, e.g. 10');
  return n;
}
