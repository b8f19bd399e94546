/**
 * mnemo's context for one question: recalled now, or taken from the resume cache. Recall changes
 * what it ranks as memories are used (salience, tiers), so a resumed run reuses the context it built
 * before the interruption; otherwise its prompts would differ and every answer would be asked again.
 */
import { createHash } from 'node:crypto';
import type { ProfileApi } from '../../api.js';
import { rankedEvidenceIds, type EvidenceMap } from '../evidence.js';
import type { CachedContext, QaCache } from './cache.js';
import { memoryContext } from './context-block.js';
import type { QaOptions } from './options.js';
import type { QaQuestion } from './types.js';

export interface QuestionContext {
  text: string;
  tokens: number;
  recallMs: number;
  ranked: string[];
  inContext: string[];
}

export async function questionContext(
  profile: ProfileApi,
  q: QaQuestion,
  evidence: EvidenceMap,
  ctx: { cache: QaCache; options: QaOptions; memoryId: string; conversationId: string },
): Promise<QuestionContext> {
  const { options } = ctx;
  const key = createHash('sha256')
    .update(JSON.stringify(['context', ctx.memoryId, ctx.conversationId, q.id, q.question, q.referenceDate, options.recallLimit, options.maxContextTokens]))
    .digest('hex');
  const hit = options.freshContext ? undefined : ctx.cache.getContext(key);
  if (hit) return { text: hit.text, tokens: hit.tokens, recallMs: hit.ms, ranked: hit.ranked, inContext: hit.inContext };
  const t0 = performance.now();
  const recalled = await profile.recall(q.question, { limit: options.recallLimit, referenceDate: q.referenceDate, synthesize: false });
  const block = memoryContext(recalled, options.maxContextTokens);
  const recallMs = performance.now() - t0;
  const entry: CachedContext = {
    key,
    text: block.text,
    usage: { inputTokens: 0, outputTokens: 0 },
    ms: Math.round(recallMs),
    tokens: block.tokens,
    ranked: rankedEvidenceIds(recalled, evidence).slice(0, 50),
    inContext: rankedEvidenceIds(block, evidence),
  };
  ctx.cache.put(entry);
  return { text: block.text, tokens: block.tokens, recallMs, ranked: entry.ranked, inContext: entry.inContext };
}
