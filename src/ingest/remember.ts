import { hashId } from '../ids.js';
import { rememberInputSchema, type RememberInput } from '../schemas.js';
import type { NewMemory, Redaction } from '../types.js';
import { parseInput } from '../validation.js';
import type { Extractor } from './extractor.js';
import { redactMetadata, redactStrings } from './redact-json.js';
import { redactSecrets } from './secrets.js';
import { DEFAULT_SESSION } from './prepare-messages.js';

/**
 * Builds the memory for a direct `remember`: the content is kept whole (redacted), and whatever
 * the caller did not give (type, key, questions, event time) comes from the extractor's reading
 * of the same sentence.
 */
export async function buildRememberedMemory(input: RememberInput, extractor: Extractor, existingTopicKeys: string[]): Promise<{ memory: NewMemory; redactions: Redaction[] }> {
  const data = parseInput(rememberInputSchema, input, 'remember input');
  const { text, redactions } = redactSecrets(data.content.trim());
  const now = new Date().toISOString();
  const sessionId = data.sessionId ?? DEFAULT_SESSION;
  const probe = await extractor.extract({
    messages: [{ id: hashId('remember-probe', text), sessionId, role: 'user', content: text, timestamp: data.eventTime ?? now, metadata: null, seq: 0, createdAt: now }],
    existingTopicKeys,
  });
  const reading = probe.memories[0];
  const type = data.type ?? reading?.type ?? 'fact';
  const keyed = type === 'fact' || type === 'instruction';
  const topicKey = keyed ? (data.topicKey ?? (reading?.type === type ? reading.topicKey : null) ?? null) : null;
  const memory: NewMemory = {
    id: hashId('remember', type, topicKey ?? '', text, now),
    type,
    content: text,
    topicKey,
    eventTime: type === 'event' ? (data.eventTime ?? reading?.eventTime ?? now) : null,
    sessionId,
    sourceMessageIds: [],
    queries: reading?.queries ?? [],
    tags: redactStrings(data.tags, redactions) ?? reading?.tags ?? [],
    importance: data.importance ?? reading?.importance ?? 0.6,
    pinned: data.pinned ?? false,
    metadata: redactMetadata(data.metadata, redactions),
    userId: data.userId,
    agentId: data.agentId,
    runId: data.runId,
    createdAt: now,
    updatedAt: now,
  };
  return { memory, redactions };
}
