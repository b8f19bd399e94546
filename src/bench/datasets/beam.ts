/** BEAM loader: one chat directory → one conversation; gold evidence is message ids. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchConversation, BenchMessage, BenchQuestion } from '../types.js';
import { addMinutes, parseBeamAnchor } from './dates.js';

interface BeamMessage {
  role: 'user' | 'assistant';
  id: number;
  content: string;
  time_anchor?: string;
}

interface BeamBatch {
  batch_number: number;
  turns: BeamMessage[][];
  time_anchor?: string | null;
}

type SourceIds = unknown[] | Record<string, unknown[]> | null | undefined;

interface BeamProbe {
  question: string;
  answer?: string;
  source_chat_ids?: SourceIds;
}

/** Used when a chat has no time anchor at all: a fixed start, one minute per message. */
const SYNTHETIC_START = '2024-01-01T09:00:00.000Z';

/** The generator's turn markers (` ->-> 1,1`) are scaffolding, not conversation. */
function cleanContent(content: string): string {
  return content.replace(/\s*->->\s*\d+,\d+\s*$/, '');
}

function loadMessages(chatId: string, batches: BeamBatch[]): BenchMessage[] {
  const messages: BenchMessage[] = [];
  let anchor = SYNTHETIC_START;
  let minute = 0;
  for (const batch of batches) {
    for (const msg of batch.turns.flat()) {
      const explicit = msg.time_anchor ?? (minute === 0 ? batch.time_anchor : undefined);
      if (explicit) [anchor, minute] = [parseBeamAnchor(explicit), 0];
      messages.push({
        role: msg.role,
        content: cleanContent(msg.content),
        sessionId: `beam-${chatId}-batch-${batch.batch_number}`,
        timestamp: addMinutes(anchor, minute++),
        metadata: { evidenceId: String(msg.id) },
      });
    }
  }
  return messages;
}

function flattenIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(flattenIds);
  if (value && typeof value === 'object') return Object.values(value).flatMap(flattenIds);
  return typeof value === 'number' || typeof value === 'string' ? [String(value)] : [];
}

function toQuestion(chatId: string, ability: string, probe: BeamProbe, index: number, known: ReadonlySet<string>, referenceDate: string): BenchQuestion {
  const source = probe.source_chat_ids;
  const gold = [...new Set(flattenIds(source))].filter((id) => known.has(id));
  const question: BenchQuestion = {
    id: `beam-${chatId}:${ability}:${index}`,
    question: probe.question,
    gold: ability === 'abstention' ? [] : gold,
    category: ability,
    abstain: ability === 'abstention',
    referenceDate,
  };
  if (probe.answer !== undefined) question.answer = String(probe.answer);
  if (ability === 'knowledge_update' && source && !Array.isArray(source)) {
    question.update = { original: flattenIds(source.original_info), updated: flattenIds(source.updated_info) };
  }
  return question;
}

export function loadBeamChat(dir: string, chatId: string): BenchConversation {
  const batches = JSON.parse(readFileSync(join(dir, 'chat.json'), 'utf8')) as BeamBatch[];
  const probes = JSON.parse(readFileSync(join(dir, 'probing_questions', 'probing_questions.json'), 'utf8')) as Record<string, BeamProbe[]>;
  const messages = loadMessages(chatId, batches);
  const known = new Set(messages.map((m) => m.metadata.evidenceId));
  const referenceDate = addMinutes(messages[messages.length - 1].timestamp, 1);
  const questions = Object.entries(probes).flatMap(([ability, list]) =>
    list.map((probe, i) => toQuestion(chatId, ability, probe, i, known, referenceDate)),
  );
  return { id: `beam-${chatId}`, messages, questions };
}

/** Loads every numbered chat directory under `root` (e.g. `beam-100k-dev/`), in numeric order. */
export function loadBeam(root: string): BenchConversation[] {
  return readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'chat.json')))
    .sort((a, b) => Number(a) - Number(b))
    .map((name) => loadBeamChat(join(root, name), name));
}
