/**
 * The CLI under hostile use: seeded fuzzed arguments (documented exit codes, no stack trace, no
 * hang), a reader that closes the pipe early (`mnemo list --json | head`), and a message longer
 * than the content limit ingested from a file.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzCli, prepareCliCampaign } from '../bench/reliability/lib/cli-fuzz.js';
import { openMemory } from '../src/index.js';
import { LIMITS } from '../src/limits.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const run = promisify(execFile);
const env = { ...process.env, MNEMO_EMBEDDER: 'hashing' };

describe('CLI reliability', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-cli-rel-'));

  beforeAll(async () => {
    const mnemo = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false } });
    const p = mnemo.profile('big');
    for (let i = 0; i < 400; i++) await p.remember({ content: `Service ${i} runs on host ${i % 17} and is owned by team ${i % 9}; it is deployed from the main branch.` });
    await mnemo.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ends quietly when the reader closes the pipe (list --json | head)', () => {
    for (const args of ['list --json --limit 400', 'export']) {
      const r = spawnSync('bash', ['-c', `set -o pipefail; node "${CLI}" ${args} --profile big --data-dir "${dir}" | head -c 20 >/dev/null`], { env, encoding: 'utf8' });
      expect(r.stderr).not.toMatch(/EPIPE|Unhandled|\n\s+at /);
      expect(r.status).toBe(0);
    }
  });

  it('ingests a message longer than the content limit as parts and says so', async () => {
    const long = Array.from({ length: 3_000 }, (_, i) => `log line ${i}: request served in ${i % 90} ms`).join('\n');
    expect(long.length).toBeGreaterThan(LIMITS.maxContentChars * 2);
    const file = path.join(dir, 'paste.jsonl');
    writeFileSync(file, [{ role: 'user', content: 'here is the log' }, { role: 'user', content: long }, { role: 'assistant', content: 'thanks' }].map((m) => JSON.stringify(m)).join('\n'));
    const r = await run(process.execPath, [CLI, 'ingest', file, '--profile', 'paste', '--data-dir', dir, '--json'], { env });
    const out = JSON.parse(r.stdout) as { messages: number; inserted: number; split?: number };
    expect(out.split).toBe(1);
    expect(out.inserted).toBe(2 + Math.ceil(long.length / LIMITS.maxContentChars));
  });

  it('fuzzed arguments: documented exit codes, no stack trace, no hang', async () => {
    const t = await fuzzCli(CLI, prepareCliCampaign(path.join(dir, 'fuzz')), { runs: 6, seed: 2026, concurrency: 3, timeoutMs: 60_000 });
    expect(t.cases).toBeGreaterThanOrEqual(18);
    expect(t.failures.map((f) => `${f.problem} <- ${f.request}`)).toEqual([]);
  });
});
