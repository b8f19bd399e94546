import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBenchCli } from '../src/bench/cli.js';
import type { BenchResult } from '../src/bench/result.js';

const dir = mkdtempSync(join(tmpdir(), 'bench-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bench CLI', () => {
  it('runs mnemo (fresh temp profile) and the baselines on a slice, writes JSON, compares two runs', async () => {
    const out = join(dir, 'a.json');
    const report = await runBenchCli('locomo', ['--conversations', 'conv-30', '--limit-questions', '12', '--embedder', 'hashing', '--no-progress', '--out', out]);
    expect(report).toMatch(/^## LoCoMo: evidence recall@k over \d+ questions/);
    expect(report).toContain('| mnemo / BM25 |');
    const result = JSON.parse(readFileSync(out, 'utf8')) as BenchResult;
    expect(result.conversations).toEqual(['conv-30']);
    expect(result.systems.map((s) => s.name)).toEqual(['mnemo', 'BM25', 'vector', 'hybrid 0.7v+0.3t', 'Orama']);
    const mnemo = result.systems[0];
    expect(mnemo.questions.filter((q) => q.scored).every((q) => q.ranked.length > 0)).toBe(true);

    const cmp = await runBenchCli('locomo', ['--compare', out, out]);
    expect(cmp).toContain('### mnemo');
    expect(cmp).toContain('| R@5 |');
  });

  it('rejects bad arguments', async () => {
    await expect(runBenchCli('beam', ['--limit-questions', 'x'])).rejects.toThrow(/positive integer/);
    await expect(runBenchCli('beam', ['--baselines', 'bm99', '--no-mnemo'])).rejects.toThrow(/unknown baseline/);
    await expect(runBenchCli('beam', ['--compare', 'only-one.json'])).rejects.toThrow(/two result files/);
  });
});
