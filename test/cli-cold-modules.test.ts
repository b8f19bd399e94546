/**
 * What a cold `mnemo recall` loads: the bundled binary on a real profile, with a preload that
 * reports, at exit, Node's internal modules and the Intl.Segmenter instances created. Loading
 * node:crypto, node:fs/promises or ICU's sentence rules costs a one-shot recall milliseconds it
 * never needed (README, cold start).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli } from './fixtures/cli/run-cli.js';

const SLOW = 120_000;
const PROBE = `
const Segmenter = Intl.Segmenter;
let segmenters = 0;
Intl.Segmenter = class extends Segmenter { constructor(...a) { super(...a); segmenters++; } };
process.on('exit', () => {
  const modules = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13));
  process.stderr.write('cold-modules ' + JSON.stringify({ modules, segmenters }) + '\\n');
});
`;

let dir: string;
beforeAll(() => { dir = mkdtempSync(path.join(tmpdir(), 'mnemo-cli-cold-modules-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a cold mnemo recall', () => {
  it('answers without loading node:crypto, node:fs/promises or ICU sentence rules (its fold job already queued)', async () => {
    // Ingested and waited for: nothing left queued, so the recall has no job to enqueue (job ids are random).
    const messages = ['The project uses PostgreSQL 16 for storage. It was chosen in May.', 'Always run the linter before deploying. The CI enforces it.'];
    const ingested = await runCli(['ingest', '-', '--session', 's1', '--wait', '--json'], {
      dataDir: dir,
      input: JSON.stringify(messages.map((content) => ({ role: 'user', content }))),
      // The default word vectors, as the recall below uses: the fixture's hashing embedder hashes every text (node:crypto).
      env: { MNEMO_EMBEDDER: 'glove' },
    });
    expect(ingested.code, ingested.stderr).toBe(0);
    // The first recall queues the access log's fold job (a random id: node:crypto); later ones find it queued.
    const first = await runCli(['recall', 'when was it chosen?'], { dataDir: dir, env: { MNEMO_EMBEDDER: 'glove' } });
    expect(first.code, first.stderr).toBe(0);
    const probe = path.join(dir, 'probe.cjs');
    writeFileSync(probe, PROBE);
    const run = spawnSync(process.execPath, ['--require', probe, CLI, 'recall', 'which database does the project use?', '--json', '--data-dir', dir], {
      cwd: ROOT, encoding: 'utf8', env: { ...process.env, MNEMO_LOG: 'off', MNEMO_EMBEDDER: 'glove', MNEMO_DATA_DIR: '', MNEMO_LLM_MODEL: '', MNEMO_LLM_PROVIDER: '', MNEMO_LLM_BASE_URL: '' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).answer).toMatch(/PostgreSQL 16/);
    const report = JSON.parse(/cold-modules (.*)/.exec(run.stderr)![1]) as { modules: string[]; segmenters: number };
    expect(report.modules).toContain('vm'); // the probe sees the binary's own modules
    expect(report.modules.filter((m) => m === 'crypto' || m.startsWith('internal/crypto/') || m === 'fs/promises')).toEqual([]);
    expect(report.segmenters).toBe(0);
  }, SLOW);
});
