/** `mnemo bench qa`: for each question, recall → context block → answer → verdict, for mnemo and the baselines. */
import { createLanguageModels } from '../../models/llm/create-models.js';
import { countTokens } from '../../context/tokens.js';
import { ANSWER_SYSTEM, answerPrompt } from './answer-prompts.js';
import { createAsker, type AskCounters, type Asker } from './ask.js';
import { QaCache } from './cache.js';
import { DEFAULT_RETRY } from './call.js';
import { fullTranscript } from './context-block.js';
import { ingestConversation, openQaMemory } from './ingest.js';
import { judgeRequest, parseVerdict } from './judge-prompts.js';
import { runLimited } from './limit.js';
import type { Env } from './model-spec.js';
import type { QaOptionsInput } from './options.js';
import { qaProgress } from './progress.js';
import { retrievalRecord } from './retrieval.js';
import { overlapScores, saysNotAvailable } from './scores.js';
import { questionContext } from './question-context.js';
import { prepareQa, type QaSetup } from './setup.js';
import { summarizeQa, type QaResult } from './summarize.js';
import type { QaConversation, QaFormat, QaQuestion, QaRecord, QaSystem, RetrievalRecord } from './types.js';

const ANSWER_MAX_TOKENS = 200;
const JUDGE_MAX_TOKENS = 200;

export interface QaDeps {
  env: Env;
  fetch?: typeof globalThis.fetch;
}

interface Askers {
  model: Asker;
  judge: Asker;
  format: QaFormat;
}

async function answerAndJudge(
  askers: Askers,
  conv: QaConversation,
  q: QaQuestion,
  system: QaSystem,
  context: { text: string; tokens: number },
  extraMs: number,
): Promise<QaRecord> {
  const prompt = answerPrompt(system, q, context.text);
  const answer = await askers.model.ask({ system: ANSWER_SYSTEM[system], prompt, question: q.question, maxOutputTokens: ANSWER_MAX_TOKENS });
  const judge = judgeRequest(askers.format, q, answer.text);
  const verdict = await askers.judge.ask({ system: judge.system, prompt: judge.prompt, question: q.question, maxOutputTokens: JUDGE_MAX_TOKENS });
  return {
    conversationId: conv.id,
    questionId: q.id,
    category: q.category,
    abstain: q.abstain,
    system,
    answer: answer.text,
    correct: parseVerdict(judge.style, verdict.text),
    ...overlapScores(q, answer.text),
    abstained: saysNotAvailable(answer.text),
    answerUsage: answer.usage,
    judgeUsage: verdict.usage,
    answerKey: answer.key,
    judgeKey: verdict.key,
    latencyMs: extraMs + answer.ms,
    cached: answer.cached && verdict.cached,
    contextTokens: system === 'no-memory' ? 0 : context.tokens,
  };
}

function skipped(conv: QaConversation, q: QaQuestion, tokens: number): QaRecord {
  const none = { inputTokens: 0, outputTokens: 0 };
  return {
    conversationId: conv.id, questionId: q.id, category: q.category, abstain: q.abstain, system: 'full-context', skipped: true,
    answer: '', correct: false, f1: null, bleu1: null, abstained: false, answerUsage: none, judgeUsage: none, answerKey: '', judgeKey: '', latencyMs: 0, cached: false, contextTokens: tokens,
  };
}

/** Runs the benchmark; every bad input is reported before the first model call. */
export async function runQa(input: QaOptionsInput, deps: QaDeps): Promise<QaResult> {
  const setup = await prepareQa(input, deps);
  return runPrepared(setup, deps);
}

export async function runPrepared(setup: QaSetup, deps: QaDeps): Promise<QaResult> {
  const { options } = setup;
  const started = Date.now();
  const cache = new QaCache(setup.cacheFile);
  const counters: AskCounters = { calls: 0, cacheHits: 0, retries: 0 };
  const retry = { ...DEFAULT_RETRY, retries: options.retries, baseMs: options.retryBaseMs, timeoutMs: options.timeoutMs };
  const asker = (spec: typeof setup.model, label: string) =>
    createAsker({ model: createLanguageModels(spec.config, { fetch: deps.fetch }).structured, modelId: spec.id, label: `${label} ${spec.flag}`, cache, retry, counters });
  const askers: Askers = { model: asker(setup.model, '--model'), judge: asker(setup.judge, '--judge'), format: setup.dataset.format };
  const systems: QaSystem[] = ['mnemo', ...options.baselines];
  const total = setup.conversations.reduce((n, c) => n + c.questions.length, 0);
  const progress = qaProgress(total, options.progress);
  const records: QaRecord[] = [];
  const retrieval: RetrievalRecord[] = [];
  const { memory, extraction, id: memoryId } = openQaMemory(setup, deps.fetch);
  try {
    for (const conv of setup.conversations) {
      const { profile, evidence } = await ingestConversation(memory, conv);
      const transcript = systems.includes('full-context') ? fullTranscript(conv.messages) : '';
      const transcriptTokens = transcript ? countTokens(transcript) : 0;
      const tasks = conv.questions.map((q) => async () => {
        const block = await questionContext(profile, q, evidence, { cache, options, memoryId, conversationId: conv.id });
        if (setup.dataset.format === 'longmemeval') {
          const r = retrievalRecord(q, block.ranked, block.inContext);
          if (r) retrieval.push(r);
        }
        for (const system of systems) {
          if (system === 'full-context' && transcriptTokens > options.fullContextLimit) {
            records.push(skipped(conv, q, transcriptTokens));
            continue;
          }
          const context = system === 'mnemo' ? block : { text: transcript, tokens: transcriptTokens };
          records.push(await answerAndJudge(askers, conv, q, system, context, system === 'mnemo' ? block.recallMs : 0));
        }
        progress.tick(counters.cacheHits, counters.retries);
      });
      await runLimited(tasks, options.concurrency);
    }
  } finally {
    progress.stop();
    await memory.close();
  }
  return summarizeQa(setup, records, retrieval, {
    ...counters,
    extraction: extraction.snapshot(),
    seconds: (Date.now() - started) / 1000,
  });
}
