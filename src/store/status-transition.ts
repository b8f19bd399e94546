import { MnemoError } from '../errors.js';
import type { Memory, MemoryStatus } from '../types.js';

export interface SetStatusOptions {
  /** Apply the change only if the memory is in this status when the write runs (checked under the write lock). */
  from?: MemoryStatus;
}

/** Throws a conflict when `opts.from` is set and the memory (read under the write lock) is in another status. */
export function assertStatusFrom(memory: Memory, to: MemoryStatus, opts: SetStatusOptions): void {
  if (opts.from === undefined || memory.status === opts.from) return;
  throw new MnemoError('conflict', `memory ${memory.id} is ${memory.status}, not ${opts.from}: it cannot become ${to}; nothing changed`);
}
