import { describe, expect, it } from 'vitest';
import { type Harness, at, mem, msg } from './harness.js';

export function termMentionsContract(h: Harness): void {
  describe('terms mentioned', () => {
    it('tells which terms a message or an active memory holds, as a one-term search would find them', async () => {
      const s = h.store();
      await s.insertMessages([msg('s1', 'user', 'Caroline deployed the staging server yesterday')]);
      const old = mem('The editor is vim', { topicKey: 'user.editor', createdAt: at(1) });
      const cur = mem('The editor is helix', { topicKey: 'user.editor', createdAt: at(2) });
      const dropped = mem('The wifi hint is banana');
      await s.writeMemories([old, cur, dropped, mem('Melanie paints sunsets', { queries: ['What does Melanie paint?'], tags: ['hobby'] })]);
      await s.forget(dropped.id, { purge: false });
      const terms = ['caroline', 'deploying', 'helix', 'painting', 'hobby', 'vim', 'banana', 'jon', 'staging server', ''];
      expect(await s.termsMentioned(terms)).toEqual([true, true, true, true, true, false, false, false, true, false]);
      for (const [i, term] of terms.entries()) {
        const found = (await s.searchMessages({ terms: [term] }, { limit: 1 })).length > 0
          || (await s.searchMemories({ terms: [term] }, { limit: 1 })).length > 0;
        expect(found, term).toBe((await s.termsMentioned(terms))[i]);
      }
      expect(await s.termsMentioned([])).toEqual([]);
    });

    it('answers hostile input as plain words, never as query syntax', async () => {
      await h.store().writeMemories([mem('postgres is the database')]);
      const hostile = ['"', 'AND OR NOT', 'NEAR(', '*', 'col:', '(', '^', 'content:', '"x', "'; DROP TABLE x; --"];
      expect(await h.store().termsMentioned([...hostile, 'postgres'])).toEqual([...hostile.map(() => false), true]);
    });

    it('follows writes: a term leaves with the last active memory holding it', async () => {
      const s = h.store();
      const m = mem('The cat is called Miso');
      await s.writeMemories([m]);
      expect(await s.termsMentioned(['miso'])).toEqual([true]);
      await s.setStatus(m.id, 'done');
      expect(await s.termsMentioned(['miso'])).toEqual([false]);
    });
  });
}
