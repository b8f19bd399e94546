import { hashId, normalizeContent } from '../../ids.js';
import type { NewMemory, StoredMessage } from '../../types.js';
import { annotateDates, referenceOf, resolveDates, type ResolvedDate } from '../dates.js';
import type { ExtractionInput, ExtractionOutput, Extractor } from '../extractor.js';
import { questionsFor } from '../questions.js';
import { redactSecrets } from '../secrets.js';
import { reuseTopicKey } from '../topic-key.js';
import { classify, cleanLeadIn } from './classify.js';
import { toThirdPerson } from './rewrite.js';
import { ruleTopicKey } from './topic-keys.js';
import { sentencesOf } from './segment.js';
import { speakerOf } from './speaker.js';
import { tagsFor } from './tags.js';
import { RULE_EXTRACTOR_ID } from './lazy-rule-extractor.js';

/** Offline extractor (DESIGN.md §2): sentence rules, no model. Deterministic, so ids are stable. */
export function createRuleExtractor(): Extractor {
  return {
    id: RULE_EXTRACTOR_ID,
    async extract(input: ExtractionInput): Promise<ExtractionOutput> {
      const memories: NewMemory[] = [];
      const seen = new Set<string>();
      for (const message of input.messages) {
        for (const memory of extractFromMessage(message, input.existingTopicKeys)) {
          if (seen.has(memory.id)) continue;
          seen.add(memory.id);
          memories.push(memory);
        }
      }
      return { memories };
    },
  };
}

/** Only people talk about themselves here: system and tool output, and an agent's own advice, are skipped. */
function isExtractable(message: StoredMessage, named: boolean): boolean {
  return message.role === 'user' || (message.role === 'assistant' && named);
}

function eventDate(dates: ResolvedDate[], timestamp: string | null): { iso: string; label: string } | null {
  const first = dates[0];
  if (first) return { iso: first.iso, label: first.label };
  const ref = referenceOf(timestamp);
  return ref ? { iso: ref.instant.toISOString(), label: ref.instant.toISOString().slice(0, 10) } : null;
}

export function extractFromMessage(message: StoredMessage, existingTopicKeys: readonly string[]): NewMemory[] {
  const speaker = speakerOf(message);
  if (!isExtractable(message, speaker.named)) return [];
  const out: NewMemory[] = [];
  for (const sentence of sentencesOf(speaker.body)) {
    const cleaned = cleanLeadIn(sentence.trim());
    // Dates are resolved (chrono, the costliest rule) only when the sentence is kept or its type depends on them.
    let resolved: ResolvedDate[] | null = null;
    const datesOf = () => (resolved ??= resolveDates(cleaned, message.timestamp));
    const found = classify(cleaned, { named: speaker.named, get dated() { return datesOf().length > 0; } });
    if (!found) continue;
    const own = datesOf();
    const text = found.text;
    let content = toThirdPerson(annotateDates(text, own), speaker.name, speaker.named);
    let eventTime: string | null = null;
    let dateLabel: string | null = null;
    if (found.type === 'event') {
      const when = eventDate(own, message.timestamp);
      eventTime = when?.iso ?? null;
      dateLabel = when?.label ?? null;
      if (when && own.length === 0) content = `${content} (as of ${when.label})`;
    } else if (own[0]) {
      eventTime = own[0].iso; // a plan or a remembered day: the memory is about that date
    }
    content = redactSecrets(content).text;
    const keyed = found.type === 'fact' || found.type === 'instruction';
    const derived = keyed ? ruleTopicKey(text, speaker.name, found.type === 'instruction' ? 'instruction' : 'fact') : null;
    const topicKey = derived ? reuseTopicKey(derived, existingTopicKeys) : null;
    const tags = tagsFor(content, speaker.name);
    if (found.type === 'fact' && tags.length < 2) continue; // too little said to be worth keeping
    const sourceMessageIds = [message.id];
    out.push({
      id: hashId(found.type, topicKey ?? '', normalizeContent(content), sourceMessageIds.join(',')),
      type: found.type,
      content,
      topicKey,
      eventTime,
      sessionId: message.sessionId,
      sourceMessageIds,
      queries: questionsFor({ type: found.type, content, subject: speaker.name, topicKey, dateLabel, tags }),
      tags,
      importance: found.importance,
    });
  }
  return out;
}
