import type { Store } from '../store/store.js';
import { questionEntities } from './answerability.js';
import type { ChannelItem, ChannelResult } from './candidate.js';

export interface EntityChannelInputs {
  store: Store;
  query: string;
  /** Entities mentioned by more than this share of the messages gather nothing (a speaker named in every turn). */
  maxShare: number;
  depth: number;
  scope?: 'memories' | 'messages';
}

/**
 * Gathers every mention of the named things a question is about from the entity index
 * (src/entities), across sessions, whatever words surround them: "what did Luna do" finds
 * each turn and memory that names Luna. A mention scores by the rarity of the entities it
 * names (log(1 + messages / mentions)), summed, so a turn naming two of the question's rare
 * entities leads. Names present nearly everywhere say nothing and are skipped; at most `depth` hits.
 */
export async function entityChannel(inp: EntityChannelInputs): Promise<ChannelResult[]> {
  const names = questionEntities(inp.query);
  if (names.length === 0) return [];
  const total = await inp.store.countMessages();
  const cap = Math.max(3, Math.floor(inp.maxShare * total));
  // Counting stops one past the cap: a name over it is too common to gather on.
  const counts = await inp.store.entityCounts(names, { atMost: cap });
  const weight = new Map([...counts].filter(([, n]) => n <= cap).map(([name, n]) => [name, Math.log(1 + Math.max(total, 1) / n)]));
  if (weight.size === 0) return [];
  const scores = new Map<string, { kind: 'message' | 'memory'; id: string; score: number }>();
  for (const m of await inp.store.entityMentions([...weight.keys()], { limit: cap })) {
    const w = weight.get(m.entity);
    if (w === undefined) continue;
    if ((m.kind === 'memory' && inp.scope === 'messages') || (m.kind === 'message' && inp.scope === 'memories')) continue;
    const key = `${m.kind}:${m.id}`;
    const hit = scores.get(key) ?? { kind: m.kind, id: m.id, score: 0 };
    hit.score += w;
    scores.set(key, hit);
  }
  const hits = [...scores.values()].sort((a, b) => b.score - a.score).slice(0, inp.depth);
  const of = (kind: 'message' | 'memory'): ChannelItem[] => hits.filter((h) => h.kind === kind).map(({ kind, id, score }) => ({ kind, id, score }));
  return [
    { channel: 'messages', source: 'entity_mention', hits: of('message') },
    { channel: 'fulltext', source: 'entity_mention', hits: of('memory') },
  ];
}
