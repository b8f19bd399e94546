import { keywords } from '../text/tokenize.js';
import type { Evidence, SynthesisInput, SynthesisOutput, Synthesizer } from './synthesizer.js';

export interface ExtractiveOptions {
  /** Below this confidence the answer is an honest "no memory of that". */
  abstainBelow: number;
  maxSentences: number;
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** No model: answers with the best-matching sentences of the top evidence, with their dates. */
export function createExtractiveSynthesizer(opts: Partial<ExtractiveOptions> = {}): Synthesizer {
  const { abstainBelow = 0.35, maxSentences = 2 } = opts;
  return {
    id: 'extractive@1',
    async synthesize(input: SynthesisInput): Promise<SynthesisOutput> {
      if (input.confidence < abstainBelow || input.evidence.length === 0) {
        return { answer: null, citedIds: [], confidence: input.confidence };
      }
      const terms = new Set(keywords(input.query).map((w) => w.slice(0, 5)));
      const picked = bestSentences(input.evidence.slice(0, 3), terms, maxSentences);
      const answer = picked.map((p) => (p.time ? `${p.text} (${p.time.slice(0, 10)})` : p.text)).join(' ');
      return { answer, citedIds: [...new Set(picked.map((p) => p.id))], confidence: input.confidence };
    },
  };
}

function bestSentences(evidence: Evidence[], terms: Set<string>, max: number) {
  const scored: { id: string; text: string; time: string | null; score: number }[] = [];
  evidence.forEach((ev, rank) => {
    for (const { segment } of segmenter.segment(ev.content)) {
      const text = segment.trim();
      if (!text) continue;
      const overlap = keywords(text).filter((w) => terms.has(w.slice(0, 5))).length;
      scored.push({ id: ev.id, text, time: ev.time, score: overlap - rank * 0.5 });
    }
  });
  return scored.sort((a, b) => b.score - a.score).slice(0, max);
}
