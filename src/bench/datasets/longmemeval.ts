/** LongMemEval loader (official schema): each question with its haystack becomes one conversation. */
import { readFileSync } from 'node:fs';
import type { BenchConversation, BenchMessage } from '../types.js';
import { addMinutes, parseLongMemEvalDate } from './dates.js';

interface LongMemEvalTurn {
  role: 'user' | 'assistant';
  content: string;
  has_answer?: boolean;
}

interface LongMemEvalItem {
  question_id: string;
  question_type: string;
  question: string;
  answer: string | number;
  question_date: string;
  haystack_session_ids: string[];
  haystack_dates: string[];
  haystack_sessions: LongMemEvalTurn[][];
  answer_session_ids: string[];
}

/** Gold: the turns marked `has_answer`; when a question marks none, every turn of its answer sessions. */
function goldIds(item: LongMemEvalItem, messages: BenchMessage[], marked: string[]): string[] {
  if (marked.length > 0) return marked;
  const answerSessions = new Set(item.answer_session_ids);
  return messages.filter((m) => answerSessions.has(m.sessionId)).map((m) => m.metadata.evidenceId);
}

export function parseLongMemEvalItem(item: LongMemEvalItem): BenchConversation {
  const messages: BenchMessage[] = [];
  const marked: string[] = [];
  item.haystack_sessions.forEach((session, s) => {
    const sessionId = item.haystack_session_ids[s];
    const start = parseLongMemEvalDate(item.haystack_dates[s]);
    session.forEach((turn, t) => {
      const evidenceId = `${sessionId}:${t}`;
      if (turn.has_answer) marked.push(evidenceId);
      messages.push({ role: turn.role, content: turn.content, sessionId, timestamp: addMinutes(start, t), metadata: { evidenceId } });
    });
  });
  const abstain = item.question_id.endsWith('_abs');
  return {
    id: item.question_id,
    messages,
    questions: [
      {
        id: item.question_id,
        question: item.question,
        gold: abstain ? [] : goldIds(item, messages, marked),
        category: item.question_type,
        answer: String(item.answer),
        abstain,
        referenceDate: parseLongMemEvalDate(item.question_date),
      },
    ],
  };
}

export function loadLongMemEval(path: string): BenchConversation[] {
  const data = JSON.parse(readFileSync(path, 'utf8')) as LongMemEvalItem | LongMemEvalItem[];
  return (Array.isArray(data) ? data : [data]).map(parseLongMemEvalItem);
}
