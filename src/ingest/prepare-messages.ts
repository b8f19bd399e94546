import { messageId } from '../ids.js';
import { ingestInputSchema, ingestOptionsSchema, type IngestOptions } from '../schemas.js';
import type { NewMessage, Redaction } from '../types.js';
import { parseInput } from '../validation.js';
import { redactSecrets } from './secrets.js';

export const DEFAULT_SESSION = 'default';

/**
 * Validates a batch, redacts secrets and assigns content-addressed ids. Throws before anything
 * is written, so a bad batch never half-lands.
 */
export function prepareMessages(input: unknown, options: IngestOptions = {}): { messages: NewMessage[]; redactions: Redaction[]; wait: boolean } {
  const opts = { data: parseInput(ingestOptionsSchema, options, 'ingest options') };
  const parsed = { data: parseInput(ingestInputSchema, input, 'messages') };
  const now = new Date().toISOString();
  const redactions: Redaction[] = [];
  const messages = parsed.data.map((m): NewMessage => {
    const { text, redactions: found } = redactSecrets(m.content);
    redactions.push(...found);
    const sessionId = m.sessionId ?? opts.data.sessionId ?? DEFAULT_SESSION;
    return {
      id: messageId(sessionId, m.role, text),
      sessionId,
      role: m.role,
      content: text,
      timestamp: m.timestamp ?? opts.data.timestamp ?? now,
      metadata: m.metadata ?? null,
    };
  });
  return { messages: dedupeById(messages), redactions, wait: opts.data.wait ?? false };
}

function dedupeById(messages: NewMessage[]): NewMessage[] {
  const seen = new Set<string>();
  return messages.filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
}
