/** Before any model call: is each server there, does it take the key, does it serve the model? */
import { MnemoError } from '../../errors.js';
import { parseLlmConfig } from '../../models/llm/create-models.js';
import { probeModels } from '../../models/llm/probe-models.js';
import type { ModelSpec } from './model-spec.js';

export async function preflight(
  specs: { role: string; spec: ModelSpec }[],
  opts: { fetch?: typeof globalThis.fetch; timeoutMs?: number } = {},
): Promise<void> {
  const seen = new Set<string>();
  for (const { role, spec } of specs) {
    if (seen.has(spec.id)) continue;
    seen.add(spec.id);
    const probe = await probeModels(parseLlmConfig(spec.config), { fetch: opts.fetch, timeoutMs: opts.timeoutMs ?? 10_000 });
    const failed = probe.checks.find((c) => !c.ok);
    if (!failed) continue;
    const code = failed.name === 'auth' ? 'unauthorized' : failed.name === 'model' ? 'invalid_input' : 'unavailable';
    throw new MnemoError(code, `${role} ${spec.flag}: ${failed.message}${failed.fix ? ` (${failed.fix})` : ''}`, { check: failed.name });
  }
}
