import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi, ProfileApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { profileClock } from '../src/lifecycle/profile-clock.js';
import { DEFAULT_LIFECYCLE } from '../src/lifecycle/settings.js';
import { shouldCool } from '../src/lifecycle/tiering.js';
import type { Store } from '../src/store/store.js';
import type { Memory } from '../src/types.js';

const DAY = 86_400_000;
const NOW = new Date('2026-06-01T00:00:00.000Z');
const daysBefore = (d: number, from = Date.now()) => new Date(from - d * DAY).toISOString();
const id = (n: number) => n.toString(16).padStart(32, 'd');

describe('salience on the profile clock, cold-after on the wall clock', () => {
  it('an event 120 days older than the newest memory cools whatever the date; cold-after reads now', () => {
    const event = { id: id(1), type: 'event', eventTime: daysBefore(520, NOW.getTime()), createdAt: daysBefore(520, NOW.getTime()), importance: 0.5, accessCount: 0, lastAccessedAt: null, pinned: false, status: 'active', halfLifeDays: null } as unknown as Memory;
    const t = DEFAULT_LIFECYCLE.coldBelow;
    // Aged to 400 days before NOW (the archive's end): 120 days old, 0.25 × 2^-4 < 0.02.
    expect(shouldCool(event, DEFAULT_LIFECYCLE, t, { now: NOW, agedTo: new Date(daysBefore(400, NOW.getTime())) })).toBe(true);
    // Aged to 490 days before: 30 days old, 0.125: hot, though now it is 520 days old.
    expect(shouldCool(event, DEFAULT_LIFECYCLE, t, { now: NOW, agedTo: new Date(daysBefore(490, NOW.getTime())) })).toBe(false);
    expect(shouldCool(event, DEFAULT_LIFECYCLE, t, { now: NOW })).toBe(true);
    // Untouched for 520 calendar days: cold-after is about idleness, in calendar time.
    const fact = { ...event, type: 'fact', eventTime: null } as Memory;
    expect(shouldCool(fact, DEFAULT_LIFECYCLE, 0, { now: NOW, agedTo: new Date(fact.createdAt), coldAfterDays: 90 })).toBe(true);
  });
});

describe('the profile clock through the library', () => {
  let dir: string;
  let mem: MnemoApi;
  let p: ProfileApi;
  const store = () => (p as unknown as { store(): Promise<Store> }).store();
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-clock-'));
    mem = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
    p = mem.profile('default');
  });
  afterEach(async () => {
    await mem.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** An imported archive: events `days` ago, nothing newer. */
  async function importArchive(items: { n: number; content: string; days: number }[]): Promise<void> {
    const seed = await p.remember({ content: 'seed' });
    const doc = await p.export();
    const base = doc.memories[0];
    await p.forget(seed.memory.id); // a forgotten memory does not move the clock
    await p.import({
      ...doc,
      memories: items.map((i) => ({ ...base, id: id(i.n), type: 'event' as const, importance: 0.5, content: i.content, topicKey: null, eventTime: daysBefore(i.days), createdAt: daysBefore(i.days), updatedAt: daysBefore(i.days) })),
    }, { strategy: 'replace' });
  }

  it('is the newest memory\'s time, never later than the wall clock; an empty profile is at the wall clock', async () => {
    const wall = new Date();
    const empty = (mem.profile('empty') as unknown as { store(): Promise<Store> }).store();
    expect(await profileClock(await empty, wall)).toEqual(wall);
    await importArchive([{ n: 1, content: 'Caroline went to a pottery workshop', days: 400 }, { n: 2, content: 'Caroline adopted a puppy', days: 450 }]);
    const s = await store();
    expect((await profileClock(s, wall)).toISOString()).toBe((await p.get(id(1))).createdAt);
    const before = new Date(Date.now() - 500 * DAY); // a wall clock earlier than the newest memory
    expect(await profileClock(s, before)).toEqual(before);
  });

  it('an imported archive keeps its recent end hot; new activity ages it to now', async () => {
    await importArchive([
      { n: 1, content: 'Caroline went to a pottery workshop', days: 400 },
      { n: 2, content: 'Caroline adopted a puppy named Rex', days: 430 },
      { n: 3, content: 'Caroline moved to Lisbon', days: 520 },
    ]);
    const res = await p.tier();
    expect(res).toMatchObject({ cooled: 1, cold: 1 });
    expect(res.agedTo).toBe((await p.get(id(1))).createdAt);
    const tiers = async () => Object.fromEntries((await p.list({ limit: 10 })).items.map((m) => [m.id, m.tier]));
    expect(await tiers()).toMatchObject({ [id(1)]: 'hot', [id(2)]: 'hot', [id(3)]: 'cold' });
    // Salience as listed is read on the same clock: the newest event is fresh (0.5 × 0.5 × 1).
    const listed = (await p.list({ limit: 10, sort: 'salience' })).items;
    expect(listed[0]).toMatchObject({ id: id(1), salience: 0.25 });
    expect(listed.find((m) => m.id === id(2))!.salience).toBe(0.125);
    // A memory written today moves the clock to now: the archive's events are months old.
    await p.remember({ content: 'The deploy target is Fly.io' });
    const again = await p.tier();
    expect(Date.now() - Date.parse(again.agedTo)).toBeLessThan(DAY);
    expect(await tiers()).toMatchObject({ [id(1)]: 'cold', [id(2)]: 'cold', [id(3)]: 'cold' });
  });

  it('reads do not move the clock: an archive recalled today stays as it was', async () => {
    await importArchive([
      { n: 1, content: 'Caroline went to a pottery workshop', days: 400 },
      { n: 2, content: 'Caroline adopted a puppy named Rex', days: 520 },
    ]);
    const first = await p.tier();
    await p.recall('What did Caroline do at the pottery workshop?', { synthesize: false, limit: 1 });
    await p.get(id(1));
    await p.drain(); // folds the reads (and runs the worker's daily tiering, on the same clock)
    expect((await p.get(id(1))).accessCount).toBe(2);
    const again = await p.tier();
    expect(again.agedTo).toBe(first.agedTo);
    expect(again.agedTo).toBe((await p.get(id(1))).createdAt);
    const tiers = Object.fromEntries((await p.list({ limit: 10 })).items.map((m) => [m.id, m.tier]));
    expect(tiers).toMatchObject({ [id(1)]: 'hot', [id(2)]: 'cold' });
  });
});
