import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi, ProfileApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { decideBeforeRanking, decideEscalation } from '../src/lifecycle/gate.js';
import { ageTerm, neverDecays, salienceOf, useTerm } from '../src/lifecycle/salience.js';
import { DEFAULT_LIFECYCLE } from '../src/lifecycle/settings.js';
import { shouldCool } from '../src/lifecycle/tiering.js';
import { parseDuration } from '../src/lifecycle/tier-options.js';
import { parseMemoryFile, renderMarkdownExport } from '../src/interop/markdown/index.js';
import { toMemory } from '../src/interop/to-memory.js';
import { setRecallTuning } from '../src/recall/tuning.js';
import type { Memory } from '../src/types.js';

const NOW = new Date('2026-06-01T00:00:00.000Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();

function memory(extra: Partial<Memory> = {}): Memory {
  return {
    id: '0'.repeat(32), type: 'fact', content: 'x', topicKey: null, eventTime: null, sessionId: null, sourceMessageIds: [], queries: [],
    tags: [], importance: 0.5, status: 'active', supersededBy: null, createdAt: NOW.toISOString(), updatedAt: NOW.toISOString(),
    tier: 'hot', accessCount: 0, lastAccessedAt: null, pinned: false, halfLifeDays: null, ...extra,
  } as Memory;
}

describe('salience formula', () => {
  it('is importance × use × age, with the age halving every half-life of the type', () => {
    expect(salienceOf(memory(), DEFAULT_LIFECYCLE, NOW)).toBeCloseTo(0.25, 6);
    const event = memory({ type: 'event', eventTime: daysAgo(30), createdAt: daysAgo(1) });
    expect(ageTerm(event, DEFAULT_LIFECYCLE, NOW)).toBeCloseTo(0.5, 6); // events count from their time: 30 d = one half-life
    expect(salienceOf(event, DEFAULT_LIFECYCLE, NOW)).toBeCloseTo(0.125, 6);
    expect(ageTerm(memory({ createdAt: daysAgo(730) }), DEFAULT_LIFECYCLE, NOW)).toBeCloseTo(0.25, 6); // facts: 365 d
    expect(ageTerm(memory({ createdAt: daysAgo(20), halfLifeDays: 10 }), DEFAULT_LIFECYCLE, NOW)).toBeCloseTo(0.25, 6); // own half-life wins
  });

  it('rises with recent accesses and forgets old ones', () => {
    expect(useTerm(memory(), DEFAULT_LIFECYCLE, NOW)).toBe(0.5);
    expect(useTerm(memory({ accessCount: 1, lastAccessedAt: NOW.toISOString() }), DEFAULT_LIFECYCLE, NOW)).toBeCloseTo(0.75, 6);
    expect(useTerm(memory({ accessCount: 2, lastAccessedAt: daysAgo(30) }), DEFAULT_LIFECYCLE, NOW)).toBeCloseTo(0.75, 6); // 2 × ½
    expect(useTerm(memory({ accessCount: 99, lastAccessedAt: NOW.toISOString() }), DEFAULT_LIFECYCLE, NOW)).toBeCloseTo(0.995, 6);
  });

  it('never decays instructions, active tasks, pinned memories or a null half-life', () => {
    const old = daysAgo(5000);
    for (const m of [memory({ type: 'instruction', createdAt: old }), memory({ type: 'task', createdAt: old }), memory({ pinned: true, createdAt: old })]) {
      expect(neverDecays(m)).toBe(true);
      expect(ageTerm(m, DEFAULT_LIFECYCLE, NOW)).toBe(1);
    }
    expect(ageTerm(memory({ type: 'task', status: 'done', createdAt: daysAgo(14) }), DEFAULT_LIFECYCLE, NOW)).toBeCloseTo(0.5, 6);
    const noFade = { ...DEFAULT_LIFECYCLE, halfLifeDays: { ...DEFAULT_LIFECYCLE.halfLifeDays, fact: null } };
    expect(ageTerm(memory({ createdAt: old }), noFade, NOW)).toBe(1);
  });
});

describe('tier thresholds', () => {
  it('cools under the salience threshold or past cold-after, never instructions, active tasks or pinned', () => {
    const t = DEFAULT_LIFECYCLE.coldBelow;
    expect(shouldCool(memory({ type: 'event', eventTime: daysAgo(200) }), DEFAULT_LIFECYCLE, t, { now: NOW })).toBe(true); // 0.25 × 2^-6.7 < 0.02
    expect(shouldCool(memory({ type: 'event', eventTime: daysAgo(60) }), DEFAULT_LIFECYCLE, t, { now: NOW })).toBe(false); // 0.0625
    expect(shouldCool(memory({ createdAt: daysAgo(100) }), DEFAULT_LIFECYCLE, t, { now: NOW })).toBe(false);
    expect(shouldCool(memory({ createdAt: daysAgo(100) }), DEFAULT_LIFECYCLE, t, { now: NOW, coldAfterDays: 90 })).toBe(true);
    expect(shouldCool(memory({ createdAt: daysAgo(100), lastAccessedAt: daysAgo(10), accessCount: 1 }), DEFAULT_LIFECYCLE, t, { now: NOW, coldAfterDays: 90 })).toBe(false);
    for (const m of [memory({ type: 'instruction', createdAt: daysAgo(900) }), memory({ type: 'task', createdAt: daysAgo(900) }), memory({ pinned: true, type: 'event', eventTime: daysAgo(900) })]) {
      expect(shouldCool(m, DEFAULT_LIFECYCLE, t, { now: NOW, coldAfterDays: 1 })).toBe(false);
    }
    expect(parseDuration('90d')).toBe(90);
    expect(parseDuration('2w')).toBe(14);
    expect(parseDuration('1y')).toBe(365);
    expect(parseDuration('soon')).toBeNull();
  });
});

describe('Markdown frontmatter', () => {
  it('carries tier, salience and pinned; reading it back keeps tier and pinned, and refuses an unknown tier', () => {
    const m = { ...memory({ id: 'b'.repeat(32), content: 'Caroline paints', tier: 'cold', pinned: true }), salience: 0.1234 };
    const [[file, text]] = [...renderMarkdownExport([m]).files].filter(([f]) => f !== 'MEMORY.md');
    expect(text).toMatch(/tier: cold/);
    expect(text).toMatch(/salience: 0\.123/);
    const parsed = parseMemoryFile(text, file, NOW.toISOString());
    expect(parsed).toMatchObject({ tier: 'cold', pinned: true });
    expect(toMemory(parsed)).toMatchObject({ tier: 'cold', pinned: true, id: m.id });
    expect(() => parseMemoryFile(text.replace('tier: cold', 'tier: warm'), file, NOW.toISOString())).toThrow(/unknown tier "warm"/);
  });
});

describe('escalation decisions', () => {
  it('escalates on low confidence only, and stops when confident', () => {
    expect(decideEscalation({ stage: 'hot', confidence: 0.9, threshold: 0.5 }).escalate).toBe(false);
    expect(decideEscalation({ stage: 'hot', confidence: 0.3, threshold: 0.5 })).toMatchObject({ escalate: true, why: expect.stringContaining('under 0.5') });
    expect(decideEscalation({ stage: 'cold', confidence: 0.3, threshold: 0.5 })).toMatchObject({ escalate: true, why: expect.stringContaining('raw messages') });
    expect(decideEscalation({ stage: 'cold', confidence: 0.6, threshold: 0.5 }).escalate).toBe(false);
    // Messages searched in the first pass: a cold miss reads the archive index once, then stops.
    expect(decideEscalation({ stage: 'cold', confidence: 0.3, threshold: 0.5, archiveRead: false, messagesSearched: true })).toMatchObject({ escalate: true, why: expect.stringMatching(/archive index$/) });
    expect(decideEscalation({ stage: 'cold', confidence: 0.3, threshold: 0.5, archiveRead: true, messagesSearched: true })).toMatchObject({ escalate: false, why: expect.stringContaining('first pass') });
  });

  it('escalates before ranking when a cold memory leads a channel', () => {
    expect(decideBeforeRanking({ coldLeads: [] })).toEqual({ escalate: false, why: null });
    expect(decideBeforeRanking({ coldLeads: ['fulltext'] })).toMatchObject({ escalate: true, why: expect.stringContaining('leads the fulltext channel') });
  });
});

let dir: string;
let mem: MnemoApi;
let p: ProfileApi;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-life-'));
  mem = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
  p = mem.profile('default');
});
afterEach(async () => {
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Imports memories written long ago (remember would stamp them now). */
async function seed(items: { id: string; content: string; type?: Memory['type']; topicKey?: string | null; days: number; sessionId?: string }[]): Promise<void> {
  await p.remember({ content: 'seed' }); // creates the profile
  const doc = await p.export();
  await p.import({
    ...doc,
    memories: items.map((i) => ({
      ...memory({ id: i.id, content: i.content, type: i.type ?? 'fact', topicKey: i.topicKey ?? null, sessionId: i.sessionId ?? null,
        createdAt: new Date(Date.now() - i.days * 86_400_000).toISOString(), updatedAt: new Date(Date.now() - i.days * 86_400_000).toISOString() }),
      eventTime: i.type === 'event' ? new Date(Date.now() - i.days * 86_400_000).toISOString() : null,
    })),
  }, { strategy: 'replace' });
}

const id = (n: number) => n.toString(16).padStart(32, 'a');

describe('tiers, escalation and rehydration through the library', () => {
  it('tier --cold-after cools old memories but not instructions; cold ones stay listed and exportable', async () => {
    await seed([
      { id: id(1), content: 'Caroline took up pottery classes on weekends', topicKey: 'caroline.hobby', days: 400, sessionId: 's1' },
      { id: id(2), content: 'Always answer Caroline in French', type: 'instruction', topicKey: 'caroline.language', days: 400 },
      { id: id(3), content: 'The deploy target is Fly.io', topicKey: 'project.deploy_target', days: 3 },
    ]);
    const res = await p.tier({ coldAfter: '90d' });
    expect(res).toMatchObject({ cooled: 1, cold: 1 });
    expect(res.archiveEntries).toBeGreaterThanOrEqual(3); // topic, entity "caroline", session s1
    const listed = await p.list({ limit: 10 });
    expect(listed.items.find((m) => m.id === id(1))).toMatchObject({ tier: 'cold' });
    expect(listed.items.find((m) => m.id === id(2))).toMatchObject({ tier: 'hot' });
    expect(listed.items.every((m) => typeof m.salience === 'number')).toBe(true);
    const bySalience = await p.list({ limit: 10, sort: 'salience' });
    const s = bySalience.items.map((m) => m.salience!);
    expect([...s].sort((a, b) => b - a)).toEqual(s);
    expect((await p.export()).memories.find((m) => m.id === id(1))!.tier).toBe('cold');
  });

  it('a question about an archived topic escalates through the archive, returns the cold memory and rehydrates it later', async () => {
    await seed([
      { id: id(1), content: 'Caroline took up pottery classes on weekends', topicKey: 'caroline.hobby', days: 400 },
      { id: id(3), content: 'The deploy target is Fly.io', topicKey: 'project.deploy_target', days: 3 },
    ]);
    await p.tier({ coldAfter: '90d' });
    // Every pass a miss: after the cold pass the gate reads the archive (see the next test).
    setRecallTuning({ escalateBelow: 1.01 });
    const r = await p.recall('What hobby did Caroline take up?', { synthesize: false }).finally(() => setRecallTuning({}));
    // The raw messages are searched with the hot tier (messagesFirst), so the last step is the archive.
    expect(r.reading.tiers!.searched).toEqual(['hot', 'messages', 'cold', 'archive']);
    expect(r.reading.tiers!.searched).toContain('cold');
    expect(r.reading.tiers!.why.join('\n')).toMatch(/archive index matched .*caroline/);
    const hit = r.memories.find((m) => m.id === id(1));
    expect(hit).toMatchObject({ tier: 'cold' });
    expect(typeof hit!.salience).toBe('number');
    // Not written inline: still cold until the job worker folds the access log.
    const store = await (p as unknown as { store(): Promise<{ getMemory(id: string): Promise<Memory | null> }> }).store();
    expect(await store.getMemory(id(1))).toMatchObject({ tier: 'cold', accessCount: 0 });
    await p.drain();
    const after = await p.get(id(1));
    expect(after).toMatchObject({ tier: 'hot', accessCount: 1 });
    expect(after.lastAccessedAt).not.toBeNull();
  });

  it('with messagesFirst off, the raw messages come last: hot, cold, archive, then messages', async () => {
    await seed([
      { id: id(1), content: 'Caroline took up pottery classes on weekends', topicKey: 'caroline.hobby', days: 400 },
      { id: id(3), content: 'The deploy target is Fly.io', topicKey: 'project.deploy_target', days: 3 },
    ]);
    await p.tier({ coldAfter: '90d' });
    setRecallTuning({ escalateBelow: 1.01, messagesFirst: false });
    const r = await p.recall('What hobby did Caroline take up?', { synthesize: false }).finally(() => setRecallTuning({}));
    expect(r.reading.tiers!.searched).toEqual(['hot', 'cold', 'archive', 'messages']);
    expect(r.reading.tiers!.why.join('\n')).toMatch(/searching the archive index and raw messages/);
    setRecallTuning({ messagesFirst: false });
    const hot = await p.recall('What is the deploy target?', { synthesize: false }).finally(() => setRecallTuning({}));
    expect(hot.reading.tiers!.searched).toEqual(['hot']);
  });

  it('a cold memory that leads and answers is ranked without reading the archive index', async () => {
    await seed([
      { id: id(1), content: 'Caroline took up pottery classes on weekends', topicKey: 'caroline.hobby', days: 400 },
      { id: id(3), content: 'The deploy target is Fly.io', topicKey: 'project.deploy_target', days: 3 },
    ]);
    await p.tier({ coldAfter: '90d' });
    const r = await p.recall('What hobby did Caroline take up?', { synthesize: false });
    expect(r.memories[0]).toMatchObject({ id: id(1), tier: 'cold' });
    expect(r.reading.tiers!.searched).toEqual(['hot', 'messages', 'cold']);
    expect(r.reading.tiers!.why.join('\n')).toMatch(/leads the .* channel: ranking cold memories\n.*reached/);
  });

  it('a confident hot answer neither escalates nor reads the archive index; tiers: all skips the gate', async () => {
    await seed([
      { id: id(1), content: 'Caroline took up pottery classes on weekends', topicKey: 'caroline.hobby', days: 400 },
      { id: id(3), content: 'The deploy target is Fly.io', topicKey: 'project.deploy_target', days: 3 },
    ]);
    await p.tier({ coldAfter: '90d' });
    const hot = await p.recall('What is the deploy target?', { synthesize: false });
    expect(hot.memories[0].id).toBe(id(3));
    expect(hot.reading.tiers!.searched).toEqual(['hot', 'messages']);
    expect(hot.reading.tiers!.why[0]).toMatch(/reached/);
    const all = await p.recall('What is the deploy target?', { synthesize: false, tiers: 'all' });
    expect(all.reading.tiers).toEqual({ searched: ['hot', 'cold', 'messages'], why: ['tiers: all (gate skipped)'] });
  });

  it('reads are counted in batches: recall top results and get by id', async () => {
    const a = await p.remember({ content: 'The staging database is Postgres 15' });
    await p.recall('Which database does staging use?', { synthesize: false });
    await p.get(a.memory.id);
    await p.get(a.memory.id);
    await p.drain();
    expect((await p.get(a.memory.id)).accessCount).toBe(3);
  });

  it('bad input is refused with a clear error and nothing is written', async () => {
    await p.remember({ content: 'x is y' });
    const before = await p.lifecycleSettings();
    await expect(p.lifecycleSettings({ halfLifeDays: { event: -3 } })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('halfLifeDays.event') });
    expect(await p.lifecycleSettings()).toEqual(before);
    const changed = await p.lifecycleSettings({ halfLifeDays: { event: 7, fact: null } });
    expect(changed.halfLifeDays).toMatchObject({ event: 7, fact: null, instruction: null });
    await expect(p.recall('x', { tiers: 'warm' as 'all' })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('tiers') });
    await expect(p.tier({ coldAfter: '-3d' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(p.list({ sort: 'hotness' as 'salience' })).rejects.toMatchObject({ code: 'invalid_input' });
    const doc = await p.export();
    await expect(p.import({ ...doc, memories: doc.memories.map((m) => ({ ...m, tier: 'lukewarm' })) }, { strategy: 'replace' }))
      .rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('tier') });
    expect((await p.export()).memories).toEqual(doc.memories);
  });

  it('the JSON export round trip keeps every lifecycle field', async () => {
    await seed([
      { id: id(1), content: 'Caroline took up pottery', topicKey: 'caroline.hobby', days: 400 },
      { id: id(2), content: 'Caroline moved to Lisbon', topicKey: 'caroline.city', days: 400 },
    ]);
    await p.tier({ coldAfter: '90d' });
    await p.get(id(1));
    await p.drain();
    const doc = await p.export();
    const copy = mem.profile('copy');
    await copy.import(doc);
    const again = await copy.export();
    expect(again.memories).toEqual(doc.memories);
    // A read by id counts as an access and, like recall, brings a cold memory back to hot.
    const byId = (n: number) => again.memories.find((m) => m.id === id(n))!;
    expect(byId(1)).toMatchObject({ tier: 'hot', accessCount: 1, pinned: false, halfLifeDays: null });
    expect(byId(1).lastAccessedAt).not.toBeNull();
    expect(byId(2)).toMatchObject({ tier: 'cold', accessCount: 0, lastAccessedAt: null });
  });
});
