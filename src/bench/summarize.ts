/** Per-question records → one system's summary (means × 100, percentiles, F1, abstention). */
import { latencySummary, mean } from './metrics.js';
import type { QuestionRecord, RecallByK, SystemResult } from './result.js';

function meanRecall(records: readonly QuestionRecord[], ks: readonly number[]): RecallByK {
  return Object.fromEntries(ks.map((k) => [String(k), mean(records.map((r) => r.recall![String(k)])) * 100]));
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

function summarizeF1(records: readonly QuestionRecord[]): SystemResult['f1'] {
  const withF1 = records.filter((r) => r.f1 !== undefined);
  if (withF1.length === 0) return undefined;
  const byCategory = Object.fromEntries(
    [...groupBy(withF1, (r) => r.category)].map(([c, rs]) => [c, mean(rs.map((r) => r.f1!)) * 100]),
  );
  return { overall: mean(withF1.map((r) => r.f1!)) * 100, byCategory, questions: withF1.length };
}

function summarizeAbstention(records: readonly QuestionRecord[]): SystemResult['abstention'] {
  const answered = records.filter((r) => r.abstained !== undefined);
  const probes = answered.filter((r) => r.abstain);
  if (probes.length === 0) return undefined;
  const correct = probes.filter((r) => r.abstained).length;
  const answerable = answered.filter((r) => r.scored);
  const wrong = answerable.filter((r) => r.abstained).length;
  return {
    correct,
    total: probes.length,
    accuracy: (correct / probes.length) * 100,
    falseAbstentionRate: answerable.length ? (wrong / answerable.length) * 100 : 0,
  };
}

function summarizeUpdates(records: readonly QuestionRecord[]): SystemResult['knowledgeUpdate'] {
  const updates = records.filter((r) => r.updatedFirst !== undefined);
  if (updates.length === 0) return undefined;
  const first = updates.filter((r) => r.updatedFirst).length;
  return { updatedFirst: first, total: updates.length, rate: (first / updates.length) * 100 };
}

export function summarizeSystem(
  name: string,
  records: QuestionRecord[],
  ingestMs: number,
  ks: readonly number[],
): SystemResult {
  const scored = records.filter((r) => r.scored);
  const byCategory = Object.fromEntries([...groupBy(scored, (r) => r.category)].map(([c, rs]) => [c, meanRecall(rs, ks)]));
  return {
    name,
    ingestMs,
    latency: latencySummary(records.map((r) => r.latencyMs)),
    scoredQuestions: scored.length,
    recall: { overall: meanRecall(scored, ks), byCategory },
    f1: summarizeF1(records),
    abstention: summarizeAbstention(records),
    knowledgeUpdate: summarizeUpdates(records),
    questions: records,
  };
}
