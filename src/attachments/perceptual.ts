/**
 * Perceptual memories: each attachment a message carried becomes an event memory that points to
 * it (kind, uri, caption; never its bytes). Its content is the caption or alt text, so full-text
 * and vector search find it by what the image, file or page shows. Built by code, not by the
 * extractor, so it needs no model and the same message always yields the same memory id.
 */
import { hashId } from '../ids.js';
import type { Attachment, NewMemory, StoredMessage } from '../types.js';
import { ATTACHMENTS_KEY } from './message.js';
import { attachmentSchema } from './schema.js';

const SUBJECT: Record<string, string> = { user: 'The user', assistant: 'The assistant', system: 'The system', tool: 'A tool' };
const NOUN: Record<Attachment['kind'], string> = { image: 'an image', file: 'a file', url: 'a link' };

/** The attachments stored on a message (malformed entries are skipped). */
export function attachmentsOf(message: Pick<StoredMessage, 'metadata'>): Attachment[] {
  const list = message.metadata?.[ATTACHMENTS_KEY];
  if (!Array.isArray(list)) return [];
  return list.flatMap((a) => {
    const r = attachmentSchema.safeParse(a);
    return r.success ? [r.data] : [];
  });
}

/** What a perceptual memory says: who shared what, then the caption that makes it searchable. */
export function describeAttachment(a: Attachment, role = 'user'): string {
  const label = a.name ?? lastSegment(a.uri);
  const what = `${SUBJECT[role] ?? 'Someone'} shared ${NOUN[a.kind]}${label ? ` (${label})` : ''}`;
  return a.caption ? `${what}: ${a.caption}` : `${what}.`;
}

export function perceptualMemory(a: Attachment, opts: { sessionId: string | null; role?: string; at: string; sourceMessageIds?: string[] }): NewMemory {
  const content = describeAttachment(a, opts.role);
  const noun = a.kind === 'url' ? 'link' : a.kind;
  return {
    id: hashId('attachment', opts.sessionId ?? '', a.kind, a.uri, a.caption ?? ''),
    type: 'event',
    content,
    topicKey: null,
    eventTime: opts.at,
    sessionId: opts.sessionId,
    sourceMessageIds: opts.sourceMessageIds ?? [],
    queries: [
      `What ${noun} was shared?`,
      `What does the ${noun} show?`,
      ...(a.caption ? [`Which ${noun} shows ${a.caption.replace(/[.!?]+$/, '')}?`] : []),
    ],
    tags: ['perceptual', a.kind],
    importance: 0.5,
    attachment: a,
    createdAt: opts.at,
    updatedAt: opts.at,
  };
}

/** One perceptual memory per attachment of the batch. */
export function perceptualMemories(messages: StoredMessage[]): NewMemory[] {
  return messages.flatMap((m) => attachmentsOf(m).map((a) =>
    perceptualMemory(a, { sessionId: m.sessionId, role: m.role, at: m.timestamp ?? m.createdAt, sourceMessageIds: [m.id] })));
}

function lastSegment(uri: string): string | null {
  const path = uri.split(/[?#]/)[0].replace(/\/+$/, '');
  const seg = path.slice(path.lastIndexOf('/') + 1);
  return seg && !/^[a-z]+:$/i.test(seg) && seg !== path ? decodeURIComponentSafe(seg) : null;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
