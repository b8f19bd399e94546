import { recallOptionsSchema } from './schemas.js';
import { parseInput } from './validation.js';

export type ParsedRecallOptions = ReturnType<typeof recallOptionsSchema.parse>;

let defaults: ParsedRecallOptions | undefined;

/**
 * Recall options, validated. Most calls pass none (`{}`): they get a copy of one parse of the
 * defaults, since a schema parse costs as much as a small ranking rule on every request.
 */
export function parseRecallOptions(opts: unknown): ParsedRecallOptions {
  if (opts !== null && typeof opts === 'object' && Object.getPrototypeOf(opts) === Object.prototype && Object.keys(opts).length === 0) {
    defaults ??= parseInput(recallOptionsSchema, {}, 'recall options');
    return { ...defaults };
  }
  return parseInput(recallOptionsSchema, opts, 'recall options');
}
