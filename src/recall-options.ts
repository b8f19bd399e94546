import { recallOptionsSchema } from './schemas.js';
import { parseInput } from './validation.js';

export type ParsedRecallOptions = ReturnType<typeof recallOptionsSchema.parse>;

let defaults: ParsedRecallOptions | undefined;

/**
 * Recall options, validated. Most calls pass none (`{}`), or the defaults a parse already filled
 * in (an HTTP body parsed by its route, options a recall thread received from the server): they get
 * a copy of one parse of the defaults, since a schema parse costs as much as a small ranking rule,
 * and a threaded HTTP recall would otherwise parse the same options three times.
 */
export function parseRecallOptions(opts: unknown): ParsedRecallOptions {
  defaults ??= parseInput(recallOptionsSchema, {}, 'recall options');
  if (isDefaults(opts, defaults)) return { ...defaults };
  return parseInput(recallOptionsSchema, opts, 'recall options');
}

/** A plain object whose every own key (enumerable or not: the schema reads them all) is a defaulted option at its default (so `{}` too). */
function isDefaults(opts: unknown, parsed: ParsedRecallOptions): boolean {
  if (opts === null || typeof opts !== 'object' || Object.getPrototypeOf(opts) !== Object.prototype) return false;
  const given = opts as Record<string, unknown>, base = parsed as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(given)) {
    if (!Object.hasOwn(base, key) || given[key] !== base[key]) return false;
  }
  return true;
}
