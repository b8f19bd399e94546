import type { MemoryType } from '../types.js';
import { pastToBase, isPastTense } from './rules/verbs.js';

/**
 * 3–5 question forms of a memory, from templates. They bridge the gap between how a statement is
 * written and how it is later asked for ("Caroline went to …" ↔ "When did Caroline go to …?").
 */
export interface QuestionInput {
  type: MemoryType;
  /** Third-person content, e.g. "Caroline went to the support group yesterday (2023-05-07)". */
  content: string;
  /** Who the statement is about ("Caroline", "User"). */
  subject: string;
  topicKey: string | null;
  /** Absolute date label of the event, when known. */
  dateLabel: string | null;
  tags: string[];
}

const MIN = 3;
const MAX = 5;

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const subjectPatterns = new Map<string, RegExp>();

/** `^<subject> <adverbs> <verb> <rest>`, compiled once per subject (a conversation has a few). */
function subjectPattern(subject: string): RegExp {
  let re = subjectPatterns.get(subject);
  if (!re) {
    re = new RegExp(`^${escapeRe(subject)}\\s+(?:(?:just|recently|finally|also|actually|already)\\s+)*(\\w+)\\s*(.*)$`, 'i');
    if (subjectPatterns.size > 256) subjectPatterns.clear();
    subjectPatterns.set(subject, re);
  }
  return re;
}

/** "went to the support group yesterday (2023-05-07) and it was …" → "go to the support group". */
function predicateAfterSubject(content: string, subject: string): { verb: string; rest: string } | null {
  const m = subjectPattern(subject).exec(content);
  if (!m) return null;
  const rest = m[2]!
    .replace(/\s*\([^)]*\d{4}[^)]*\)/g, '')
    .split(/[,;–—]|\s-\s|\s+(?:and|but|because|so|which|when|while)\s+/)[0]!
    .replace(/\b(?:yesterday|today|tonight|last \w+|this \w+|next \w+|(?:a few|two|three|\d+) \w+ ago|on \w+ \d+)\b/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  return { verb: m[1]!, rest };
}

function phrase(tags: string[]): string {
  return tags.slice(0, 2).join(' ');
}

function eventQuestions(q: QuestionInput, out: string[]): void {
  const p = predicateAfterSubject(q.content, q.subject);
  const base = p && isPastTense(p.verb) ? pastToBase(p.verb) : null;
  if (p && base) {
    out.push(`When did ${q.subject} ${base} ${p.rest}?`.replace(/\s+\?/, '?'));
    if (/^(?:go|travel|move|visit|fly|drive|come|return)$/.test(base)) out.push(`Where did ${q.subject} go?`);
  }
  if (q.dateLabel) out.push(`What did ${q.subject} do on ${q.dateLabel}?`);
  if (q.tags[0]) out.push(`What happened with ${q.subject} and the ${q.tags[0]}?`);
}

function factQuestions(q: QuestionInput, out: string[]): void {
  const attribute = q.topicKey?.split('.').slice(1).join(' ').replace(/_/g, ' ');
  if (attribute) out.push(`What is ${q.subject}'s ${attribute.replace(/^rule /, '')}?`);
  const p = predicateAfterSubject(q.content, q.subject);
  if (p && /^(?:likes|loves|enjoys|prefers|hates|uses|has|owns|wants|plans)$/.test(p.verb)) {
    out.push(`What does ${q.subject} ${p.verb.replace(/(?:ies)$/, 'y').replace(/^has$/, 'have').replace(/s$/, '')}?`);
  }
  if (p && p.verb === 'is' && p.rest) out.push(`Who is ${q.subject}?`);
  for (const t of q.tags.slice(0, 2)) out.push(`What does ${q.subject} say about ${t}?`);
}

function instructionQuestions(q: QuestionInput, out: string[]): void {
  const topic = phrase(q.tags) || 'this';
  out.push(`How should the assistant handle ${topic}?`);
  out.push(`What are ${q.subject}'s rules about ${topic}?`);
  out.push(`What does ${q.subject} want regarding ${q.tags[0] ?? topic}?`);
}

function taskQuestions(q: QuestionInput, out: string[]): void {
  const topic = phrase(q.tags) || 'this';
  out.push(`What does ${q.subject} need to do?`);
  out.push(`What is pending about ${topic}?`);
  out.push(`When is the ${topic} due?`);
}

export function questionsFor(q: QuestionInput): string[] {
  const out: string[] = [];
  if (q.type === 'event') eventQuestions(q, out);
  else if (q.type === 'fact') factQuestions(q, out);
  else if (q.type === 'instruction') instructionQuestions(q, out);
  else taskQuestions(q, out);
  for (const t of q.tags.slice(2)) out.push(`What does ${q.subject} say about ${t}?`);
  out.push(`What do we know about ${q.subject}?`, `What has ${q.subject} mentioned?`, `What did ${q.subject} say?`);
  const unique = [...new Set(out.map((s) => s.replace(/\s+/g, ' ').trim()))];
  return unique.slice(0, Math.max(MIN, Math.min(MAX, unique.length)));
}
