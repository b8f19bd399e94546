import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/models/llm/config-from-env.js';
import { createLanguageModels } from '../src/models/llm/create-models.js';
import { createLlmPipeline } from '../src/models/llm/create-llm-pipeline.js';
import { UsageCounter } from '../src/models/llm/usage.js';

describe('configFromEnv', () => {
  it('returns null when nothing is configured', () => {
    expect(configFromEnv({ OPENAI_API_KEY: 'sk-x' })).toBeNull();
  });

  it('reads the MNEMO_LLM_* variables with provider key fallbacks', () => {
    expect(configFromEnv({ MNEMO_LLM_MODEL: 'gpt-4o-mini', OPENAI_API_KEY: 'k1' })).toEqual({ provider: 'openai', model: 'gpt-4o-mini', apiKey: 'k1' });
    expect(configFromEnv({ MNEMO_LLM_PROVIDER: 'anthropic', MNEMO_LLM_MODEL: 'claude-haiku-4-5', ANTHROPIC_API_KEY: 'k2', MNEMO_LLM_SYNTHESIS_MODEL: 'claude-sonnet-4-5' })).toEqual({
      provider: 'anthropic',
      model: 'claude-haiku-4-5',
      apiKey: 'k2',
      synthesisModel: 'claude-sonnet-4-5',
    });
    // A base URL alone means an OpenAI-compatible server; the OpenAI key is not sent to it.
    expect(configFromEnv({ MNEMO_LLM_MODEL: 'llama3.2', MNEMO_LLM_BASE_URL: 'http://localhost:11434/v1', OPENAI_API_KEY: 'k1' })).toEqual({
      provider: 'openai-compatible',
      model: 'llama3.2',
      baseURL: 'http://localhost:11434/v1',
    });
    expect(configFromEnv({ MNEMO_LLM_MODEL: 'm', MNEMO_LLM_API_KEY: 'k3', OPENAI_API_KEY: 'k1' })?.apiKey).toBe('k3');
  });

  it('reads MNEMO_LLM_STRUCTURED_OUTPUTS as a switch, for servers that accept a JSON schema', () => {
    const base = { MNEMO_LLM_MODEL: 'qwen3', MNEMO_LLM_BASE_URL: 'http://localhost:8000/v1' };
    expect(configFromEnv({ ...base, MNEMO_LLM_STRUCTURED_OUTPUTS: 'true' })?.structuredOutputs).toBe(true);
    expect(configFromEnv({ ...base, MNEMO_LLM_STRUCTURED_OUTPUTS: '0' })?.structuredOutputs).toBe(false);
    expect(configFromEnv(base)).not.toHaveProperty('structuredOutputs');
    expect(() => configFromEnv({ ...base, MNEMO_LLM_STRUCTURED_OUTPUTS: 'maybe' })).toThrow(/MNEMO_LLM_STRUCTURED_OUTPUTS must be true or false.*"maybe"/);
  });

  it('names the missing or wrong variable', () => {
    expect(() => configFromEnv({ MNEMO_LLM_PROVIDER: 'openai' })).toThrow(/MNEMO_LLM_MODEL is not set/);
    expect(() => configFromEnv({ MNEMO_LLM_PROVIDER: 'gemini', MNEMO_LLM_MODEL: 'x' })).toThrow(/MNEMO_LLM_PROVIDER must be one of/);
  });
});

describe('createLanguageModels', () => {
  it('builds a structured and a synthesis model per provider without network', () => {
    const openai = createLanguageModels({ provider: 'openai', model: 'gpt-4o-mini', apiKey: 'k', synthesisModel: 'gpt-4o' });
    expect([modelId(openai.structured), modelId(openai.synthesis)]).toEqual(['gpt-4o-mini', 'gpt-4o']);
    const anthropic = createLanguageModels({ provider: 'anthropic', model: 'claude-haiku-4-5', apiKey: 'k' });
    expect(modelId(anthropic.synthesis)).toBe('claude-haiku-4-5');
    const local = createLanguageModels({ provider: 'openai-compatible', model: 'llama3.2', baseURL: 'http://localhost:11434/v1' });
    expect(modelId(local.structured)).toBe('llama3.2');
  });

  it('rejects an incomplete configuration with a clear message', () => {
    expect(() => createLanguageModels({ provider: 'openai-compatible', model: 'x' })).toThrow(/baseURL is required for provider openai-compatible/);
    expect(() => createLanguageModels({ provider: 'openai', model: '' })).toThrow(/model is required/);
  });
});

describe('createLlmPipeline', () => {
  it('wires model instances into extractor, analyzer and synthesizer sharing one usage counter', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: {
        content: [{ type: 'text', text: '{"answer":null,"citations":[],"support":"none"}' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: { inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 2, text: 2, reasoning: undefined } },
        warnings: [],
      },
    });
    const usage = new UsageCounter();
    const pipeline = createLlmPipeline({ structured: model }, { usage });
    expect([pipeline.extractor.id, pipeline.analyzer.id, pipeline.synthesizer.id]).toEqual(['llm@1', 'model@1', 'model@1']);
    await pipeline.synthesizer.synthesize({
      query: 'q',
      referenceDate: new Date(),
      confidence: 0.5,
      temporal: [],
      evidence: [{ id: 'x', kind: 'memory', content: 'c', time: null, score: 1 }],
    });
    expect(usage.snapshot()).toMatchObject({ calls: 1, inputTokens: 3, outputTokens: 2, byStage: { 'recall.synthesize': { calls: 1 } } });
  });
});

function modelId(model: unknown): string {
  return (model as { modelId: string }).modelId;
}
