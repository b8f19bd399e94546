/** LoCoMo loader following bench/README.md's protocol (turn-level evidence, categories 1–5). */
import { readFileSync } from 'node:fs';
import type { BenchConversation, BenchMessage, BenchQuestion } from '../types.js';
import { parseLocomoDate } from './dates.js';

export const LOCOMO_CATEGORIES: Record<number, string> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
  5: 'adversarial',
};

interface LocomoTurn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}

interface LocomoQa {
  question: string;
  answer?: string | number;
  evidence?: string[];
  category: number;
}

interface LocomoSample {
  sample_id: string;
  conversation: Record<string, unknown> & { speaker_a: string; speaker_b: string };
  qa: LocomoQa[];
}

function turnContent(turn: LocomoTurn): string {
  const caption = turn.blip_caption ? ` [shares a photo of ${turn.blip_caption}]` : '';
  return `${turn.speaker}: ${turn.text ?? ''}${caption}`.trim();
}

/** Session numbers that have a turn array, in order (conv-26 has dates without sessions). */
function sessionNumbers(conversation: Record<string, unknown>): number[] {
  return Object.keys(conversation)
    .map((k) => /^session_(\d+)$/.exec(k))
    .filter((m): m is RegExpExecArray => m !== null && Array.isArray(conversation[m[0]]))
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
}

function loadMessages(sample: LocomoSample): { messages: BenchMessage[]; lastDate: string } {
  const conv = sample.conversation;
  const messages: BenchMessage[] = [];
  let lastDate = '';
  for (const n of sessionNumbers(conv)) {
    const timestamp = parseLocomoDate(String(conv[`session_${n}_date_time`]));
    lastDate = timestamp;
    for (const turn of conv[`session_${n}`] as LocomoTurn[]) {
      messages.push({
        role: turn.speaker === conv.speaker_a ? 'user' : 'assistant',
        content: turnContent(turn),
        sessionId: `${sample.sample_id}-session-${n}`,
        timestamp,
        metadata: { evidenceId: turn.dia_id },
      });
    }
  }
  return { messages, lastDate };
}

/** Evidence entries may hold several ids ("D8:6; D9:17"); unknown ids are dropped. */
export function resolveEvidence(evidence: string[] | undefined, known: ReadonlySet<string>): string[] {
  const ids = (evidence ?? []).flatMap((e) => String(e).split(/[;\s]+/)).filter((id) => known.has(id));
  return [...new Set(ids)];
}

function toQuestion(sample: LocomoSample, qa: LocomoQa, index: number, known: ReadonlySet<string>, referenceDate: string): BenchQuestion {
  const abstain = qa.category === 5;
  return {
    id: `${sample.sample_id}:q${index}`,
    question: qa.question,
    gold: abstain ? [] : resolveEvidence(qa.evidence, known),
    category: LOCOMO_CATEGORIES[qa.category] ?? `category-${qa.category}`,
    answer: qa.answer === undefined || qa.answer === null ? undefined : String(qa.answer),
    abstain,
    referenceDate,
    locomoCategory: qa.category,
  };
}

export function parseLocomo(samples: LocomoSample[]): BenchConversation[] {
  return samples.map((sample) => {
    const { messages, lastDate } = loadMessages(sample);
    const known = new Set(messages.map((m) => m.metadata.evidenceId));
    const questions = sample.qa.map((qa, i) => toQuestion(sample, qa, i, known, lastDate));
    return { id: sample.sample_id, messages, questions };
  });
}

export function loadLocomo(path: string): BenchConversation[] {
  return parseLocomo(JSON.parse(readFileSync(path, 'utf8')) as LocomoSample[]);
}
