import type { JobHandler } from '../jobs/worker.js';
import { perceptualMemories } from '../attachments/perceptual.js';
import { withCacheAffinity } from '../models/llm/cache-affinity.js';
import { withTaskExpiry } from '../tasks/expiry.js';
import type { NewMemory, StoredMessage } from '../types.js';
import type { EmbedPayload } from './embed-job.js';
import type { Extractor } from './extractor.js';
import { scopeFromPayload } from '../filters/ingest-scope.js';

export const EXTRACT_JOB = 'extract';
export const EMBED_JOB = 'embed';

/**
 * Extracts memories from the messages named in the job and writes them, completing the job and
 * enqueueing vectorization in the same transaction: a crash either keeps the job or its result.
 */
export function extractJobHandler(getExtractor: () => Extractor, onUsage?: (u: { calls: number; inputTokens: number; outputTokens: number }) => void): JobHandler {
  return async (job, ctx) => {
    const ids = Array.isArray(job.payload.messageIds) ? (job.payload.messageIds as string[]) : [];
    const messages = (await ctx.store.getMessages(ids)).sort((a, b) => a.seq - b.seq);
    const existingTopicKeys = await ctx.store.topicKeys(undefined, 1000);
    const { memories, usage } = await withCacheAffinity(ctx.store.profile, () => getExtractor().extract({ messages, existingTopicKeys }));
    if (usage) onUsage?.(usage);
    const scope = scopeFromPayload(job.payload);
    const all = withTaskExpiry(datedBySource([...memories, ...perceptualMemories(messages)], messages), (m) => m.createdAt).map((m) => ({ ...m, ...scope }));
    await ctx.store.writeMemories(all, {
      completeJob: { id: job.id, workerId: ctx.workerId },
      enqueue: [{ kind: EMBED_JOB, payload: { memoryIds: all.map((m) => m.id), messageIds: messages.map((m) => m.id) } satisfies EmbedPayload }],
      actor: 'ingest',
    });
    ctx.completed = true;
    // The entity index follows the new messages and memories here, not in the next recall. The job
    // is already complete: a failure here loses nothing, the next read of the index catches up.
    await ctx.store.indexEntities().catch(() => undefined);
  };
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
