import { MnemoError } from '../errors.js';
import type { Memory } from '../types.js';

const PURGED = '[purged]';

/** Only the active version of a memory can be updated; anything else is a conflict that changes nothing. */
export function assertRevisable(old: Memory): void {
  if (old.status === 'active') return;
  if (old.content === PURGED) throw new MnemoError('conflict', `memory ${old.id} was purged; its content is erased and it cannot be updated`);
  if (old.status === 'superseded') {
    throw new MnemoError('conflict', `memory ${old.id} was superseded by ${old.supersededBy ?? 'a newer memory'}; update the current version`, { supersededBy: old.supersededBy });
  }
  throw new MnemoError('conflict', `memory ${old.id} is ${old.status}; only active memories can be updated`);
}
