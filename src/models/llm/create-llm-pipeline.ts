import type { LanguageModel } from 'ai';
import type { Extractor } from '../../ingest/extractor.js';
import { createLlmExtractor } from '../../ingest/llm/llm-extractor.js';
import type { QueryAnalyzer } from '../../recall/analyzer.js';
import { createModelAnalyzer } from '../../recall/model/model-analyzer.js';
import { createModelSynthesizer } from '../../recall/model/model-synthesizer.js';
import type { Synthesizer } from '../../recall/synthesizer.js';
import { keepCacheAffinity } from './cache-affinity.js';
import { DEFAULT_CALL_SETTINGS, type LlmConfigInput } from './config.js';
import { createLanguageModels, parseLlmConfig } from './create-models.js';
import { UsageCounter } from './usage.js';

/** AI SDK model instances built by the caller (any provider, wrapped or mocked). */
export interface LlmModels {
  structured: LanguageModel;
  /** Defaults to `structured`. */
  synthesis?: LanguageModel;
  timeoutMs?: number;
  maxRetries?: number;
  concurrency?: number;
}

/** What `openMemory({ llm })` accepts: a plain configuration or model instances. */
export type LlmSetting = LlmConfigInput | LlmModels;

export interface LlmPipelineOptions {
  usage?: UsageCounter;
  fetch?: typeof globalThis.fetch;
  /** Used by recall when a model call fails, e.g. the offline analyzer / extractive synthesizer. */
  analyzerFallback?: QueryAnalyzer;
  synthesizerFallback?: Synthesizer;
}

export interface LlmPipeline {
  extractor: Extractor;
  analyzer: QueryAnalyzer;
  synthesizer: Synthesizer;
  usage: UsageCounter;
}

export function isLlmConfig(setting: LlmSetting): setting is LlmConfigInput {
  return 'provider' in setting;
}

/** Builds the three model-backed stages sharing one usage counter and the same call settings. */
export function createLlmPipeline(setting: LlmSetting, opts: LlmPipelineOptions = {}): LlmPipeline {
  keepCacheAffinity();
  const usage = opts.usage ?? new UsageCounter();
  let models: { structured: LanguageModel; synthesis: LanguageModel };
  let settings: { timeoutMs: number; maxRetries: number; concurrency: number };
  if (isLlmConfig(setting)) {
    const config = parseLlmConfig(setting);
    models = createLanguageModels(config, { fetch: opts.fetch });
    settings = config;
  } else {
    models = { structured: setting.structured, synthesis: setting.synthesis ?? setting.structured };
    settings = { ...DEFAULT_CALL_SETTINGS, concurrency: 4, ...definedOnly(setting) };
  }
  const call = { usage, timeoutMs: settings.timeoutMs, maxRetries: settings.maxRetries };
  return {
    extractor: createLlmExtractor({ ...call, model: models.structured, concurrency: settings.concurrency }),
    analyzer: createModelAnalyzer({ ...call, model: models.structured, fallback: opts.analyzerFallback }),
    synthesizer: createModelSynthesizer({ ...call, model: models.synthesis, fallback: opts.synthesizerFallback }),
    usage,
  };
}

function definedOnly(m: LlmModels): Partial<{ timeoutMs: number; maxRetries: number; concurrency: number }> {
  const out: Partial<{ timeoutMs: number; maxRetries: number; concurrency: number }> = {};
  if (m.timeoutMs !== undefined) out.timeoutMs = m.timeoutMs;
  if (m.maxRetries !== undefined) out.maxRetries = m.maxRetries;
  if (m.concurrency !== undefined) out.concurrency = m.concurrency;
  return out;
}
