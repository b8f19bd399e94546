import type { JobHandler } from '../jobs/worker.js';
import type { Embedder } from '../models/embedder.js';
import type { Store, VectorKind, VectorOwner } from '../store/store.js';

const BATCH = 256;
const META_EMBEDDER = 'embedder';

/**
 * Vectorizes what has no vector yet under the current embedder. If the profile was embedded
 * with another embedder, its vectors are dropped first and rebuilt here: never a dimension clash.
 */
export function embedJobHandler(getEmbedder: () => Promise<Embedder | null>): JobHandler {
  return async (job, ctx) => {
    const embedder = await getEmbedder();
    if (!embedder) return;
    await adoptEmbedder(ctx.store, embedder);
    for (const kind of ['memory', 'message'] as VectorKind[]) {
      for (;;) {
        const owners = await ctx.store.missingVectors(kind, BATCH);
        if (owners.length === 0) break;
        const texts = await textsFor(ctx.store, owners);
        const vectors = await embedder.embed(texts);
        await ctx.store.upsertVectors(owners.map((o, i) => ({ ...o, vector: vectors[i] })));
        await ctx.store.extendLease(job.id, ctx.workerId, 60_000);
      }
    }
  };
}

export function embedderKey(embedder: Embedder): string {
  return `${embedder.id}#${embedder.dimensions}`;
}

export async function adoptEmbedder(store: Store, embedder: Embedder): Promise<void> {
  const id = embedderKey(embedder);
  const current = await store.getMeta(META_EMBEDDER);
  if (current === id) return;
  if (current !== null) await store.clearVectors();
  await store.setMeta(META_EMBEDDER, id);
}

export async function currentEmbedderId(store: Store): Promise<string | null> {
  return store.getMeta(META_EMBEDDER);
}

/** Memories embed their question forms with the content; messages their content. */
async function textsFor(store: Store, owners: VectorOwner[]): Promise<string[]> {
  const ids = owners.map((o) => o.id);
  if (owners[0].kind === 'memory') {
    const byId = new Map((await store.getMemories(ids)).map((m) => [m.id, m]));
    return ids.map((id) => {
      const m = byId.get(id);
      return m ? [...m.queries, m.content].join('\n') : '';
    });
  }
  const byId = new Map((await store.getMessages(ids)).map((m) => [m.id, m]));
  return ids.map((id) => byId.get(id)?.content ?? '');
}
