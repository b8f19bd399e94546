import { withMemoryDefaults } from '../store/memory-defaults.js';
import type { WorkingItem } from '../store/consolidation-store.js';
import type { Memory } from '../types.js';

/** A scratch item shaped as a memory so the context block can list it (never stored as one). */
export function workingItemAsMemory(item: WorkingItem): Memory {
  return withMemoryDefaults({
    id: `working:${item.id}`, type: item.type, content: item.content, topicKey: null, eventTime: null, sessionId: item.sessionId,
    sourceMessageIds: [], queries: [], tags: [], importance: item.keep ? 0.7 : 0.5,
  }, item.createdAt, item.createdAt);
}
