/**
 * A short seeded slice of the fuzzing campaign (`npm run bench:reliability` runs ≥ 10K cases):
 * every REST route, every MCP tool and the raw MCP wire, and the JSON, Markdown and OpenClaw
 * importers (the CLI's arguments: reliability-cli.test.ts). No 500, no hang, no crash, errors
 * in the documented shape, the server still answering and the data written before intact.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzHttp, fuzzHttpExtremes, type FuzzTally } from '../bench/reliability/lib/http-fuzz.js';
import { fuzzImports } from '../bench/reliability/lib/import-fuzz.js';
import { seedKeep, snapshot } from '../bench/reliability/lib/keep-profile.js';
import { fuzzMcpTools, fuzzMcpWire } from '../bench/reliability/lib/mcp-fuzz.js';
import { startFixture, type Fixture } from './support/http-fixture.js';

const SEED = 2026;
const problems = (t: FuzzTally) => t.failures.map((f) => `${f.problem} <- ${f.request}`);

describe('fuzzing (seeded slice)', () => {
  let f: Fixture;
  let before: string;
  const scratch = mkdtempSync(path.join(tmpdir(), 'mnemo-fuzz-'));

  beforeAll(async () => {
    f = await startFixture({ logger: false });
    before = await seedKeep(f.mnemo);
  });
  afterAll(async () => {
    await f?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('every REST route: no 500, no hang, every error {error:{code,message}}', async () => {
    const t = await fuzzHttp(f.url, { runs: 300, seed: SEED, protect: 'keep' });
    const x = await fuzzHttpExtremes(f.url);
    expect(t.cases + x.cases).toBeGreaterThan(280);
    expect([...problems(t), ...problems(x)]).toEqual([]);
    expect(x.statuses['413']).toBeGreaterThan(0); // bodies past the limit are refused, not read
  });

  it('every MCP tool and the raw MCP wire: results or coded errors, never internal', async () => {
    const tools = await fuzzMcpTools(f.url, { runs: 100, seed: SEED, profile: 'fz' });
    const wire = await fuzzMcpWire(f.url, { runs: 60, seed: SEED, profile: 'fz' });
    expect(tools.cases + wire.cases).toBe(160);
    expect([...problems(tools), ...problems(wire)]).toEqual([]);
    expect(tools.statuses.ok).toBeGreaterThan(0); // the generator reaches the tools, not only validation
  });

  it('JSON, Markdown and OpenClaw imports: success or a coded error', async () => {
    const t = await fuzzImports(f.mnemo, { runs: 150, seed: SEED, validDoc: (await f.mnemo.profile('keep').export()) as unknown as Record<string, unknown>, scratchDir: scratch });
    expect(t.cases).toBe(150);
    expect(problems(t)).toEqual([]);
  });

  it('the server still answers and the data written before is intact', async () => {
    expect((await f.call('GET', '/healthz')).status).toBe(200);
    expect(await snapshot(f.mnemo)).toBe(before);
  });
});
