import { z } from 'zod';
import { MnemoError } from '../../errors.js';
import { llmConfigSchema, type LlmConfig, type LlmConfigInput } from './config.js';
import { createLanguageModels } from './create-models.js';
import { describeModelError } from './model-error.js';
import { probeModels } from './probe-models.js';
import { generateStructured } from './structured-call.js';

export interface DoctorCheck {
  name: string;
  ok: boolean;
  message: string;
  fix?: string;
}

export interface DoctorOptions {
  fetch?: typeof globalThis.fetch;
  /** Timeout of the reachability probe (default 5 s); the test call gets four times as long. */
  timeoutMs?: number;
}

const KEY_VARS: Record<LlmConfig['provider'], string> = {
  openai: 'MNEMO_LLM_API_KEY or OPENAI_API_KEY',
  anthropic: 'MNEMO_LLM_API_KEY or ANTHROPIC_API_KEY',
  'openai-compatible': 'MNEMO_LLM_API_KEY',
};

/** Diagnoses an LLM configuration step by step; stops at the first failure that makes the rest moot. */
export async function doctor(input: LlmConfigInput, opts: DoctorOptions = {}): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  const parsed = llmConfigSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = `invalid configuration: ${issue?.path.join('.') || 'config'}: ${issue?.message}`;
    return [{ name: 'config', ok: false, message, fix: 'see MNEMO_LLM_PROVIDER, MNEMO_LLM_MODEL, MNEMO_LLM_BASE_URL' }];
  }
  const config = parsed.data;
  checks.push({ name: 'config', ok: true, message: `provider ${config.provider}, model ${config.model}` });

  const keyCheck = checkKey(config);
  checks.push(keyCheck);
  if (!keyCheck.ok) return checks;

  const probe = await probeModels(config, { fetch: opts.fetch, timeoutMs: opts.timeoutMs ?? 5_000 });
  checks.push(...probe.checks);
  if (!probe.ok) return checks;

  checks.push(await checkStructuredCall(config, opts));
  return checks;
}

function checkKey(config: LlmConfig): DoctorCheck {
  if (config.apiKey) return { name: 'api_key', ok: true, message: `API key present (${config.apiKey.length} characters)` };
  if (config.provider === 'openai-compatible') {
    return { name: 'api_key', ok: true, message: 'no API key set (fine for local servers such as Ollama or llama.cpp)' };
  }
  return {
    name: 'api_key',
    ok: false,
    message: `no API key for provider ${config.provider}`,
    fix: `set ${KEY_VARS[config.provider]}`,
  };
}

async function checkStructuredCall(config: LlmConfig, opts: DoctorOptions): Promise<DoctorCheck> {
  const started = Date.now();
  try {
    const { structured } = createLanguageModels(config, { fetch: opts.fetch });
    const { usage } = await generateStructured(
      { model: structured, maxRetries: 0, timeoutMs: (opts.timeoutMs ?? 5_000) * 4 },
      {
        stage: 'doctor',
        system: 'You answer with JSON only.',
        prompt: 'Return exactly {"ok": true}.',
        schema: z.object({ ok: z.boolean() }),
        maxOutputTokens: 50,
      },
    );
    const ms = Date.now() - started;
    const tokens = usage.inputTokens + usage.outputTokens;
    return { name: 'structured_call', ok: true, message: `a structured call to ${config.model} works (${ms} ms, ${tokens} tokens)` };
  } catch (err) {
    if (err instanceof MnemoError && err.details?.reason === 'invalid_output') {
      return {
        name: 'structured_call',
        ok: false,
        message: `${config.model} answered, but not with valid JSON: ${err.message}`,
        fix: 'use a model that supports JSON output (most instruction-tuned models of 7B+ do)',
      };
    }
    const info = describeModelError(err instanceof MnemoError && err.cause ? err.cause : err);
    return { name: 'structured_call', ok: false, message: `a structured call to ${config.model} failed: ${info.message}`, ...(info.fix ? { fix: info.fix } : {}) };
  }
}
