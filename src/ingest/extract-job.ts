import type { JobHandler } from '../jobs/worker.js';
import { perceptualMemories } from '../attachments/perceptual.js';
import { withCacheAffinity } from '../models/llm/cache-affinity.js';
import { withTaskExpiry } from '../tasks/expiry.js';
import type { NewMemory, StoredMessage } from '../types.js';
import { adoptEmbedder, currentEmbedderId, embedderKey, vectorsOf, type EmbedPayload } from './embed-job.js';
import type { Embedder } from '../models/embedder.js';
import type { Store } from '../store/store.js';
import type { Extractor } from './extractor.js';
import { scopeFromPayload } from '../filters/ingest-scope.js';
import { EMBED_JOB, EXTRACT_JOB } from '../jobs/kinds.js';

export { EMBED_JOB, EXTRACT_JOB };

/**
 * Extracts memories from the messages named in the job and writes them, completing the job in
 * the same transaction: a crash either keeps the job or its result. Vectors go in that
 * transaction too when the embedder computes in process and the profile already uses it;
 * otherwise (a remote model, or an embedder switch to handle) an embed job is enqueued in it.
 */
export function extractJobHandler(
  getExtractor: () => Extractor,
  onUsage?: (u: { calls: number; inputTokens: number; outputTokens: number }) => void,
  getEmbedder?: () => Promise<Embedder | null>,
): JobHandler {
  return async (job, ctx) => {
    const ids = Array.isArray(job.payload.messageIds) ? (job.payload.messageIds as string[]) : [];
    const messages = handedMessages(ctx.handed, ids) ?? (await ctx.store.getMessages(ids)).sort((a, b) => a.seq - b.seq);
    const existingTopicKeys = await ctx.store.topicKeys(undefined, 1000);
    const { memories, usage } = await withCacheAffinity(ctx.store.profile, () => getExtractor().extract({ messages, existingTopicKeys }));
    if (usage) onUsage?.(usage);
    const scope = scopeFromPayload(job.payload);
    const all = withTaskExpiry(datedBySource([...memories, ...perceptualMemories(messages)], messages), (m) => m.createdAt).map((m) => ({ ...m, ...scope }));
    const embedder = await inlineEmbedder(ctx.store, getEmbedder);
    await ctx.store.writeMemories(all, {
      completeJob: { id: job.id, workerId: ctx.workerId },
      ...(embedder
        ? { vectors: await vectorsOf(embedder, all, messages) }
        : { enqueue: [{ kind: EMBED_JOB, payload: { memoryIds: all.map((m) => m.id), messageIds: messages.map((m) => m.id) } satisfies EmbedPayload }] }),
      actor: 'ingest',
      // The entity index follows the new messages and memories here, not in the next recall.
      indexEntities: true,
    });
    ctx.completed = true;
  };
}

/** The messages the ingest call handed over with the job (as stored, in seq order), when they are exactly the job's. */
function handedMessages(handed: unknown, ids: string[]): StoredMessage[] | null {
  const messages = (handed as { messages?: StoredMessage[] } | undefined)?.messages;
  if (!messages || messages.length !== ids.length) return null;
  const want = new Set(ids);
  return messages.every((m) => want.has(m.id)) ? messages : null;
}

/** The embedder when extraction may write its vectors itself: in process, and the one the profile's vectors come from. */
async function inlineEmbedder(store: Store, getEmbedder?: () => Promise<Embedder | null>): Promise<Embedder | null> {
  const embedder = getEmbedder ? await getEmbedder() : null;
  if (!embedder?.inProcess) return null;
  const current = await currentEmbedderId(store);
  if (current === embedderKey(embedder)) return embedder;
  // A new profile adopts it here; a switch is left to the embed job, which re-embeds everything.
  return current === null && !(await adoptEmbedder(store, embedder)) ? embedder : null;
}

/** A memory is as old as what it was said in, so backfilled history supersedes in time order. */
function datedBySource(memories: NewMemory[], messages: StoredMessage[]): NewMemory[] {
  const timeById = new Map(messages.map((m) => [m.id, m.timestamp ?? m.createdAt]));
  return memories.map((m) => {
    if (m.createdAt) return m;
    const times = m.sourceMessageIds.map((id) => timeById.get(id)).filter((t): t is string => !!t).sort();
    const at = times[times.length - 1];
    return at ? { ...m, createdAt: at, updatedAt: at } : m;
  });
}
