import { describe, expect, it } from 'vitest';
import type { EntityHit } from '../../src/store/entity-store.js';
import type { Store } from '../../src/store/store.js';
import { type Harness, mem, msg } from './harness.js';

const NAMES = ['Ann', 'Bob', 'Cleo', 'Dara', 'Eli', 'Finn', 'Gus', 'Hana', 'Ivo', 'Jun'];

/** What the entity channel computed from every mention before the store ranked them: the reference. */
async function byEveryMention(s: Store, weights: [string, number][], limit: number, kind?: EntityHit['kind']): Promise<EntityHit[]> {
  const w = new Map(weights);
  const scores = new Map<string, EntityHit>();
  for (const m of await s.entityMentions([...w.keys()], { limit: 10_000 })) {
    if (kind && m.kind !== kind) continue;
    const hit = scores.get(`${m.kind}:${m.id}`) ?? { kind: m.kind, id: m.id, score: 0 };
    hit.score += w.get(m.entity)!;
    scores.set(`${m.kind}:${m.id}`, hit);
  }
  return [...scores.values()].sort((a, b) => b.score - a.score).slice(0, limit);
}

export function entityTopContract(h: Harness): void {
  describe('entity index: best mentions by weight', () => {
    it('ranks items by the summed weights of the entities they mention, ties as every mention lists them', async () => {
      const s = h.store();
      // Each row names the people of the bits of its number: many rows share a set (ties), some sets overlap.
      const text = (i: number) => `We met ${NAMES.filter((_, b) => (i * 7 + 3) % 23 & (1 << (b % 5)) ? b % 2 === i % 2 : false).join(' and ') || 'nobody'} today.`;
      await s.insertMessages(Array.from({ length: 60 }, (_, i) => msg(`s${i % 4}`, 'user', `Line ${i}: ${text(i)} Also ${NAMES[i % NAMES.length]} came.`)));
      await s.writeMemories(Array.from({ length: 20 }, (_, i) => mem(`The user saw ${NAMES[i % 3]} with ${NAMES[(i + 4) % NAMES.length]}`)));
      const weigh = (names: string[], w: (i: number) => number): [string, number][] => names.map((n, i) => [n.toLowerCase(), w(i)]);
      const cases: [string, number][][] = [
        weigh(['Ann'], () => 1.5),
        weigh(['Bob', 'Ann', 'Eli'], (i) => [0.7, 1.1, 0.3][i]),
        // Equal weights: items naming one of them tie with items naming another.
        weigh(['Cleo', 'Dara', 'Finn'], () => 0.9),
        weigh(['Gus', 'nobody-here', 'Hana'], (i) => 0.1 * (i + 1) + 0.2),
        // More entities than SQL ranks by their subsets.
        weigh(NAMES, (i) => Math.log(1 + 60 / (i + 2))),
      ];
      for (const weights of cases) {
        for (const kind of [undefined, 'message', 'memory'] as const) {
          for (const limit of [1, 7, 50]) {
            const want = await byEveryMention(s, weights, limit, kind);
            expect(await s.topEntityMentions(weights, { limit, kind }), `${weights.map((w) => w[0])} ${kind} ${limit}`).toEqual(want);
          }
        }
      }
      // Two names (ranked mask by mask in SQLite): limits around the number naming both, in both kinds.
      await s.insertMessages(Array.from({ length: 9 }, (_, i) => msg(`s${i % 3}`, 'user', `Ann and Bob planned step ${i}.`)));
      await s.writeMemories(Array.from({ length: 4 }, (_, i) => mem(`Ann owes Bob ${i + 2} books`)));
      const both = async (a: string, b: string, kind?: EntityHit['kind']) => {
        const ids = async (name: string) => new Set((await s.entityMentions([name], { limit: 10_000 })).filter((m) => !kind || m.kind === kind).map((m) => `${m.kind}:${m.id}`));
        const [x, y] = [await ids(a), await ids(b)];
        return [...x].filter((k) => y.has(k)).length;
      };
      const pairs: [string, number][][] = [
        weigh(['Ann', 'Bob'], () => 1),
        weigh(['Bob', 'Ann'], () => 1),
        weigh(['Ann', 'Bob'], (i) => [1.25, 0.5][i]),
        weigh(['Bob', 'Ann'], (i) => [0.5, 1.25][i]),
        weigh(['Cleo', 'Eli'], (i) => [0.75, 2][i]),
        weigh(['Ann', 'nobody-here'], () => 1),
        weigh(['nobody-here', 'Bob'], (i) => [2, 1][i]),
        // A negative weight: naming both ranks below naming the first alone.
        weigh(['Ann', 'Bob'], (i) => [1, -0.25][i]),
      ];
      for (const weights of pairs) {
        for (const kind of [undefined, 'message', 'memory'] as const) {
          const n = await both(weights[0][0], weights[1][0], kind);
          for (const limit of [1, Math.max(1, n - 1), n + 1, n + 3, 200]) {
            const want = await byEveryMention(s, weights, limit, kind);
            expect(await s.topEntityMentions(weights, { limit, kind }), `${weights.map((w) => w.join(':'))} ${kind} ${limit}`).toEqual(want);
          }
        }
      }
      expect(await both('ann', 'bob', 'memory')).toBeGreaterThan(3);
      expect(await both('ann', 'bob', 'message')).toBeGreaterThan(8);
      expect((await s.topEntityMentions(weigh(['Ann', 'Bob'], () => 1), { limit: 100 })).length).toBeGreaterThan(10);
      expect(await s.topEntityMentions([], { limit: 5 })).toEqual([]);
      expect(await s.topEntityMentions(weigh(['Ann'], () => 1), { limit: 0 })).toEqual([]);
    });
  });
}
