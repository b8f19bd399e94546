import { hashId, normalizeContent } from '../../ids.js';
import type { NewMemory, StoredMessage } from '../../types.js';
import { redactSecrets } from '../secrets.js';
import type { Candidate } from './candidate-schema.js';
import type { Window } from './chunking.js';
import { looksLikeInjection } from './injection.js';
import { normalizeTopicKey } from './topic-keys.js';

const MAX_CONTENT = 2_000;

/** Code-side checks of a model candidate: cited lines exist in the window, fields are well-formed. */
export function candidateToMemory(
  c: Candidate,
  messages: readonly StoredMessage[],
  window: Window,
  existingTopicKeys: readonly string[],
): NewMemory | null {
  const indices = [...new Set(c.lines.map((line) => Math.trunc(line) - 1))]
    .filter((i) => i >= window.start && i < window.end)
    .sort((a, b) => a - b);
  if (indices.length === 0) return null; // unsupported: no provenance inside this transcript
  const sources = indices.map((i) => messages[i]!);
  if (sources.every((m) => looksLikeInjection(m.content))) return null;
  const content = redactSecrets(c.content.trim().replace(/\s+/g, ' ')).text.slice(0, MAX_CONTENT);
  if (!content) return null;
  const keyed = c.type === 'fact' || c.type === 'instruction';
  const topicKey = keyed ? normalizeTopicKey(c.topicKey, existingTopicKeys) : null;
  const eventTime = c.type === 'event' ? (toIsoTime(c.eventTime) ?? dayOf(sources[0]!.timestamp)) : null;
  return withId({
    type: c.type,
    content,
    topicKey,
    eventTime,
    sessionId: sources[0]!.sessionId,
    sourceMessageIds: sources.map((m) => m.id),
    queries: cleanQuestions(c.questions),
    tags: [],
    importance: Number.isFinite(c.importance) ? Math.min(1, Math.max(0, c.importance)) : 0.5,
  });
}

/** Memory id = hash(type, topicKey, normalized content, provenance). */
export function withId(m: Omit<NewMemory, 'id'>): NewMemory {
  const id = hashId(m.type, m.topicKey ?? '', normalizeContent(m.content), m.sourceMessageIds.join(','));
  return { id, ...m };
}

function cleanQuestions(questions: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const q of questions) {
    const text = redactSecrets(q.trim().replace(/\s+/g, ' ')).text.slice(0, 300);
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    out.push(text);
  }
  return out.slice(0, 5);
}

/** "2023-05-07", "2023-05", "2023" or a full ISO time → ISO instant; null when unusable. */
export function toIsoTime(value: string | null): string | null {
  if (!value) return null;
  const v = value.trim();
  const partial = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(v);
  const ms = partial
    ? Date.UTC(Number(partial[1]), Number(partial[2] ?? 1) - 1, Number(partial[3] ?? 1))
    : Date.parse(v);
  if (Number.isNaN(ms)) return null;
  const year = new Date(ms).getUTCFullYear();
  return year >= 1000 && year <= 3000 ? new Date(ms).toISOString() : null;
}

function dayOf(timestamp: string | null): string | null {
  return timestamp ? toIsoTime(timestamp.slice(0, 10)) : null;
}
