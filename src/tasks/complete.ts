import { MnemoError } from '../errors.js';
import type { Store } from '../store/store.js';
import type { Memory } from '../types.js';

/**
 * Marks a task done (status `done`, audited, out of every recall channel; `list` and the audit
 * log keep it). Completing a done task again changes nothing; only active tasks can be completed.
 */
export async function completeTask(store: Store, id: string, reason?: string): Promise<Memory> {
  const memory = await store.getMemory(id);
  if (!memory) throw new MnemoError('not_found', `no memory ${id} in profile ${store.profile}`);
  if (memory.type !== 'task') throw new MnemoError('invalid_input', `memory ${id} is a ${memory.type}, not a task: only tasks can be completed`);
  if (memory.status === 'done') return memory;
  if (memory.status !== 'active') throw new MnemoError('conflict', `task ${id} is ${memory.status}; only an active task can be completed`);
  // The store re-checks `from` under its write lock: a task forgotten or purged since the read stays so (conflict).
  const done = await store.setStatus(id, 'done', reason ?? 'completed', { from: 'active' });
  if (!done) throw new MnemoError('not_found', `no memory ${id} in profile ${store.profile}`);
  return done;
}
