import { MnemoError } from '../../errors.js';
import { LLM_PROVIDERS, type LlmConfigInput, type LlmProvider } from './config.js';

type Env = Record<string, string | undefined>;

/**
 * Reads the LLM configuration of the CLI and server from environment variables (the only place
 * that does). Returns null when no model is configured, which means: run the offline pipeline.
 */
export function configFromEnv(env: Env): LlmConfigInput | null {
  const get = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const model = get('MNEMO_LLM_MODEL');
  const providerName = get('MNEMO_LLM_PROVIDER');
  const baseURL = get('MNEMO_LLM_BASE_URL');
  if (!model && !providerName && !baseURL) return null;
  if (!model) {
    throw new MnemoError('invalid_input', 'MNEMO_LLM_MODEL is not set (e.g. MNEMO_LLM_MODEL=gpt-4o-mini)');
  }
  const provider = providerName ?? (baseURL ? 'openai-compatible' : 'openai');
  if (!(LLM_PROVIDERS as readonly string[]).includes(provider)) {
    throw new MnemoError('invalid_input', `MNEMO_LLM_PROVIDER must be one of ${LLM_PROVIDERS.join(', ')}; got "${provider}"`);
  }
  const apiKey =
    get('MNEMO_LLM_API_KEY') ??
    (provider === 'anthropic' ? get('ANTHROPIC_API_KEY') : provider === 'openai' ? get('OPENAI_API_KEY') : undefined);
  const config: LlmConfigInput = { provider: provider as LlmProvider, model };
  if (baseURL) config.baseURL = baseURL;
  if (apiKey) config.apiKey = apiKey;
  const synthesisModel = get('MNEMO_LLM_SYNTHESIS_MODEL');
  if (synthesisModel) config.synthesisModel = synthesisModel;
  const structured = get('MNEMO_LLM_STRUCTURED_OUTPUTS');
  if (structured !== undefined) config.structuredOutputs = flag('MNEMO_LLM_STRUCTURED_OUTPUTS', structured);
  return config;
}

function flag(name: string, value: string): boolean {
  const v = value.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new MnemoError('invalid_input', `${name} must be true or false (1/0, yes/no, on/off); got "${value}"`);
}
