/**
 * The benches' command lines: bad input is one line naming the option and exit code 2, never a
 * stack trace or a run that measures NaN; `--help` prints the usage.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BenchArgsError, parseBenchArgs } from '../src/bench/bench-args.js';

const OPTIONS = {
  runs: { type: 'string', default: '5' },
  share: { type: 'string', default: '0.5' },
  keep: { type: 'string' },
  quiet: { type: 'boolean', default: false },
} as const;

const parse = (...argv: string[]) => parseBenchArgs(OPTIONS, argv);

describe('bench arguments', () => {
  it('reads options, their defaults, whole numbers and numbers', () => {
    const args = parse('--runs', '7', '--keep', '/tmp/x', '--quiet')!;
    expect(args.values.keep).toBe('/tmp/x');
    expect(args.values.quiet).toBe(true);
    expect(args.whole('runs', 1)).toBe(7);
    expect(args.number('share', 0)).toBe(0.5);
    const listed = parse('--keep', 'a,c', '--runs', '10k,1m')!;
    expect(listed.choices('keep', ['a', 'b', 'c'])).toEqual(['a', 'c']);
    expect(listed.sizes('runs')).toEqual([10_000, 1_000_000]);
  });

  it('answers --help with null (the caller prints the usage)', () => {
    expect(parse('--help')).toBeNull();
    expect(parse('-h')).toBeNull();
  });

  it('names the option in one line for each kind of bad input', () => {
    const error = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        expect(err).toBeInstanceOf(BenchArgsError);
        expect((err as Error).message).not.toContain('\n');
        return (err as Error).message;
      }
      throw new Error('expected an error');
    };
    expect(error(() => parse('--frobnicate'))).toMatch(/Unknown option '--frobnicate'/);
    expect(error(() => parse('--keep'))).toMatch(/--keep/);
    expect(error(() => parse('--runs', '-3'))).toMatch(/--runs/);
    expect(error(() => parse('stray'))).toMatch(/stray/);
    expect(error(() => parse('--runs', 'ten')!.whole('runs', 1))).toBe('--runs must be a whole number of at least 1; got "ten"');
    expect(error(() => parse('--runs', '2.5')!.whole('runs', 1))).toMatch(/whole number/);
    expect(error(() => parse('--runs', '0')!.whole('runs', 1))).toMatch(/at least 1/);
    expect(error(() => parse('--share', '')!.number('share', 0))).toMatch(/--share must be a number/);
    expect(error(() => parse('--share=-1')!.number('share', 0))).toMatch(/at least 0/);
    expect(error(() => parse('--keep', 'a,b')!.choices('keep', ['a', 'c']))).toBe('--keep takes a, c; got "b"');
    expect(error(() => parse('--keep', 'b')!.choice('keep', ['a', 'c']))).toBe('--keep takes one of a, c; got "b"');
    expect(error(() => parse('--keep', '10q')!.sizes('keep'))).toMatch(/^--keep: bad size "10q"/);
    expect(error(() => parse('--runs', 'x')!.whole('runs', -Infinity))).toBe('--runs must be a whole number; got "x"');
  });

  it('ends a bench run with exit code 2 and one line, not a stack trace', () => {
    const run = (...argv: string[]) => spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', 'perf.ts'), ...argv], { encoding: 'utf8', timeout: 60_000 });
    for (const [argv, message] of [[['--sizes', '10q'], '--sizes: bad size "10q"'], [['--queries', 'abc'], '--queries must be a whole number'], [['--no-such'], "Unknown option '--no-such'"]] as const) {
      const r = run(...argv);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr.split('\n')[0]).toContain(`bench/perf: ${message}`);
      expect(r.stderr).toContain('usage: npx tsx bench/perf.ts');
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe('');
    }
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: npx tsx bench\/perf\.ts/);
  }, 120_000);
  it('the reliability campaign refuses an unknown part or a zero-second soak before it starts anything', () => {
    const run = (...argv: string[]) => spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', 'reliability.ts'), ...argv], { encoding: 'utf8', timeout: 60_000 });
    for (const [argv, message] of [[['--parts', 'soak,bogus'], '--parts takes fuzz, faults, soak, secrets, isolation; got "bogus"'], [['--soak-seconds', '0'], '--soak-seconds must be a whole number of at least 1; got "0"']] as const) {
      const r = run(...argv);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(`bench/reliability: ${message}`);
      expect(r.stdout).toBe('');
    }
    expect(run('--help').stdout).toMatch(/^usage: npx tsx bench\/reliability\.ts/);
  }, 120_000);
});
