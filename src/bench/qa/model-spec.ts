/**
 * `--model` / `--judge` values: `openai:gpt-4o-mini`, `anthropic:claude-3-5-haiku-latest`, or a model on
 * any OpenAI-compatible server as `llama3.1:8b@http://localhost:11434/v1`. A bare name uses
 * MNEMO_LLM_PROVIDER / MNEMO_LLM_BASE_URL when set, else OpenAI.
 */
import { MnemoError } from '../../errors.js';
import { LLM_PROVIDERS, type LlmConfigInput, type LlmProvider } from '../../models/llm/config.js';
import { parseLlmConfig } from '../../models/llm/create-models.js';

export type Env = Record<string, string | undefined>;

export interface ModelSpec {
  /** What the user passed to the flag, for messages. */
  flag: string;
  config: LlmConfigInput & { provider: LlmProvider };
  /** Stable identity of the model (provider, model, server): part of the cache key. */
  id: string;
}

const KEY_VARS: Record<LlmProvider, string[]> = {
  openai: ['OPENAI_API_KEY'],
  anthropic: ['ANTHROPIC_API_KEY'],
  'openai-compatible': [],
};

export function parseModelSpec(flag: '--model' | '--judge', value: string, env: Env): ModelSpec {
  const spec = value.trim();
  if (!spec) throw new MnemoError('invalid_input', `${flag} is empty`);
  let provider: LlmProvider | undefined;
  let model = spec;
  let baseURL: string | undefined;
  const at = spec.lastIndexOf('@');
  if (at > 0 && /^https?:\/\//.test(spec.slice(at + 1))) {
    [model, baseURL, provider] = [spec.slice(0, at), spec.slice(at + 1), 'openai-compatible'];
  }
  const colon = model.indexOf(':');
  const prefix = colon > 0 ? model.slice(0, colon) : '';
  if ((LLM_PROVIDERS as readonly string[]).includes(prefix)) {
    provider = prefix as LlmProvider;
    model = model.slice(colon + 1);
  }
  if (!provider) {
    baseURL = env.MNEMO_LLM_BASE_URL?.trim() || undefined;
    const named = env.MNEMO_LLM_PROVIDER?.trim();
    if (named && !(LLM_PROVIDERS as readonly string[]).includes(named)) {
      throw new MnemoError('invalid_input', `MNEMO_LLM_PROVIDER must be one of ${LLM_PROVIDERS.join(', ')}; got "${named}"`);
    }
    provider = (named as LlmProvider | undefined) ?? (baseURL ? 'openai-compatible' : 'openai');
  }
  if (!model) throw new MnemoError('invalid_input', `${flag} ${spec}: no model name`);
  const judgeKey = flag === '--judge' ? env.MNEMO_JUDGE_API_KEY?.trim() : undefined;
  const apiKey = judgeKey || env.MNEMO_LLM_API_KEY?.trim() || KEY_VARS[provider].map((k) => env[k]?.trim()).find(Boolean);
  const config: ModelSpec['config'] = { provider, model, ...(baseURL ? { baseURL } : {}), ...(apiKey ? { apiKey } : {}) };
  try {
    parseLlmConfig(config);
  } catch (err) {
    throw new MnemoError('invalid_input', `${flag} ${spec}: ${(err as Error).message}`);
  }
  if (!apiKey && provider !== 'openai-compatible') {
    const vars = ['MNEMO_LLM_API_KEY', ...KEY_VARS[provider], ...(flag === '--judge' ? ['MNEMO_JUDGE_API_KEY'] : [])];
    throw new MnemoError('invalid_input', `${flag} ${spec}: no API key for ${provider}; set ${vars.join(' or ')}`);
  }
  return { flag: spec, config, id: `${provider}:${model}${baseURL ? `@${baseURL.replace(/\/+$/, '')}` : ''}` };
}
