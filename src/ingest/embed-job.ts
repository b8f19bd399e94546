import type { JobHandler } from '../jobs/worker.js';
import type { Embedder } from '../models/embedder.js';
import type { Store, VectorKind, VectorOwner, VectorRow } from '../store/store.js';
import type { NewMemory, StoredMessage } from '../types.js';

const BATCH = 256;
const META_EMBEDDER = 'embedder';

/** What an embed job vectorizes: the named rows, or (`full`) everything that has no vector yet. */
export interface EmbedPayload {
  memoryIds?: string[];
  messageIds?: string[];
  full?: boolean;
  reason?: string;
}

/**
 * Vectorizes under the current embedder. Jobs name the rows they were enqueued for, so a busy
 * profile never rescans every row per write; a full pass runs after an import or when the
 * embedder changed (the old vectors are dropped first: never a dimension clash).
 */
export function embedJobHandler(getEmbedder: () => Promise<Embedder | null>): JobHandler {
  return async (job, ctx) => {
    const embedder = await getEmbedder();
    if (!embedder) return;
    const payload = job.payload as EmbedPayload;
    const switched = await adoptEmbedder(ctx.store, embedder);
    const full = switched || payload.full === true || (!payload.memoryIds && !payload.messageIds);
    if (full) {
      for (const kind of ['memory', 'message'] as VectorKind[]) {
        for (;;) {
          const owners = await ctx.store.missingVectors(kind, BATCH);
          if (owners.length === 0) break;
          await embedOwners(ctx.store, embedder, owners);
          await ctx.heartbeat();
        }
      }
      return;
    }
    for (const [kind, ids] of [['memory', payload.memoryIds ?? []], ['message', payload.messageIds ?? []]] as const) {
      for (let i = 0; i < ids.length; i += BATCH) {
        await embedOwners(ctx.store, embedder, ids.slice(i, i + BATCH).map((id) => ({ kind, id })));
        await ctx.heartbeat();
      }
    }
  };
}

export function embedderKey(embedder: Embedder): string {
  return `${embedder.id}#${embedder.dimensions}`;
}

/** Records the embedder; returns true when the profile had vectors of another one (now dropped). */
export async function adoptEmbedder(store: Store, embedder: Embedder): Promise<boolean> {
  const id = embedderKey(embedder);
  const current = await store.getMeta(META_EMBEDDER);
  if (current === id) return false;
  if (current !== null) await store.clearVectors();
  await store.setMeta(META_EMBEDDER, id);
  return current !== null;
}

export async function currentEmbedderId(store: Store): Promise<string | null> {
  return store.getMeta(META_EMBEDDER);
}

interface VectorText { kind: VectorKind; id: string; text: string }

/** Memories embed their question forms with the content. Tasks and inactive memories are skipped. */
function memoryTexts(memories: Pick<NewMemory, 'id' | 'type' | 'status' | 'queries' | 'content'>[]): VectorText[] {
  return memories
    .filter((m) => (m.status ?? 'active') === 'active' && m.type !== 'task')
    .map((m) => ({ kind: 'memory', id: m.id, text: [...(m.queries ?? []), m.content].join('\n') }));
}

/** Messages embed their content; purged ones are skipped. */
function messageTexts(messages: Pick<StoredMessage, 'id' | 'content'>[]): VectorText[] {
  return messages.filter((m) => m.content !== '[purged]').map((m) => ({ kind: 'message', id: m.id, text: m.content }));
}

async function embedTexts(embedder: Embedder, rows: VectorText[]): Promise<VectorRow[]> {
  if (rows.length === 0) return [];
  const vectors = await embedder.embed(rows.map((r) => r.text));
  return rows.map((r, i) => ({ kind: r.kind, id: r.id, vector: vectors[i] }));
}

/** The vectors an extraction's memories and their messages get (what an embed job would write for them). */
export function vectorsOf(embedder: Embedder, memories: NewMemory[], messages: StoredMessage[]): Promise<VectorRow[]> {
  return embedTexts(embedder, [...memoryTexts(memories), ...messageTexts(messages)]);
}

async function embedOwners(store: Store, embedder: Embedder, owners: VectorOwner[]): Promise<void> {
  const ids = owners.map((o) => o.id);
  const rows = owners[0]?.kind === 'memory' ? memoryTexts(await store.getMemories(ids)) : messageTexts(await store.getMessages(ids));
  const vectors = await embedTexts(embedder, rows);
  if (vectors.length > 0) await store.upsertVectors(vectors);
}
