/**
 * Command-line options of the benches in `bench/`: `--help` prints the usage; an unknown option,
 * a missing value or a bad number is one line naming it, then the usage, and exit code 2 (not a
 * stack trace, and not a run that measures NaN queries).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { parseSizes } from './perf/sizes.js';

type Options = NonNullable<ParseArgsConfig['options']>;

export class BenchArgsError extends Error {}

export interface ParsedBenchArgs<O extends Options> {
  values: ReturnType<typeof parseArgs<{ options: O }>>['values'];
  /** `--name`'s value as a whole number of at least `min` (its default applies when it is absent). */
  whole(name: keyof O & string, min?: number): number;
  /** `--name`'s value as a number (a price, a share) of at least `min`. */
  number(name: keyof O & string, min?: number): number;
  /** `--name`'s profile sizes ("10k,100k,1m"). */
  sizes(name: keyof O & string): number[];
  /** `--name`'s comma-separated values, each one of `allowed`. */
  choices<T extends string>(name: keyof O & string, allowed: readonly T[]): T[];
  /** `--name`'s value, one of `allowed`. */
  choice<T extends string>(name: keyof O & string, allowed: readonly T[]): T;
  fail(message: string): never;
}

/** Parses without side effects: bad input throws a BenchArgsError; `--help` returns null. */
export function parseBenchArgs<O extends Options>(options: O, argv: string[]): ParsedBenchArgs<O> | null {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true }));
  } catch (err) {
    throw new BenchArgsError((err as Error).message.replace(/\. To specify a positional argument.*$/s, '').replace(/\s*\n\s*/g, ' '));
  }
  if (values.help) return null;
  const fail = (message: string): never => {
    throw new BenchArgsError(message);
  };
  const raw = (name: string) => String(values[name]);
  const number = (name: string, min = -Infinity) => {
    const n = Number(raw(name));
    if (raw(name).trim() === '' || !Number.isFinite(n) || n < min) fail(`--${name} must be a number${min > -Infinity ? ` of at least ${min}` : ''}; got ${JSON.stringify(raw(name))}`);
    return n;
  };
  const whole = (name: string, min = 0) => {
    const n = Number(raw(name));
    if (!/^\s*-?\d+\s*$/.test(raw(name)) || n < min) fail(`--${name} must be a whole number${min > -Infinity ? ` of at least ${min}` : ''}; got ${JSON.stringify(raw(name))}`);
    return n;
  };
  const sizes = (name: string) => {
    try {
      return parseSizes(raw(name));
    } catch (err) {
      return fail(`--${name}: ${(err as Error).message}`);
    }
  };
  const choices = <T extends string>(name: string, allowed: readonly T[]): T[] => {
    const wrong = raw(name).split(',').filter((v) => !allowed.includes(v as T));
    if (wrong.length) fail(`--${name} takes ${allowed.join(', ')}; got ${wrong.map((v) => JSON.stringify(v)).join(', ')}`);
    return raw(name).split(',') as T[];
  };
  const choice = <T extends string>(name: string, allowed: readonly T[]): T => {
    if (!allowed.includes(raw(name) as T)) fail(`--${name} takes one of ${allowed.join(', ')}; got ${JSON.stringify(raw(name))}`);
    return raw(name) as T;
  };
  return { values: values as ParsedBenchArgs<O>['values'], whole, number, sizes, choices, choice, fail };
}

/**
 * `parseBenchArgs` for a bench's main module: prints the usage and exits 0 on `--help`, and
 * reports bad input (then, or later through `fail`, `whole`, `number`) as `bench: message` and exit 2.
 */
export function benchArgs<O extends Options>(bench: string, usage: string, options: O, argv = process.argv.slice(2)): ParsedBenchArgs<O> {
  const exitWith = (err: unknown): never => {
    if (!(err instanceof BenchArgsError)) throw err;
    process.stderr.write(`${bench}: ${err.message}\nusage: ${usage.trim()}\n`);
    process.exit(2);
  };
  let parsed: ParsedBenchArgs<O> | null = null;
  try {
    parsed = parseBenchArgs(options, argv);
  } catch (err) {
    exitWith(err);
  }
  if (!parsed) {
    process.stdout.write(`usage: ${usage.trim()}\n`);
    process.exit(0);
  }
  const guard = <A extends unknown[], R>(fn: (...a: A) => R) => (...a: A): R => {
    try {
      return fn(...a);
    } catch (err) {
      return exitWith(err);
    }
  };
  return { values: parsed.values, whole: guard(parsed.whole), number: guard(parsed.number), sizes: guard(parsed.sizes), choices: guard(parsed.choices), choice: guard(parsed.choice), fail: guard(parsed.fail) };
}

/** `--name`'s JSON value (a tuning object), or a one-line error naming the option. */
export function jsonArg<T>(args: Pick<ParsedBenchArgs<Options>, 'fail'>, name: string, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    return args.fail(`--${name} is not valid JSON: ${(err as Error).message}`);
  }
}
