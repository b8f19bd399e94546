import { describe, expect, it } from 'vitest';
import type { Candidate } from '../src/recall/candidate.js';
import { sortCandidates } from '../src/recall/fuse.js';
import { preferFirstMentions } from '../src/recall/first-mention.js';
import { msg } from './contract/harness.js';
import { useTempSqliteStore } from './support/temp-sqlite-store.js';

describe('a sequence question ranks the turn where a topic came up before the ones continuing it', () => {
  const temp = useTempSqliteStore('mnemo-first-mention-');
  const ranked = (...c: [string, number][]): Candidate[] => c.map(([id, score]) => ({ kind: 'message', id, score, own: score, hits: [] }));

  async function session() {
    const raised = msg('s1', 'user', 'I want to add a budget chart to my tracker app.');
    const reply = msg('s1', 'assistant', 'A bar chart of monthly spending works well for a budget tracker.');
    const followUp = msg('s1', 'user', 'The budget chart in my tracker app shows the wrong budget totals, budget chart help?');
    const later = msg('s2', 'user', 'Now the tracker app needs a login page.');
    await temp.store.insertMessages([raised, reply, followUp, later]);
    return { raised, reply, followUp, later };
  }

  it("gives the session's earliest close match the session's best place", async () => {
    const t = await session();
    const out = sortCandidates(await preferFirstMentions(temp.store, ranked([t.followUp.id, 1], [t.later.id, 0.9], [t.raised.id, 0.8], [t.reply.id, 0.75]), 0.7));
    expect(out.map((c) => c.id)).toEqual([t.raised.id, t.later.id, t.followUp.id, t.reply.id]);
  });

  it('keeps the best match first when the earlier turn matched far less', async () => {
    const t = await session();
    const out = sortCandidates(await preferFirstMentions(temp.store, ranked([t.followUp.id, 1], [t.later.id, 0.9], [t.raised.id, 0.3]), 0.7));
    expect(out.map((c) => c.id)).toEqual([t.followUp.id, t.later.id, t.raised.id]);
  });

  it("never trades a user's turn for an assistant's", async () => {
    const t = await session();
    // The reply comes before the follow-up and matches nearly as well, but it is not the user's.
    const out = sortCandidates(await preferFirstMentions(temp.store, ranked([t.followUp.id, 1], [t.reply.id, 0.95]), 0.7));
    expect(out.map((c) => c.id)).toEqual([t.followUp.id, t.reply.id]);
  });
});
