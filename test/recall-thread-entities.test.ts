import { describe, expect, it } from 'vitest';
import type { Candidate } from '../src/recall/candidate.js';
import { sortCandidates } from '../src/recall/fuse.js';
import { followThreads } from '../src/recall/thread-entities.js';
import { msg } from './contract/harness.js';
import { useTempSqliteStore } from './support/temp-sqlite-store.js';

const OPTIONS = { seeds: 3, share: 0.6, minSessions: 3, maxShare: 0.1 };

describe('a sequence question follows the names of its best turns across sessions', () => {
  const temp = useTempSqliteStore('mnemo-threads-');

  async function history() {
    // The mentor comes back in three sessions, each time in other words.
    const met = msg('s1', 'user', 'I am meeting my new academic mentor, Robert, at the library next week.');
    const essay = msg('s2', 'user', "I loved the essay Robert shared on our call and want to use its angles.");
    const journal = msg('s3', 'user', 'Should I submit to the journal first, as Robert suggested?');
    // A name met in one session only is not a thread.
    const once = msg('s1', 'user', 'My cousin Maria said the library closes early.');
    const onceAgain = msg('s1', 'assistant', 'Then plan with Maria around the opening hours.');
    const unrelated = msg('s4', 'user', 'What should I cook for dinner tonight?');
    // Everyday turns, so that the mentor's name is as rare as in a real history.
    const chat = Array.from({ length: 40 }, (_, i) => msg(`c${i % 4}`, i % 2 ? 'assistant' : 'user', `Turn ${i}: we talked about the weather and the bus again.`));
    await temp.store.insertMessages([met, essay, journal, once, onceAgain, unrelated, ...chat]);
    return { met, essay, journal, once, onceAgain, unrelated };
  }

  const ranked = (...c: [string, number][]): Candidate[] => c.map(([id, score]) => ({ kind: 'message', id, score, own: score, hits: [] }));

  it("lifts the recurring name's other mentions above what the question's words found weakly", async () => {
    const t = await history();
    const out = sortCandidates(await followThreads(temp.store, ranked([t.met.id, 1], [t.once.id, 0.5], [t.unrelated.id, 0.4]), OPTIONS));
    const ids = out.map((c) => c.id);
    expect(ids[0]).toBe(t.met.id);
    expect(ids.indexOf(t.essay.id)).toBeGreaterThan(-1);
    expect(ids.indexOf(t.journal.id)).toBeGreaterThan(-1);
    expect(ids.indexOf(t.essay.id)).toBeLessThan(ids.indexOf(t.unrelated.id));
    expect(ids.indexOf(t.journal.id)).toBeLessThan(ids.indexOf(t.unrelated.id));
    // Maria is named in one session only: her other mention gains nothing.
    expect(ids).not.toContain(t.onceAgain.id);
  });

  it('follows no name said in most of the history', async () => {
    const t = await history();
    const everywhere = Array.from({ length: 12 }, (_, i) => msg(`e${i}`, 'user', `Flask again: route ${i} returns an error.`));
    await temp.store.insertMessages(everywhere);
    const seed = msg('e99', 'user', 'Flask: the login page is blank.');
    await temp.store.insertMessages([seed]);
    const out = await followThreads(temp.store, ranked([seed.id, 1], [t.unrelated.id, 0.4]), { ...OPTIONS, maxShare: 0.1 });
    expect(out.map((c) => c.id)).toEqual([seed.id, t.unrelated.id]);
  });

  it('leaves the ranking as it was when sharing nothing', async () => {
    const t = await history();
    const before = ranked([t.met.id, 1], [t.unrelated.id, 0.4]);
    const out = await followThreads(temp.store, before, { ...OPTIONS, share: 0 });
    expect(out).toBe(before);
  });
});
