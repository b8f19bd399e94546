import { bestSentence } from './best-sentence.js';
import { spokenDate } from './answer-phrase.js';
import type { Evidence } from './synthesizer.js';

export interface TimelineAnswer {
  answer: string;
  citedIds: string[];
}

/**
 * The offline answer to an overview question: the best-matching sentence of each of the top
 * evidence items, oldest first, one dated line each ("- 1 March 2024: …").
 */
export function timelineAnswer(evidence: Evidence[], terms: Set<string>, maxLines = 8, maxWords = 24): TimelineAnswer | null {
  const lines: { id: string; time: string | null; text: string }[] = [];
  const seen = new Set<string>();
  for (const ev of evidence) {
    if (lines.length >= maxLines) break;
    const best = bestSentence(ev.content, terms);
    const text = best && best.overlap > 0 ? best.text.replace(/\s+/g, ' ') : null;
    const key = text?.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    if (!text || !key || seen.has(key)) continue;
    seen.add(key);
    lines.push({ id: ev.id, time: ev.time, text: clip(text, maxWords) });
  }
  if (lines.length === 0) return null;
  lines.sort((a, b) => (a.time ?? '\uffff').localeCompare(b.time ?? '\uffff'));
  return {
    answer: lines.map((l) => `- ${l.time ? `${spokenDate(l.time)}: ` : ''}${l.text}`).join('\n'),
    citedIds: lines.map((l) => l.id),
  };
}

function clip(text: string, maxWords: number): string {
  const words = text.split(' ');
  return words.length > maxWords ? `${words.slice(0, maxWords).join(' ')}…` : text;
}
