import { MnemoError } from '../errors.js';

/** `openMemory({ consolidation })`. */
export interface ConsolidationConfig {
  /** Queue a consolidation after this many new memories (default 0: only when asked; see README "Consolidation"). */
  everyNewMemories?: number;
}

export const DEFAULT_EVERY_NEW_MEMORIES = 0;

export function everyNewMemoriesOf(config: ConsolidationConfig | undefined): number {
  const n = config?.everyNewMemories ?? DEFAULT_EVERY_NEW_MEMORIES;
  if (!Number.isInteger(n) || n < 0) throw new MnemoError('invalid_input', `consolidation.everyNewMemories must be a whole number >= 0; got ${n}`);
  return n;
}
