import type { StoredMessage } from '../types.js';
import type { Candidate } from './candidate.js';

/** The message rows a recall already read, by id: a window read around anchors need not read them again. */
export function heldMessages(candidates: readonly Candidate[]): Map<string, StoredMessage> {
  const held = new Map<string, StoredMessage>();
  for (const c of candidates) if (c.kind === 'message' && c.message) held.set(c.id, c.message);
  return held;
}
