/** Scores by system and category, usage, latency and cost, from the per-question records. */
import type { Usage } from '../../models/llm/usage.js';
import { mean, percentile } from '../metrics.js';
import type { QaOptions } from './options.js';
import type { QaSetup } from './setup.js';
import type { QaFormat, QaRecord, QaSystem, RetrievalRecord } from './types.js';

/** Percentages 0..100; F1 and BLEU-1 over questions with a reference answer (null when none has one). */
export interface Scores {
  n: number;
  j: number | null;
  f1: number | null;
  bleu1: number | null;
}

export interface TokenTotals {
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

export interface SystemSummary {
  system: QaSystem;
  /** Questions answered (not skipped). */
  answered: number;
  /** Full context only: questions whose conversation did not fit `--full-context-limit`. */
  skipped: number;
  /** Answerable questions (everything but abstention probes). */
  overall: Scores;
  /** Judge accuracy over every answered question, abstention probes included (LongMemEval's overall). */
  jAll: number | null;
  byCategory: Record<string, Scores>;
  /** Abstention probes (LoCoMo category 5 "adversarial", LongMemEval `_abs`, BEAM abstention). */
  abstention: { n: number; judge: number; rule: number } | null;
  answerTokens: TokenTotals;
  judgeTokens: TokenTotals;
  /** Recall + answer per question. */
  latencyMs: { p50: number; p95: number };
  contextTokens: { mean: number };
  costUsd: { answer: number; judge: number; total: number };
}

export interface RetrievalSummary {
  n: number;
  turn: { at5: number; at10: number; inContext: number };
  session: { at5: number; at10: number; inContext: number };
}

export interface QaResult {
  kind: 'qa';
  format: QaFormat;
  data: string;
  model: string;
  judge: string;
  extract: QaOptions['extract'];
  embedder: QaOptions['embedder'];
  maxContextTokens: number;
  prices: QaOptions['prices'];
  conversations: number;
  questions: number;
  systems: SystemSummary[];
  retrieval: RetrievalSummary | null;
  /** `--extract model`: the extraction calls of this run (none when the profiles were already built). */
  extraction: TokenTotals & { costUsd: number };
  run: { calls: number; cacheHits: number; retries: number; seconds: number };
  totalCostUsd: number;
  records: QaRecord[];
}

const pct = (x: number) => Math.round(x * 1000) / 10;
const usd = (tokens: number, perMillion: number) => (tokens * perMillion) / 1_000_000;

function scores(records: QaRecord[]): Scores {
  const scored = records.filter((r) => r.f1 !== null);
  return {
    n: records.length,
    j: records.length ? pct(mean(records.map((r) => (r.correct ? 1 : 0)))) : null,
    f1: scored.length ? pct(mean(scored.map((r) => r.f1!))) : null,
    bleu1: scored.length ? pct(mean(scored.map((r) => r.bleu1!))) : null,
  };
}

/** Each distinct prompt counts once (the cache answers repeats, e.g. the same verdict asked by two systems). */
function tokens(records: QaRecord[], pick: (r: QaRecord) => [string, QaRecord['answerUsage']], paid: Set<string>): TokenTotals {
  const total: TokenTotals = { calls: 0, inputTokens: 0, outputTokens: 0 };
  for (const r of records) {
    const [key, usage] = pick(r);
    if (paid.has(key)) continue;
    paid.add(key);
    total.calls++;
    total.inputTokens += usage.inputTokens;
    total.outputTokens += usage.outputTokens;
  }
  return total;
}

function summarizeSystem(system: QaSystem, all: QaRecord[], prices: QaOptions['prices'], paid: Set<string>): SystemSummary {
  const mine = all.filter((r) => r.system === system);
  const answered = mine.filter((r) => !r.skipped);
  const answerable = answered.filter((r) => !r.abstain);
  const probes = answered.filter((r) => r.abstain);
  const categories = [...new Set(answered.map((r) => r.category))].sort();
  const answerTokens = tokens(answered, (r) => [r.answerKey, r.answerUsage], paid);
  const judgeTokens = tokens(answered, (r) => [r.judgeKey, r.judgeUsage], paid);
  const answerCost = usd(answerTokens.inputTokens, prices.modelIn) + usd(answerTokens.outputTokens, prices.modelOut);
  const judgeCost = usd(judgeTokens.inputTokens, prices.judgeIn) + usd(judgeTokens.outputTokens, prices.judgeOut);
  const latencies = answered.map((r) => r.latencyMs);
  return {
    system,
    answered: answered.length,
    skipped: mine.length - answered.length,
    overall: scores(answerable),
    jAll: answered.length ? pct(mean(answered.map((r) => (r.correct ? 1 : 0)))) : null,
    byCategory: Object.fromEntries(categories.map((c) => [c, scores(answered.filter((r) => r.category === c))])),
    abstention: probes.length
      ? { n: probes.length, judge: pct(mean(probes.map((r) => (r.correct ? 1 : 0)))), rule: pct(mean(probes.map((r) => (r.abstained ? 1 : 0)))) }
      : null,
    answerTokens,
    judgeTokens,
    latencyMs: { p50: Math.round(percentile(latencies, 50)), p95: Math.round(percentile(latencies, 95)) },
    contextTokens: { mean: Math.round(mean(answered.map((r) => r.contextTokens))) },
    costUsd: { answer: answerCost, judge: judgeCost, total: answerCost + judgeCost },
  };
}

function summarizeRetrieval(records: RetrievalRecord[]): RetrievalSummary | null {
  if (records.length === 0) return null;
  const avg = (pick: (r: RetrievalRecord) => number) => pct(mean(records.map(pick)));
  return {
    n: records.length,
    turn: { at5: avg((r) => r.turn.at5), at10: avg((r) => r.turn.at10), inContext: avg((r) => r.turn.inContext) },
    session: { at5: avg((r) => r.session.at5), at10: avg((r) => r.session.at10), inContext: avg((r) => r.session.inContext) },
  };
}

export function summarizeQa(
  setup: QaSetup,
  records: QaRecord[],
  retrieval: RetrievalRecord[],
  run: { calls: number; cacheHits: number; retries: number; seconds: number; extraction: Usage },
): QaResult {
  const { options } = setup;
  const sorted = [...records].sort((a, b) => a.questionId.localeCompare(b.questionId) || a.system.localeCompare(b.system));
  const paid = new Set<string>();
  const systems = (['mnemo', ...options.baselines] as QaSystem[]).map((s) => summarizeSystem(s, sorted, options.prices, paid));
  const x = run.extraction;
  const extractionCost = usd(x.inputTokens, options.prices.modelIn) + usd(x.outputTokens, options.prices.modelOut);
  return {
    kind: 'qa',
    format: setup.dataset.format,
    data: setup.dataset.path,
    model: setup.model.id,
    judge: setup.judge.id,
    extract: options.extract,
    embedder: options.embedder,
    maxContextTokens: options.maxContextTokens,
    prices: options.prices,
    conversations: setup.conversations.length,
    questions: setup.conversations.reduce((n, c) => n + c.questions.length, 0),
    systems,
    retrieval: summarizeRetrieval(retrieval),
    extraction: { calls: x.calls, inputTokens: x.inputTokens, outputTokens: x.outputTokens, costUsd: extractionCost },
    run: { calls: run.calls, cacheHits: run.cacheHits, retries: run.retries, seconds: Math.round(run.seconds * 10) / 10 },
    totalCostUsd: systems.reduce((n, s) => n + s.costUsd.total, 0) + extractionCost,
    records: sorted,
  };
}
