import type { LlmConfig } from './config.js';
import type { DoctorCheck } from './doctor.js';
import { describeModelError } from './model-error.js';

const DEFAULT_BASE: Record<LlmConfig['provider'], string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  'openai-compatible': '',
};

/** GET {baseURL}/models: is the server there, does it accept the key, does it serve the model? */
export async function probeModels(
  config: LlmConfig,
  opts: { fetch?: typeof globalThis.fetch; timeoutMs: number },
): Promise<{ ok: boolean; checks: DoctorCheck[] }> {
  const base = (config.baseURL ?? DEFAULT_BASE[config.provider]).replace(/\/+$/, '');
  const url = `${base}/models`;
  const doFetch = opts.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(url, { headers: authHeaders(config), signal: AbortSignal.timeout(opts.timeoutMs) });
  } catch (err) {
    const info = describeModelError(err);
    const message =
      info.reason === 'timeout'
        ? `no answer from ${base} within ${opts.timeoutMs} ms`
        : `cannot reach ${base} (${networkReason(info.message)})`;
    return { ok: false, checks: [{ name: 'reachable', ok: false, message, fix: 'start the server or correct MNEMO_LLM_BASE_URL' }] };
  }
  const reachable: DoctorCheck = { name: 'reachable', ok: true, message: `${base} answered HTTP ${response.status}` };
  if (response.status === 401 || response.status === 403) {
    const auth = { name: 'auth', ok: false, message: `${base} rejected the API key (HTTP ${response.status})`, fix: 'check MNEMO_LLM_API_KEY' };
    return { ok: false, checks: [reachable, auth] };
  }
  const models = response.ok ? await modelIds(response) : null;
  if (!models) return { ok: true, checks: [{ ...reachable, message: `${reachable.message} (model list not available)` }] };
  const checks: DoctorCheck[] = [reachable, { name: 'auth', ok: true, message: 'API key accepted' }];
  const wanted = [...new Set([config.model, config.synthesisModel ?? config.model])];
  const missing = wanted.filter((m) => !models.includes(m));
  if (missing.length === 0) {
    checks.push({ name: 'model', ok: true, message: `${wanted.join(', ')} available` });
    return { ok: true, checks };
  }
  const shown = models.slice(0, 10).join(', ') + (models.length > 10 ? ', …' : '');
  checks.push({
    name: 'model',
    ok: false,
    message: `model ${missing.map((m) => `"${m}"`).join(', ')} not served by ${base}; available: ${shown || '(none)'}`,
    fix: 'set MNEMO_LLM_MODEL to one of the available models (for Ollama: ollama pull <model>)',
  });
  return { ok: false, checks };
}

function authHeaders(config: LlmConfig): Record<string, string> {
  if (!config.apiKey) return {};
  if (config.provider === 'anthropic') return { 'x-api-key': config.apiKey, 'anthropic-version': '2023-06-01' };
  return { authorization: `Bearer ${config.apiKey}` };
}

async function modelIds(response: Response): Promise<string[] | null> {
  try {
    const body = (await response.json()) as { data?: { id?: unknown }[]; models?: { name?: unknown }[] };
    const list = body.data?.map((m) => m.id) ?? body.models?.map((m) => m.name);
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : null;
  } catch {
    return null;
  }
}

function networkReason(message: string): string {
  const code = /E[A-Z_]{4,}/.exec(message)?.[0];
  return code === 'ECONNREFUSED' ? 'ECONNREFUSED: connection refused' : (code ?? message);
}
