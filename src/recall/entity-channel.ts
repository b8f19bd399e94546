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
  const weights = [...counts].filter(([, n]) => n <= cap).map(([name, n]): [string, number] => [name, Math.log(1 + Math.max(total, 1) / n)]);
  if (weights.length === 0) return [];
  const kind = inp.scope === 'messages' ? 'message' : inp.scope === 'memories' ? 'memory' : undefined;
  const hits = await inp.store.topEntityMentions(weights, { limit: inp.depth, kind });
  const of = (kind: 'message' | 'memory'): ChannelItem[] => hits.filter((h) => h.kind === kind);
  return [
    { channel: 'messages', source: 'entity_mention', hits: of('message') },
    { channel: 'fulltext', source: 'entity_mention', hits: of('memory') },
  ];
}
