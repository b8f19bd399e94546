import type { LanguageModel, LanguageModelUsage } from 'ai';
import { aiSdk } from './ai-sdk-modules.js';
import type { z } from 'zod';
import { MnemoError } from '../../errors.js';
import { affinityCallOptions } from './cache-affinity.js';
import { DEFAULT_CALL_SETTINGS, type CallSettings } from './config.js';
import { repairJson } from './json-repair.js';
import { toModelError } from './model-error.js';
import { addUsage, emptyUsage, type Usage, type UsageCounter } from './usage.js';

/** What every model stage receives: the model, where to report usage, and call settings. */
export interface ModelStageOptions extends Partial<CallSettings> {
  model: LanguageModel;
  usage?: UsageCounter;
}

export interface StructuredRequest<T> {
  stage: string;
  system: string;
  prompt: string;
  /** Sent to the provider (structured outputs where supported); keep it strict-mode compatible. */
  schema: z.ZodType<T>;
  /** Lenient validation of repaired output, e.g. keeping the valid items of a list. */
  salvage?: (raw: unknown) => T | undefined;
  signal?: AbortSignal;
  maxOutputTokens?: number;
}

/**
 * One structured model call. Malformed output is repaired (fences, trailing commas, the largest
 * JSON object) and validated; if that fails the call is retried once; then MnemoError('model_error').
 */
export async function generateStructured<T>(
  opts: ModelStageOptions,
  req: StructuredRequest<T>,
): Promise<{ value: T; usage: Usage }> {
  const settings = { ...DEFAULT_CALL_SETTINGS, ...definedOnly(opts) };
  const usage = emptyUsage();
  const { generateText, NoObjectGeneratedError, Output } = aiSdk();
  const sendSchema = acceptsSchema(opts.model);
  let lastProblem = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    const signals = [AbortSignal.timeout(settings.timeoutMs), ...(req.signal ? [req.signal] : [])];
    try {
      const result = await generateText({
        model: opts.model,
        system: req.system,
        prompt: req.prompt,
        output: sendSchema ? Output.object({ schema: req.schema, name: req.stage }) : Output.json({ name: req.stage }),
        temperature: 0,
        maxRetries: settings.maxRetries,
        abortSignal: AbortSignal.any(signals),
        ...(req.maxOutputTokens ? { maxOutputTokens: req.maxOutputTokens } : {}),
        ...affinityCallOptions(opts.model),
      });
      report(opts, req.stage, usage, result.usage);
      if (sendSchema) return { value: result.output as T, usage };
      const value = validate(req, result.output);
      if (value !== undefined) return { value, usage };
      lastProblem = 'output does not match the schema';
    } catch (err) {
      if (!NoObjectGeneratedError.isInstance(err)) throw toModelError(err, req.stage);
      report(opts, req.stage, usage, err.usage);
      const repaired = repairJson(err.text ?? '');
      const value = repaired === undefined ? undefined : validate(req, repaired);
      if (value !== undefined) return { value, usage };
      lastProblem = repaired === undefined ? 'output is not JSON' : 'output does not match the schema';
    }
  }
  throw new MnemoError('model_error', `${req.stage}: invalid model output after a retry (${lastProblem})`, {
    stage: req.stage,
    reason: 'invalid_output',
  });
}

/**
 * An OpenAI-compatible server without structured outputs gets plain JSON mode (what the SDK would
 * send anyway) and the schema is checked here: asking for a schema it cannot send makes the SDK
 * print a warning on every call.
 */
function acceptsSchema(model: LanguageModel): boolean {
  return typeof model !== 'object' || (model as { supportsStructuredOutputs?: boolean }).supportsStructuredOutputs !== false;
}

function validate<T>(req: StructuredRequest<T>, raw: unknown): T | undefined {
  const strict = req.schema.safeParse(raw);
  if (strict.success) return strict.data;
  return req.salvage?.(raw);
}

function report(opts: ModelStageOptions, stage: string, total: Usage, u: LanguageModelUsage | undefined): void {
  const call: Usage = { calls: 1, inputTokens: u?.inputTokens ?? 0, outputTokens: u?.outputTokens ?? 0 };
  addUsage(total, call);
  opts.usage?.record(stage, call);
}

function definedOnly(opts: Partial<CallSettings>): Partial<CallSettings> {
  const out: Partial<CallSettings> = {};
  if (opts.timeoutMs !== undefined) out.timeoutMs = opts.timeoutMs;
  if (opts.maxRetries !== undefined) out.maxRetries = opts.maxRetries;
  return out;
}
