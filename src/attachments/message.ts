import type { Attachment, Metadata } from '../types.js';

/** Where a message keeps its attachments: its metadata (the id stays content-addressed). */
export const ATTACHMENTS_KEY = 'attachments';

/** The metadata a message is stored with: the caller's, plus its attachment pointers. */
export function messageMetadata(m: { metadata?: Metadata; attachments?: Attachment[] }): Metadata | null {
  if (!m.attachments?.length) return m.metadata ?? null;
  return { ...m.metadata, [ATTACHMENTS_KEY]: m.attachments };
}
