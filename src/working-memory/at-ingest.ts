import type { Store } from '../store/store.js';
import type { WorkingSessionApi } from './session.js';

/** What an ingest did with the working memory of the sessions it carried. */
export interface IngestWorkingMemory {
  /** Ids of the long-term memories the kept items became. */
  promoted: string[];
  /** Scratch items dropped. */
  dropped: number;
}

/**
 * An ingest ships a session's conversation to long-term memory, so the session's working set is
 * settled with it (DESIGN.md §3a): items marked `keep` become memories, the rest are dropped, as
 * `session.end()` does. Sessions with no working items cost one indexed read each.
 */
export async function settleWorkingMemory(store: Store, sessionIds: Iterable<string>, session: (id: string) => WorkingSessionApi): Promise<IngestWorkingMemory | null> {
  let settled: IngestWorkingMemory | null = null;
  for (const id of new Set(sessionIds)) {
    if ((await store.listWorkingItems(id)).length === 0) continue;
    const end = await session(id).end({ promote: 'kept' });
    settled ??= { promoted: [], dropped: 0 };
    settled.promoted.push(...end.promoted.map((m) => m.id));
    settled.dropped += end.dropped;
  }
  return settled;
}
