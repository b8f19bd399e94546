/** Reads LoCoMo, LongMemEval or BEAM in its official schema, detecting which from the data itself. */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MnemoError } from '../../errors.js';
import { loadBeamChat } from '../datasets/beam.js';
import { parseLocomo } from '../datasets/locomo.js';
import { parseLongMemEvalItem } from '../datasets/longmemeval.js';
import type { BenchConversation } from '../types.js';
import type { QaConversation, QaDataset, QaFormat } from './types.js';

const EXPECTED =
  'expected LoCoMo (a JSON array of {sample_id, conversation, qa}), LongMemEval (a JSON object or array of ' +
  '{question_id, question, answer, haystack_sessions}) or a BEAM folder (<chat>/chat.json with probing_questions/)';

function unknownFormat(path: string, why: string): MnemoError {
  return new MnemoError('invalid_input', `--data ${path}: unknown data format (${why}); ${EXPECTED}`);
}

function isBeamChat(dir: string): boolean {
  return existsSync(join(dir, 'chat.json')) && existsSync(join(dir, 'probing_questions', 'probing_questions.json'));
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw unknownFormat(path, `not JSON: ${(err as Error).message.slice(0, 120)}`);
  }
}

const has = (v: unknown, ...keys: string[]) => !!v && typeof v === 'object' && keys.every((k) => k in (v as object));

/** Which official format `path` holds; throws invalid_input for anything else. */
export function detectFormat(path: string): QaFormat {
  if (!existsSync(path)) throw new MnemoError('invalid_input', `--data ${path}: no such file or folder`);
  if (statSync(path).isDirectory()) {
    const chats = readdirSync(path).filter((n) => isBeamChat(join(path, n)));
    if (chats.length > 0 || isBeamChat(path)) return 'beam';
    throw unknownFormat(path, 'a folder without BEAM chats');
  }
  const data = readJson(path);
  const first = Array.isArray(data) ? data[0] : data;
  if (Array.isArray(data) && has(first, 'sample_id', 'conversation', 'qa')) return 'locomo';
  if (has(first, 'question_id', 'question', 'answer', 'haystack_sessions')) return 'longmemeval';
  throw unknownFormat(path, Array.isArray(data) && data.length === 0 ? 'an empty array' : 'unrecognized fields');
}

interface LongMemEvalRaw {
  question_id: string;
  answer_session_ids?: string[];
  haystack_session_ids: string[];
  haystack_sessions: { has_answer?: boolean }[][];
}

function fromLongMemEval(raw: LongMemEvalRaw): QaConversation {
  const conv = parseLongMemEvalItem(raw as Parameters<typeof parseLongMemEvalItem>[0]);
  const marked = raw.haystack_sessions.flatMap((session, s) =>
    session.flatMap((turn, t) => (turn.has_answer ? [`${raw.haystack_session_ids[s]}:${t}`] : [])),
  );
  const q = conv.questions[0]!;
  return {
    id: conv.id,
    messages: conv.messages,
    questions: [
      {
        id: q.id,
        question: q.question,
        answer: q.answer ?? '',
        category: q.category,
        abstain: q.abstain,
        referenceDate: q.referenceDate,
        goldTurns: q.abstain ? [] : marked,
        goldSessions: q.abstain ? [] : (raw.answer_session_ids ?? []),
      },
    ],
  };
}

/** BEAM names its reference differently per ability; the existing loader keeps only `answer`. */
const BEAM_REFERENCE_FIELDS = ['answer', 'ideal_answer', 'ideal_response', 'ideal_summary', 'expected_compliance'];

function beamReferences(chatDir: string, chatId: string): Map<string, string> {
  const probes = readJson(join(chatDir, 'probing_questions', 'probing_questions.json')) as Record<string, Record<string, unknown>[]>;
  const refs = new Map<string, string>();
  for (const [ability, list] of Object.entries(probes)) {
    list.forEach((probe, i) => {
      const field = BEAM_REFERENCE_FIELDS.find((f) => typeof probe[f] === 'string' && (probe[f] as string).trim());
      if (field) refs.set(`beam-${chatId}:${ability}:${i}`, String(probe[field]));
    });
  }
  return refs;
}

function loadBeamQa(path: string): QaConversation[] {
  const dirs = isBeamChat(path)
    ? [{ dir: path, id: 'chat' }]
    : readdirSync(path).filter((n) => /^\d+$/.test(n) && isBeamChat(join(path, n))).sort((a, b) => Number(a) - Number(b)).map((n) => ({ dir: join(path, n), id: n }));
  return dirs.map(({ dir, id }) => {
    const refs = beamReferences(dir, id);
    const conv = loadBeamChat(dir, id);
    conv.questions = conv.questions.map((q) => ({ ...q, answer: refs.get(q.id) ?? q.answer }));
    return fromBench(conv, 'beam');
  });
}

function fromBench(conv: BenchConversation, format: QaFormat): QaConversation {
  return {
    id: conv.id,
    messages: conv.messages,
    // Adversarial LoCoMo questions have no answer; BEAM abstention probes state what is missing.
    questions: conv.questions.map((q) => ({
      id: q.id,
      question: q.question,
      answer: q.answer ?? (q.abstain ? 'The conversation does not contain this information.' : ''),
      category: q.category,
      abstain: q.abstain,
      referenceDate: q.referenceDate,
      ...(q.locomoCategory !== undefined ? { locomoCategory: q.locomoCategory } : {}),
      goldTurns: q.gold,
    })).filter((q) => format !== 'beam' || q.abstain || q.answer),
  };
}

/** Loads the dataset at `path` (format detected unless given). */
export function loadQaDataset(path: string, format: QaFormat = detectFormat(path)): QaDataset {
  let conversations: QaConversation[];
  try {
    if (format === 'locomo') conversations = parseLocomo(readJson(path) as Parameters<typeof parseLocomo>[0]).map((c) => fromBench(c, format));
    else if (format === 'longmemeval') {
      const data = readJson(path) as LongMemEvalRaw | LongMemEvalRaw[];
      conversations = (Array.isArray(data) ? data : [data]).map(fromLongMemEval);
    } else {
      conversations = loadBeamQa(path);
    }
  } catch (err) {
    if (err instanceof MnemoError) throw err;
    throw new MnemoError('invalid_input', `--data ${path}: not valid ${format} data: ${(err as Error).message}`);
  }
  return { format, path, conversations };
}
