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

  it('leaves the first places as they were and puts their partners right after them', async () => {
    const ask1 = msg('s1', 'user', 'How should I water the seedlings?');
    const reply1 = msg('s1', 'assistant', 'Water from below twice a week.');
    const ask2 = msg('s2', 'user', 'Which mulch keeps slugs away?');
    const reply2 = msg('s2', 'assistant', 'Use wool pellets or copper tape.');
    const ask3 = msg('s3', 'user', 'When do I harvest garlic?');
    const reply3 = msg('s3', 'assistant', 'When the lower leaves turn brown.');
    await temp.store.insertMessages([ask1, reply1, ask2, reply2, ask3, reply3]);
    const ranked = [candidate(ask1.id, 1), candidate(reply2.id, 0.8), candidate(ask3.id, 0.6), candidate(reply3.id, 0.2)];
    const out = await pairExchanges(temp.store, ranked, 10, 2);
    expect(out.map((c) => c.id)).toEqual([ask1.id, reply2.id, reply1.id, ask2.id, ask3.id, reply3.id]);
    // Scores never rise down the list, so a merge by score keeps this order.
    const scores = out.map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
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
      const exchanges: Array<[string, string]> = [
        ['I want to start a vegetable garden in the backyard.', 'Pick a sunny corner and test the soil first.'],
        ['My garden tomatoes have yellow spots now.', 'Yellow spots suggest early blight; remove those leaves.'],
        ['Should the garden get a drip line this summer?', 'Yes, a timer on it saves water on hot days.'],
        ['Slugs are eating the garden lettuce.', 'Beer traps and copper tape keep them off.'],
        ['Unrelated: what is a good pasta recipe?', 'Try cacio e pepe with plenty of black pepper.'],
      ];
      await p.ingest(exchanges.flatMap(([ask, reply], i) => [
        { role: 'user' as const, content: ask, sessionId: `s${i}`, timestamp: day(i + 1) },
        { role: 'assistant' as const, content: reply, sessionId: `s${i}`, timestamp: day(i + 1) },
      ]), { wait: true });
      const result = await p.recall('Summarize how my garden project has developed so far.', { limit: 8 });
      expect(result.reading.kind).toBe('overview');
      const contents = result.messages.map((m) => m.content);
      // Every garden request comes back with the reply it got; the pasta exchange does not.
      for (const [ask, reply] of exchanges.slice(0, 4)) {
        expect(contents).toContain(ask);
        expect(contents).toContain(reply);
      }
      expect(contents).not.toContain('Try cacio e pepe with plenty of black pepper.');
      // Past the first places, the replies follow in the order of the requests they answer.
      const asks = exchanges.slice(0, 4).map(([ask]) => ask).sort((a, b) => contents.indexOf(a) - contents.indexOf(b));
      const replyOf = new Map(exchanges.map(([ask, reply]) => [ask, reply]));
      const laterReplies = contents.slice(5).filter((c) => exchanges.some(([, reply]) => reply === c));
      expect(laterReplies).toEqual(asks.map((a) => replyOf.get(a)!).filter((r) => laterReplies.includes(r)));
      expect(laterReplies.length).toBeGreaterThanOrEqual(2);
    } finally {
      await mem.close();
    }
  });
});
