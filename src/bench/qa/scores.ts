/** Answer scores besides the judge: LoCoMo's token F1, BLEU-1, and LoCoMo's abstention rule. */
import { locomoF1, normalizeAnswer, tokenF1 } from '../metrics.js';
import type { QaQuestion } from './types.js';

/** Sentence BLEU with unigram weights only: brevity penalty × clipped unigram precision; 0..1. */
export function bleu1(prediction: string, reference: string): number {
  const pred = normalizeAnswer(prediction);
  const ref = normalizeAnswer(reference);
  if (pred.length === 0 || ref.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const t of ref) counts.set(t, (counts.get(t) ?? 0) + 1);
  let clipped = 0;
  for (const t of pred) {
    const left = counts.get(t) ?? 0;
    if (left > 0) {
      counts.set(t, left - 1);
      clipped++;
    }
  }
  const brevity = pred.length > ref.length ? 1 : Math.exp(1 - ref.length / pred.length);
  return brevity * (clipped / pred.length);
}

/** LoCoMo's evaluation counts an adversarial answer right when it says one of these. */
export function saysNotAvailable(answer: string): boolean {
  const a = answer.toLowerCase();
  return a.includes('no information available') || a.includes('not mentioned');
}

/** F1 and BLEU-1 against the reference; null for abstention questions (no answer to match). */
export function overlapScores(q: QaQuestion, answer: string): { f1: number | null; bleu1: number | null } {
  if (q.abstain || !q.answer) return { f1: null, bleu1: null };
  const f1 = q.locomoCategory !== undefined ? locomoF1(answer, q.answer, q.locomoCategory) : tokenF1(answer, q.answer);
  return { f1, bleu1: bleu1(answer, q.answer) };
}
