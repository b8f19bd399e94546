/**
 * Attachments are user text like content: the caption, the name and the uri (query string
 * included: `?token=…` is common) go through the secret scanner before they are stored, on
 * every path (ingested messages and `remember`).
 */
import { redactMetadata } from '../ingest/redact-json.js';
import { redactSecrets } from '../ingest/secrets.js';
import type { Attachment, Metadata, Redaction } from '../types.js';
import { messageMetadata } from './message.js';

export function redactAttachment(a: Attachment): { attachment: Attachment; redactions: Redaction[] } {
  const redactions: Redaction[] = [];
  const clean = (s: string | null): string | null => {
    if (s === null) return null;
    const r = redactSecrets(s);
    redactions.push(...r.redactions);
    return r.text;
  };
  const attachment: Attachment = { ...a, uri: clean(a.uri)!, caption: clean(a.caption), name: clean(a.name), mimeType: clean(a.mimeType) };
  return { attachment, redactions };
}

/** A message's stored metadata (its own plus its attachments), redacted; findings go to `into`. */
export function redactedMessageMetadata(m: { metadata?: Metadata; attachments?: Attachment[] }, into: Redaction[]): Metadata | null {
  const attachments = m.attachments?.map((a) => {
    const r = redactAttachment(a);
    into.push(...r.redactions);
    return r.attachment;
  });
  return messageMetadata({ metadata: redactMetadata(m.metadata, into, 'message metadata'), attachments });
}
