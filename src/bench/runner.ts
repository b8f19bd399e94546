/** Runs every system over the same conversations and questions, and summarizes each. */
import { DEFAULT_KS, dedupe, locomoF1, recallAtK } from './metrics.js';
import { createProgress } from './progress.js';
import type { BenchResult, QuestionRecord } from './result.js';
import { summarizeSystem } from './summarize.js';
import type { BenchSystem, SystemAnswer } from './system.js';
import { isRecallScored, type BenchConversation, type BenchQuestion } from './types.js';

export interface RunOptions {
  benchmark: string;
  dataPath: string;
  conversations: BenchConversation[];
  systems: BenchSystem[];
  ks?: readonly number[];
  /** Score token F1 of answers against the reference (LoCoMo). */
  scoreF1?: boolean;
  progress?: boolean;
}

/** Baselines get only recall questions; answering systems also get abstention probes and F1 questions. */
export function questionsFor(system: BenchSystem, conversation: BenchConversation, scoreF1: boolean): BenchQuestion[] {
  return conversation.questions.filter(
    (q) => isRecallScored(q) || (system.answersAbstention && (q.abstain || (scoreF1 && q.answer !== undefined))),
  );
}

/** knowledge_update: the best-ranked updated id comes before the best-ranked original one. */
export function updatedRanksFirst(ranked: readonly string[], update: { original: string[]; updated: string[] }): boolean {
  const best = (ids: string[]) => Math.min(...ids.map((id) => ranked.indexOf(id)).filter((i) => i >= 0), Infinity);
  const updated = best(update.updated);
  return updated !== Infinity && updated < best(update.original);
}

function toRecord(conversationId: string, q: BenchQuestion, reply: SystemAnswer, latencyMs: number, ks: readonly number[], scoreF1: boolean): QuestionRecord {
  const ranked = dedupe(reply.ranked).slice(0, Math.max(...ks));
  const scored = isRecallScored(q);
  const record: QuestionRecord = {
    id: q.id,
    conversationId,
    category: q.category,
    scored,
    abstain: q.abstain,
    gold: q.gold,
    ranked,
    recall: scored ? Object.fromEntries(ks.map((k) => [String(k), recallAtK(ranked, q.gold, k)])) : null,
    latencyMs,
  };
  if (reply.answer !== undefined) record.answer = reply.answer;
  if (reply.abstained !== undefined) record.abstained = reply.abstained;
  if (scoreF1 && reply.answer !== undefined && q.answer !== undefined && !q.abstain) {
    record.f1 = locomoF1(reply.answer, q.answer, q.locomoCategory);
  }
  if (q.update) record.updatedFirst = updatedRanksFirst(ranked, q.update);
  return record;
}

export async function runBench(opts: RunOptions): Promise<BenchResult> {
  const ks = [...(opts.ks ?? DEFAULT_KS)];
  const scoreF1 = opts.scoreF1 ?? false;
  const startedAt = new Date().toISOString();
  const total = opts.systems.reduce((n, s) => n + opts.conversations.reduce((m, c) => m + questionsFor(s, c, scoreF1).length, 0), 0);
  const progress = createProgress(total, opts.progress);
  const records = new Map(opts.systems.map((s) => [s.name, [] as QuestionRecord[]]));
  const ingestMs = new Map(opts.systems.map((s) => [s.name, 0]));
  try {
    for (const conversation of opts.conversations) {
      for (const system of opts.systems) {
        const t0 = performance.now();
        const prepared = await system.prepare(conversation);
        ingestMs.set(system.name, ingestMs.get(system.name)! + performance.now() - t0);
        try {
          for (const q of questionsFor(system, conversation, scoreF1)) {
            const q0 = performance.now();
            const reply = await prepared.query(q, Math.max(...ks));
            records.get(system.name)!.push(toRecord(conversation.id, q, reply, performance.now() - q0, ks, scoreF1));
            progress.tick(`${system.name} ${conversation.id}`);
          }
        } finally {
          await prepared.close();
        }
      }
    }
  } finally {
    progress.stop();
  }
  const scored = opts.conversations.flatMap((c) => c.questions.filter(isRecallScored));
  return {
    benchmark: opts.benchmark,
    dataPath: opts.dataPath,
    startedAt,
    finishedAt: new Date().toISOString(),
    ks,
    conversations: opts.conversations.map((c) => c.id),
    categories: [...new Set(opts.conversations.flatMap((c) => c.questions.map((q) => q.category)))],
    scoredQuestions: scored.length,
    systems: opts.systems.map((s) => summarizeSystem(s.name, records.get(s.name)!, ingestMs.get(s.name)!, ks)),
  };
}
