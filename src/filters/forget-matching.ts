import type { Store } from '../store/store.js';
import type { FilterNode } from './ast.js';

/**
 * Forgets every active memory matching the filter, page by page (each forget is its own audited
 * transaction, exactly like forgetting them one by one). Returns the ids forgotten.
 */
export async function forgetMatching(store: Store, where: FilterNode, opts: { purge: boolean; reason?: string }): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    // Forgotten memories leave the active set, so the first page is always the next one.
    const page = await store.listMemories({ status: 'active', where, limit: 200 });
    if (page.items.length === 0) return ids;
    for (const m of page.items) {
      if (await store.forget(m.id, opts)) ids.push(m.id);
    }
  }
}
