import { keywords } from '../text/tokenize.js';
import { answerPhrase, asksWhen, spokenDate } from './answer-phrase.js';
import { bestSentence } from './best-sentence.js';
import { overviewTerms } from './overview.js';
import { timelineAnswer } from './timeline-answer.js';
import type { Evidence, SynthesisInput, SynthesisOutput, Synthesizer } from './synthesizer.js';

export interface ExtractiveOptions {
  /** Below this confidence the answer is an honest "no memory of that". */
  abstainBelow: number;
  /** Words of the answer phrase at most. */
  maxWords: number;
}

/**
 * No model: answers with the best-matching phrase of the top evidence — for "when" questions
 * the evidence's date, otherwise the clause that matches best, dated. An overview or order
 * question gets a dated timeline of the top evidence.
 */
export function createExtractiveSynthesizer(opts: Partial<ExtractiveOptions> = {}): Synthesizer {
  const { abstainBelow = 0.35, maxWords = 16 } = opts;
  return {
    id: 'extractive@2',
    async synthesize(input: SynthesisInput): Promise<SynthesisOutput> {
      if (input.confidence < abstainBelow || input.evidence.length === 0) {
        return { answer: null, citedIds: [], confidence: input.confidence };
      }
      if (input.timeline) {
        const topic = new Set(overviewTerms(keywords(input.query), input.query).map((w) => w.slice(0, 5)));
        const timeline = timelineAnswer(input.evidence, topic);
        return timeline ? { ...timeline, confidence: input.confidence } : { answer: null, citedIds: [], confidence: input.confidence };
      }
      const terms = new Set(keywords(input.query).map((w) => w.slice(0, 5)));
      const best = bestOfEvidence(input.evidence.slice(0, 3), terms);
      if (!best) return { answer: null, citedIds: [], confidence: input.confidence };
      const when = best.time ? spokenDate(best.time) : null;
      const answer = asksWhen(input.query) && when ? when : answerPhrase(best.text, terms, maxWords) + (when ? ` (${when})` : '');
      return { answer, citedIds: [best.id], confidence: input.confidence };
    },
  };
}

/**
 * The best-matching sentence of the top evidence, a lower-ranked item needing more matches. A
 * memory counts the words of the topic key the question matched, and wins a tie with a turn: the
 * extracted statement is the answer's source, not the turn it came from.
 */
function bestOfEvidence(evidence: Evidence[], terms: Set<string>) {
  let best: { id: string; text: string; time: string | null; score: number } | null = null;
  evidence.forEach((ev, rank) => {
    const sentence = bestSentence(ev.content, terms);
    if (!sentence) return;
    const said = new Set(keywords(sentence.text).map((w) => w.slice(0, 5)));
    const keyed = (ev.matchedKey?.split(/[._]/) ?? []).map((w) => w.slice(0, 5)).filter((w) => terms.has(w) && !said.has(w));
    const score = sentence.overlap + new Set(keyed).size + (ev.kind === 'memory' ? 0.75 : 0) - rank * 0.5;
    if (!best || score > best.score) best = { id: ev.id, text: sentence.text, time: ev.time, score };
  });
  return best as { id: string; text: string; time: string | null; score: number } | null;
}
