/**
 * Recall after a write sees the write. The store keeps memory rows, message and mention counts
 * and archive postings between recalls, and carries them across its own access-log writes; these
 * tests warm those caches (two recalls, then drain: the access log is written and folded), change
 * the profile, and ask again. The recall result cache is off so every recall reads the store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi, ProfileApi, RecallResult } from '../src/api.js';
import { openMemory } from '../src/index.js';

let dir: string;
const handles: MnemoApi[] = [];
const open = () => {
  const m = openMemory({ dataDir: dir, embedder: false, worker: { background: false }, recallCacheMs: 0, onWarning: () => {} });
  handles.push(m);
  return m;
};
const contents = (r: RecallResult) => r.memories.map((m) => m.content);
const everything = (r: RecallResult) => JSON.stringify([r.memories, r.messages, r.answer]);

/** Asks twice and lets the access log be written and folded, so every cache a recall fills is warm and carried. */
async function warm(p: ProfileApi, question: string): Promise<RecallResult> {
  await p.recall(question);
  const r = await p.recall(question);
  await p.drain();
  return r;
}

const DB_QUESTION = 'which database does the billing service use?';
const POSTGRES = 'The billing service uses PostgreSQL as its database.';
const REGION = 'The search cluster runs in eu-west-1.';

let p: ProfileApi;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-freshness-'));
  p = open().profile('p');
  await p.remember({ content: POSTGRES, type: 'fact', topicKey: 'billing.database' });
  await p.remember({ content: REGION });
});
afterEach(async () => {
  await Promise.all(handles.splice(0).map((m) => m.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe('a write between two recalls', () => {
  it('forget: the forgotten memory is gone from the next recall', async () => {
    const before = await warm(p, DB_QUESTION);
    const id = before.memories.find((m) => m.content === POSTGRES)!.id;
    await p.forget(id);
    expect(contents(await p.recall(DB_QUESTION))).not.toContain(POSTGRES);
  });

  it('forget --purge: its content appears nowhere in the next recall', async () => {
    await p.ingest([{ role: 'user', content: 'Our ledger reconciler is called Quarrybright.', sessionId: 's1' }], { wait: true } as never);
    const q = 'what is the ledger reconciler called?';
    const before = await warm(p, q);
    expect(everything(before)).toContain('Quarrybright');
    for (const m of (await p.list({ limit: 100 })).items.filter((m) => m.content.includes('Quarrybright'))) await p.forget(m.id, { purge: true });
    expect(contents(await p.recall(q)).join(' ')).not.toContain('Quarrybright');
  });

  it('supersession by topic key: the newer fact replaces the older one', async () => {
    expect(contents(await warm(p, DB_QUESTION))).toContain(POSTGRES);
    await p.remember({ content: 'The billing service uses CockroachDB as its database.', type: 'fact', topicKey: 'billing.database' });
    const after = contents(await p.recall(DB_QUESTION));
    expect(after).toContain('The billing service uses CockroachDB as its database.');
    expect(after).not.toContain(POSTGRES);
  });

  it('update: the revised content replaces the old one', async () => {
    const id = (await warm(p, DB_QUESTION)).memories.find((m) => m.content === POSTGRES)!.id;
    await p.update(id, { content: 'The billing service uses MySQL as its database.' });
    const after = contents(await p.recall(DB_QUESTION));
    expect(after).toContain('The billing service uses MySQL as its database.');
    expect(after).not.toContain(POSTGRES);
  });

  it('a new memory naming an entity a recall already asked about shows up', async () => {
    const q = 'what does Zephyrine Okafor work on?';
    expect(contents(await warm(p, q)).join(' ')).not.toContain('Zephyrine');
    await p.remember({ content: 'Zephyrine Okafor maintains the invoice exporter.' });
    expect(contents(await p.recall(q))).toContain('Zephyrine Okafor maintains the invoice exporter.');
  });

  it('the access log folded after a recall shows in the memory recalled next (use count, rehydrated tier)', async () => {
    // A flush queues a fold at most every few seconds (tiering folds first): this test drains once.
    const id = (await p.recall(DB_QUESTION)).memories.find((m) => m.content === POSTGRES)!.id;
    expect((await p.tier({ coldBelow: 1 })).cooled).toBeGreaterThan(0);
    const cold = (await p.recall(DB_QUESTION, { tiers: 'all' })).memories.find((m) => m.id === id)!;
    expect(cold.tier).toBe('cold');
    await p.drain();
    const back = (await p.recall(DB_QUESTION, { tiers: 'all' })).memories.find((m) => m.id === id)!;
    expect(back.tier).toBe('hot');
    expect(back.accessCount).toBeGreaterThan(cold.accessCount!);
  });

  it('consolidation: the merged memory replaces the restatements it consumed', async () => {
    const said = ['I have been painting landscapes with watercolors every weekend.', 'I have been painting landscapes with watercolors every weekend lately.'];
    await p.ingest(said.map((content, i) => ({ role: 'user' as const, content: `Ann: ${content}`, sessionId: `s${i + 1}`, timestamp: `2024-03-0${i + 1}T10:00:00Z` })), { wait: true });
    const q = 'what does Ann paint with watercolors?';
    const before = (await warm(p, q)).memories.filter((m) => m.content.includes('watercolors'));
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(before.every((m) => m.derivedFrom.length === 0)).toBe(true);
    await p.consolidate({ kinds: ['merge'] });
    const after = (await p.recall(q)).memories.filter((m) => m.content.includes('watercolors'));
    expect(after.some((m) => m.derivedFrom.length > 0)).toBe(true);
    for (const m of after) expect((await p.get(m.id)).status).toBe('active');
  });

  it('import: imported memories are recalled', async () => {
    const other = open().profile('source');
    await other.remember({ content: 'The fraud model retrains every Sunday night.' });
    const q = 'when does the fraud model retrain?';
    expect(contents(await warm(p, q))).not.toContain('The fraud model retrains every Sunday night.');
    await p.import(await other.export());
    expect(contents(await p.recall(q))).toContain('The fraud model retrains every Sunday night.');
  });

  it('a write by another handle on the same data directory, and a reopened store, are seen', async () => {
    const id = (await warm(p, DB_QUESTION)).memories.find((m) => m.content === POSTGRES)!.id;
    const second = open().profile('p');
    await second.forget(id);
    await second.remember({ content: 'The billing service stores invoices in S3.' });
    const after = contents(await p.recall(DB_QUESTION));
    expect(after).not.toContain(POSTGRES);

    await handles[0].close();
    const reopened = open().profile('p');
    const again = contents(await reopened.recall('where does the billing service store invoices?'));
    expect(again).toContain('The billing service stores invoices in S3.');
    expect(again).not.toContain(POSTGRES);
  });
});

describe('the same question', () => {
  it('in two profiles of one process gets each profile its own answer', async () => {
    const other = handles[0].profile('q');
    await other.remember({ content: 'The billing service uses Oracle as its database.', type: 'fact', topicKey: 'billing.database' });
    for (let round = 0; round < 2; round++) {
      const mine = contents(await p.recall(DB_QUESTION));
      const theirs = contents(await other.recall(DB_QUESTION));
      expect(mine).toContain(POSTGRES);
      expect(mine.join(' ')).not.toContain('Oracle');
      expect(theirs).toContain('The billing service uses Oracle as its database.');
      expect(theirs).not.toContain(POSTGRES);
    }
  });

  it('with different options gets answers for those options, and the defaults again without them', async () => {
    await p.remember({ content: 'We migrated the billing database to PostgreSQL 16 on 2026-03-02.', type: 'event', sessionId: 'ops' });
    const all = await p.recall(DB_QUESTION);
    expect(all.memories.length).toBeGreaterThan(1);
    const events = await p.recall(DB_QUESTION, { types: ['event'] });
    expect(events.memories.length).toBeGreaterThan(0);
    expect(events.memories.every((m) => m.type === 'event')).toBe(true);
    const session = await p.recall(DB_QUESTION, { sessionId: 'ops' });
    expect(session.memories.filter((m) => m.channels.some((c) => c.channel === 'fulltext')).every((m) => m.sessionId === 'ops')).toBe(true);
    expect((await p.recall(DB_QUESTION, { limit: 1 })).memories).toHaveLength(1);
    const again = await p.recall(DB_QUESTION);
    expect(contents(again)).toEqual(contents(all));
    expect(again.answer).toBe(all.answer);
  });

  it('with another reference date or tiers reads the question against those, each time', async () => {
    await p.remember({ content: 'We deployed billing v2.3 to production on 2026-04-15.', type: 'event' });
    const q = 'what did we deploy last week?';
    const range = async (referenceDate: string) => (await p.recall(q, { referenceDate })).reading.timeRange;
    const april = await range('2026-04-20T12:00:00.000Z');
    const june = await range('2026-06-20T12:00:00.000Z');
    expect(april?.start.slice(0, 7)).toBe('2026-04');
    expect(june?.start.slice(0, 7)).toBe('2026-06');
    expect(await range('2026-04-20T12:00:00.000Z')).toEqual(april);

    await p.tier({ coldBelow: 1 });
    const all = await p.recall(DB_QUESTION, { tiers: 'all' });
    const auto = await p.recall(DB_QUESTION);
    expect(all.reading.tiers?.why.join(' ')).toContain('gate skipped');
    expect(auto.reading.tiers?.searched).toContain('cold');
    expect((await p.recall(DB_QUESTION, { tiers: 'all' })).reading.tiers).toEqual(all.reading.tiers);
  });

  it('gives each caller objects of its own: mutating a result changes no later one', async () => {
    const first = await p.recall(DB_QUESTION, {});
    const m = first.memories.find((x) => x.content === POSTGRES)!;
    m.content = 'tampered';
    m.tags.push('tampered');
    first.memories.length = 0;
    const next = await p.recall(DB_QUESTION, {});
    const same = next.memories.find((x) => x.id === m.id)!;
    expect(same.content).toBe(POSTGRES);
    expect(same.tags).not.toContain('tampered');
    expect((await p.get(m.id)).content).toBe(POSTGRES);
  });
});
