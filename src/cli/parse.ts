/** Option value parsers for commander: bad values become usage errors (exit 2). */
import { InvalidArgumentError } from 'commander';
import { MEMORY_STATUSES, MEMORY_TYPES } from '../types.js';

export function intOption(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`must be an integer from ${min} to ${max}.`);
    return n;
  };
}

function oneOf<T extends string>(allowed: readonly T[]) {
  return (value: string): T[] => {
    const items = value.split(',').map((s) => s.trim()).filter(Boolean);
    const bad = items.filter((i) => !(allowed as readonly string[]).includes(i));
    if (bad.length || !items.length) throw new InvalidArgumentError(`use one or more of ${allowed.join(', ')} (comma-separated).`);
    return items as T[];
  };
}

export const typesOption = oneOf(MEMORY_TYPES);
export const statusesOption = oneOf(MEMORY_STATUSES);

export function choice<T extends string>(allowed: readonly T[]) {
  return (value: string): T => {
    if (!(allowed as readonly string[]).includes(value)) throw new InvalidArgumentError(`use one of ${allowed.join(', ')}.`);
    return value as T;
  };
}

export function dateOption(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw new InvalidArgumentError('must be a date such as 2026-04-15 or 2026-04-15T09:00:00Z.');
  return d.toISOString();
}
