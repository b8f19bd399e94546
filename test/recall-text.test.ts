import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi, RecallResult } from '../src/api.js';
import { startHttpServer } from '../src/http/server.js';
import { openMemory } from '../src/index.js';
import { accessOf, jsonOf, resultOf, toRecallText } from '../src/recall-pool/recall-text.js';

let dir: string;
const opened: MnemoApi[] = [];
function open(recallThreads: number): MnemoApi {
  const m = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false }, recallThreads, recallCacheMs: 0, onWarning: () => {} });
  opened.push(m);
  return m;
}
const withoutTimings = ({ timings: _t, ...rest }: RecallResult) => rest;
/**
 * The same, numbers to 12 significant digits: a recall thread's first answer can come while its warm-up
 * still runs (its text search falls back to FTS5 until the index is loaded), and a channel's BM25 score
 * then differs from the loaded index's in the last bit (…7545 vs 0.000006434357259879755; the thread's
 * next recall gives the latter): same hits, ranks and fused scores.
 */
const comparable = (r: RecallResult) => JSON.parse(JSON.stringify(withoutTimings(r), (_k, v: unknown) => (typeof v === 'number' ? Number(v.toPrecision(12)) : v)));
const QUESTION = 'Which database does the billing service use, and since when?';
const REFERENCE = { referenceDate: '2026-03-01T00:00:00Z' };

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-recall-text-'));
  const p = open(0).profile('p');
  await p.remember({ content: 'The billing service uses PostgreSQL as its database since January 2026.', tags: ['infra'], metadata: { team: 'payments', weight: 0.5 } });
  await p.remember({ content: 'The search cluster runs in eu-west-1.' });
  await p.drain();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((m) => m.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe('a recall result as JSON text', () => {
  it('parses back to the same result, with what recording its access needs', async () => {
    const result = await opened[0]!.profile('p').recall(QUESTION, REFERENCE);
    expect(result.memories.length).toBeGreaterThan(0);
    const text = toRecallText(result);
    expect(text.rest).toBe(JSON.stringify(withoutTimings(result)).slice(1));
    expect(text.access).toEqual({ ids: result.memories.map((m) => m.id), cold: [] });
    const parsed = resultOf({ text });
    expect(parsed).toEqual(result);
    expect(Object.keys(parsed)).toEqual(['timings', ...Object.keys(withoutTimings(result))]);
    expect(JSON.parse(jsonOf({ text }))).toEqual(result);
    expect(jsonOf({ result })).toBe(JSON.stringify(result));
    expect(accessOf({ ...result, memories: result.memories.map((m, i) => ({ ...m, tier: i === 0 ? 'cold' : m.tier })) }).cold).toEqual([result.memories[0]!.id]);
  });

  it('a recall thread answers with text that HTTP sends as is, equal to a recall on the calling thread', async () => {
    const threaded = open(1);
    const server = await startHttpServer({ mnemo: threaded, port: 0, logger: false, webhooks: false });
    try {
      const viaLibrary = await threaded.profile('p').recall(QUESTION, REFERENCE);
      const direct = await open(0).profile('p').recall(QUESTION, REFERENCE);
      expect(comparable(viaLibrary)).toEqual(comparable(direct));
      const json = await threaded.profile('p').recallJson!(QUESTION, REFERENCE);
      expect(json.startsWith('{"timings":{"')).toBe(true); // the thread's text, not serialized again here
      expect(comparable(JSON.parse(json) as RecallResult)).toEqual(comparable(direct));
      const res = await fetch(`${server.url}/v1/profiles/p/recall`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: QUESTION, ...REFERENCE }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      const text = await res.text();
      expect(text.startsWith('{"timings":{')).toBe(true);
      const body = JSON.parse(text) as RecallResult;
      expect(comparable(body)).toEqual(comparable(direct));
      expect(body.memories[0]!.content).toContain('PostgreSQL');
    } finally {
      await server.close();
    }
  });
});
