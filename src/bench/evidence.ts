/** Maps a mnemo recall result to the dataset's evidence ids, in rank order. */
import type { RecallResult, RecalledMemory } from '../api.js';
import { isGathered } from '../consolidation/compose.js';
import { messageId } from '../ids.js';
import type { BenchMessage } from './types.js';

/** message id → evidence ids (identical turns in one session share an id, so keep a list). */
export type EvidenceMap = Map<string, string[]>;

export function addEvidence(map: EvidenceMap, id: string, evidenceId: string): void {
  const list = map.get(id);
  if (!list) map.set(id, [evidenceId]);
  else if (!list.includes(evidenceId)) list.push(evidenceId);
}

/** Built from content-addressed ids; `storedIds` (what ingest returned, same order) covers any rewrite such as redaction. */
export function buildEvidenceMap(messages: readonly BenchMessage[], storedIds?: readonly string[], map: EvidenceMap = new Map()): EvidenceMap {
  messages.forEach((m, i) => {
    addEvidence(map, messageId(m.sessionId, m.role, m.content), m.metadata.evidenceId);
    const stored = storedIds?.[i];
    if (stored) addEvidence(map, stored, m.metadata.evidenceId);
  });
  return map;
}

function ownEvidenceId(metadata: Record<string, unknown> | null): string | undefined {
  const id = metadata?.evidenceId;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The turns a recalled memory counts for: its source messages. A merged memory (consolidation's)
 * is one statement said in several turns, often sessions apart; like the statement it replaces it
 * counts for one turn: the one the question matched best (returned with a channel of its own), else
 * the first, whose words it keeps. Crediting every restatement at its rank would put the turn that
 * said it months earlier ahead of better evidence wherever the later one matches.
 */
function memoryTurns(m: RecalledMemory, found: ReadonlyMap<string, number>): string[] {
  if (!m.derivedFrom?.length || isGathered(m) || m.sourceMessageIds.length < 2) return m.sourceMessageIds;
  let best: string | undefined;
  for (const id of m.sourceMessageIds) if (found.has(id) && (best === undefined || found.get(id)! > found.get(best)!)) best = id;
  return [best ?? m.sourceMessageIds[0]!];
}

/**
 * Memories and messages merged by score (memories first on ties), each contributing evidence ids:
 * a memory those of its source messages (memoryTurns), a message its own; duplicates dropped.
 */
export function rankedEvidenceIds(result: Pick<RecallResult, 'memories' | 'messages'>, map: EvidenceMap): string[] {
  type Entry = { score: number; order: number; ids: () => string[] };
  const found = new Map(result.messages.filter((m) => m.channels?.length).map((m) => [m.id, m.score]));
  const entries: Entry[] = [
    ...result.memories.map((m, i) => ({ score: m.score, order: i, ids: () => memoryTurns(m, found).flatMap((id) => map.get(id) ?? []) })),
    ...result.messages.map((m, i) => ({
      score: m.score,
      order: result.memories.length + i,
      ids: () => {
        const own = ownEvidenceId(m.metadata);
        return own ? [own] : (map.get(m.id) ?? []);
      },
    })),
  ];
  entries.sort((a, b) => b.score - a.score || a.order - b.order);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const entry of entries) {
    for (const id of entry.ids()) {
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(id);
    }
  }
  return out;
}
