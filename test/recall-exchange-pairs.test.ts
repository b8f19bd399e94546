import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Candidate } from '../src/recall/candidate.js';
import { pairExchanges } from '../src/recall/exchange-pairs.js';
import { openMemory } from '../src/index.js';
import { msg } from './contract/harness.js';
import { useTempSqliteStore } from './support/temp-sqlite-store.js';

function candidate(id: string, score: number): Candidate {
  return { kind: 'message', id, score, own: score, hits: [] };
}

describe('an overview is told by whole exchanges', () => {
  const temp = useTempSqliteStore('mnemo-exchange-');

  it('follows a request by its reply and a reply by its request, at the score just under it', async () => {
    const ask1 = msg('s1', 'user', 'Can you help me plan the garden beds?');
    const reply1 = msg('s1', 'assistant', 'Start with three raised beds facing south.');
    const ask2 = msg('s2', 'user', 'The tomatoes got blight, what now?');
    const reply2 = msg('s2', 'assistant', 'Remove the infected leaves and water at the base.');
    const aside = msg('s2', 'user', 'Thanks, that worked.');
    await temp.store.insertMessages([ask1, reply1, ask2, reply2, aside]);
    const ranked = [candidate(reply2.id, 1), candidate(ask1.id, 0.9), candidate(aside.id, 0.5), candidate(reply1.id, 0.1)];
    const out = await pairExchanges(temp.store, ranked, 10);
    expect(out.map((c) => c.id)).toEqual([reply2.id, ask2.id, ask1.id, reply1.id, aside.id]);
    expect(out.map((c) => c.score)).toEqual([1, 1, 0.9, 0.9, 0.5]);
    // A turn with no other half (a user turn followed by another user turn, or none) stands alone; off changes nothing.
    const alone = await pairExchanges(temp.store, [candidate(aside.id, 1)], 10);
    expect(alone.map((c) => c.id)).toEqual([aside.id]);
    expect((await pairExchanges(temp.store, ranked, 0)).map((c) => c.id)).toEqual(ranked.map((c) => c.id));
  });
});

describe('overview recall (end to end)', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'mnemo-exchange-e2e-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('returns each request of the topic with the reply it got', async () => {
    const mem = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
    try {
      const p = mem.profile('default');
      const day = (d: number) => new Date(Date.UTC(2024, 2, d)).toISOString();
      await p.ingest([
        { role: 'user', content: 'I want to start a vegetable garden in the backyard.', sessionId: 's1', timestamp: day(1) },
        { role: 'assistant', content: 'Pick a sunny corner and test the soil first.', sessionId: 's1', timestamp: day(1) },
        { role: 'user', content: 'My garden tomatoes have yellow spots now.', sessionId: 's2', timestamp: day(9) },
        { role: 'assistant', content: 'Yellow spots suggest early blight; remove those leaves.', sessionId: 's2', timestamp: day(9) },
        { role: 'user', content: 'Unrelated: what is a good pasta recipe?', sessionId: 's3', timestamp: day(12) },
        { role: 'assistant', content: 'Try cacio e pepe with plenty of black pepper.', sessionId: 's3', timestamp: day(12) },
      ], { wait: true });
      const result = await p.recall('Summarize how my garden project has developed so far.', { limit: 4 });
      expect(result.reading.kind).toBe('overview');
      const contents = result.messages.map((m) => m.content);
      expect(contents).toContain('Pick a sunny corner and test the soil first.');
      expect(contents).toContain('Yellow spots suggest early blight; remove those leaves.');
      // Each request sits right before its reply.
      const at = (s: string) => contents.indexOf(s);
      expect(at('Pick a sunny corner and test the soil first.') - at('I want to start a vegetable garden in the backyard.')).toBe(1);
    } finally {
      await mem.close();
    }
  });
});
