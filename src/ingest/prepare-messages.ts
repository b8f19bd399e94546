import type { SplitMessage } from '../api.js';
import { redactedMessageMetadata } from '../attachments/redact.js';
import { hashId, messageId } from '../ids.js';
import { ingestInputSchema, ingestOptionsSchema, type IngestOptions } from '../schemas.js';
import type { NewMessage, Redaction } from '../types.js';
import { parseInput } from '../validation.js';
import { redactSecrets } from './secrets.js';
import { splitContent, type SplitInfo } from './split-message.js';

export const DEFAULT_SESSION = 'default';

export interface PreparedBatch {
  messages: NewMessage[];
  redactions: Redaction[];
  wait: boolean;
  /** Messages stored as several parts because they were longer than LIMITS.maxContentChars. */
  split: SplitMessage[];
}

/**
 * Validates a batch, redacts secrets, splits over-long messages into parts and assigns
 * content-addressed ids. Throws before anything is written, so a bad batch never half-lands.
 */
export function prepareMessages(input: unknown, options: IngestOptions = {}): PreparedBatch {
  const opts = parseInput(ingestOptionsSchema, options, 'ingest options');
  const parsed = parseInput(ingestInputSchema, input, 'messages');
  const now = new Date().toISOString();
  const redactions: Redaction[] = [];
  const split: SplitMessage[] = [];
  const messages = parsed.flatMap((m, index): NewMessage[] => {
    // Redact the whole message first, so a secret on a part boundary is still found.
    const { text, redactions: found } = redactSecrets(m.content);
    redactions.push(...found);
    const metadata = redactedMessageMetadata(m, redactions);
    const sessionId = m.sessionId ?? opts.sessionId ?? DEFAULT_SESSION;
    const base = { sessionId, role: m.role, timestamp: m.timestamp ?? opts.timestamp ?? now };
    const wholeId = messageId(sessionId, m.role, text);
    const parts = splitContent(text);
    if (parts.length === 1) return [{ ...base, id: wholeId, content: text, metadata }];
    const stored = parts.map((content, i): NewMessage => {
      const info: SplitInfo = { messageId: wholeId, part: i + 1, parts: parts.length };
      return { ...base, id: hashId(sessionId, m.role, content, `part ${info.part}/${info.parts} of ${wholeId}`), content, metadata: { ...metadata, split: info } };
    });
    split.push({ index, messageId: wholeId, partIds: stored.map((p) => p.id) });
    return stored;
  });
  return { messages: dedupeById(messages), redactions, wait: opts.wait ?? false, split };
}

function dedupeById(messages: NewMessage[]): NewMessage[] {
  const seen = new Set<string>();
  return messages.filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
}
