import { hashId } from '../ids.js';
import { questionsFor } from '../ingest/questions.js';
import { redactSecrets } from '../ingest/secrets.js';
import type { Memory } from '../types.js';
import type { ParsedMemory } from './parsed-memory.js';

const DEFAULT_IMPORTANCE: Record<Memory['type'], number> = { instruction: 0.7, fact: 0.6, event: 0.5, task: 0.5 };

/**
 * A complete active memory for a parsed one. Secrets are redacted exactly as `remember` does,
 * and the id is derived from the content so importing the same folder twice changes nothing.
 */
export function toMemory(p: ParsedMemory): Memory {
  const content = redactSecrets(p.content).text;
  const keyed = p.type === 'fact' || p.type === 'instruction';
  const topicKey = keyed ? p.topicKey : null;
  const eventTime = p.type === 'event' ? (p.eventTime ?? p.createdAt) : null;
  const redacted = content !== p.content;
  return {
    id: p.id && !redacted ? p.id : hashId('import', p.type, topicKey ?? '', content, p.createdAt),
    type: p.type,
    content,
    topicKey,
    eventTime,
    sessionId: p.sessionId,
    sourceMessageIds: [],
    queries: questionsFor({ type: p.type, content, subject: 'the user', topicKey, dateLabel: eventTime?.slice(0, 10) ?? null, tags: p.tags }),
    tags: p.tags,
    importance: p.importance ?? DEFAULT_IMPORTANCE[p.type],
    status: 'active',
    supersededBy: null,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    tier: p.tier ?? 'hot',
    accessCount: 0,
    lastAccessedAt: null,
    pinned: p.pinned ?? false,
    halfLifeDays: p.halfLifeDays ?? null,
    metadata: p.decay && p.decay !== (p.type === 'task' ? 'ephemeral' : 'keep') ? { decay: p.decay } : {},
    userId: null,
    agentId: null,
    runId: null,
    expiresAt: p.expiresAt ?? null,
    attachment: p.attachment ?? null,
    derivedFrom: [],
  };
}
