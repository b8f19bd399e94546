import type { Store } from '../store/store.js';
import type { FilterNode } from './ast.js';

const PAGE = 200;

/**
 * Forgets every active memory matching the filter (at most `limit`), page by page (each forget is
 * its own audited transaction, exactly like forgetting them one by one). Returns the ids
 * forgotten; with `dryRun`, the ids that would be, changing nothing.
 */
export async function forgetMatching(
  store: Store, where: FilterNode, opts: { purge: boolean; reason?: string; limit?: number; dryRun?: boolean },
): Promise<string[]> {
  const ids: string[] = [];
  const limit = opts.limit ?? Infinity;
  if (opts.dryRun) {
    let cursor: string | undefined;
    do {
      const page = await store.listMemories({ status: 'active', where, limit: Math.min(PAGE, limit - ids.length), ...(cursor ? { cursor } : {}) });
      ids.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && ids.length < limit);
    return ids;
  }
  while (ids.length < limit) {
    // Forgotten memories leave the active set, so the first page is always the next one.
    const page = await store.listMemories({ status: 'active', where, limit: Math.min(PAGE, limit - ids.length) });
    if (page.items.length === 0) return ids;
    let progressed = false;
    for (const m of page.items) {
      if (await store.forget(m.id, { purge: opts.purge, reason: opts.reason })) {
        ids.push(m.id);
        progressed = true;
      }
    }
    if (!progressed) return ids;
  }
  return ids;
}
