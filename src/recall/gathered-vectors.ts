import { isGathered } from '../consolidation/compose.js';
import type { Store } from '../store/store.js';
import type { Memory } from '../types.js';

type VectorHit = { kind: 'memory'; id: string; score: number; memory?: Memory };

/** Searches past this many rounds keep what they found (a profile of digests alone). */
const MAX_ROUNDS = 3;

/**
 * A memory vector search's best `depth` memories other than gathered ones (consolidation's
 * digests), with the gathered ones ranked among them: a digest takes no place of theirs, so the
 * list's tail, which scales the channel's scores (normalize.ts), stays as without consolidation.
 * Each hit carries its row (the ranking reads them anyway), kept in `rows` for other searches of
 * the same recall. Recall calls it only when the store has derived memories (Store.hasDerivedMemories).
 */
export async function vectorsBesideGathered(
  store: Store, search: (limit: number) => Promise<VectorHit[]>, depth: number, rows = new Map<string, Memory>(),
): Promise<VectorHit[]> {
  let limit = depth;
  let hits: VectorHit[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    hits = await search(limit);
    const missing = hits.filter((h) => !rows.has(h.id)).map((h) => h.id);
    if (missing.length > 0) for (const m of await store.getMemories(missing)) rows.set(m.id, m);
    const gathered = hits.filter((h) => isDigest(rows.get(h.id))).length;
    if (gathered === 0 || hits.length < limit || hits.length - gathered >= depth) break;
    limit = depth + 2 * gathered;
  }
  const out: VectorHit[] = [];
  let others = 0;
  for (const h of hits) {
    if (others === depth) break;
    const memory = rows.get(h.id);
    if (!isDigest(memory)) others++;
    out.push(memory ? { ...h, memory } : h);
  }
  return out;
}

function isDigest(m: Memory | undefined): boolean {
  return m !== undefined && isGathered(m);
}
