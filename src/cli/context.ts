/**
 * Global options and the one place the CLI turns environment variables into library options
 * (the library itself never reads process.env).
 */
import path from 'node:path';
import type { Command } from 'commander';
import type { MnemoApi, ProfileApi } from '../api.js';
import { MnemoError } from '../errors.js';
import type { MnemoOptions } from '../create-mnemo.js';

export interface GlobalOptions {
  profile: string;
  dataDir: string;
  json: boolean;
  /** A PostgreSQL connection string, or undefined for the embedded SQLite store. */
  store?: string;
}

export type Env = Record<string, string | undefined>;

export function globals(cmd: Command): GlobalOptions {
  const o = cmd.optsWithGlobals<{ profile?: string; dataDir?: string; json?: boolean; store?: string }>();
  return {
    profile: o.profile ?? 'default',
    dataDir: path.resolve(o.dataDir ?? defaultDataDir(process.env)),
    json: o.json === true,
    store: storeUrl(o.store ?? process.env.MNEMO_STORE),
  };
}

/** True when the user gave --profile (some commands pick their own default otherwise). */
export function profileGiven(cmd: Command): boolean {
  for (let c: Command | null = cmd; c; c = c.parent) {
    const src = c.getOptionValueSource('profile');
    if (src && src !== 'default') return true;
  }
  return false;
}

/** `--store` / `MNEMO_STORE`: `sqlite` (default) or a `postgres://` connection string. */
export function storeUrl(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v || v === 'sqlite') return undefined;
  if (/^postgres(ql)?:\/\//.test(v)) return v;
  throw new MnemoError('invalid_input', `--store must be "sqlite" or a postgres:// connection string; got "${v}"`);
}

export function defaultDataDir(env: Env): string {
  return env.MNEMO_DATA_DIR?.trim() || '.mnemo';
}

/** `MNEMO_EMBEDDER=glove|hashing|none` (default glove) and `MNEMO_MODELS_DIR`. */
export function embedderFromEnv(env: Env): MnemoOptions['embedder'] {
  const kind = env.MNEMO_EMBEDDER?.trim();
  if (!kind || kind === 'glove') return undefined;
  if (kind === 'hashing') return { kind: 'hashing' };
  if (kind === 'none') return false;
  throw new MnemoError('invalid_input', `MNEMO_EMBEDDER must be glove, hashing or none; got "${kind}"`);
}

/** The LLM configured by MNEMO_LLM_* env vars, or undefined (offline). */
export async function llmFromEnv(env: Env): Promise<MnemoOptions['llm']> {
  // The model modules (the AI SDK) load only when a model is configured: they cost a cold start.
  if (!Object.keys(env).some((k) => k.startsWith('MNEMO_LLM_') && env[k]?.trim())) return undefined;
  const { configFromEnv } = await import('../models/llm/index.js');
  return configFromEnv(env) ?? undefined;
}

export interface OpenOptions {
  /** Long-running commands (serve, mcp) process jobs in the background. */
  background?: boolean;
  /** Threads answering recall beside the main one (serve). */
  recallThreads?: number;
  /** How long a threaded recall may take before its thread is replaced (serve). */
  recallTimeoutMs?: number;
  /** SQLite's page cache in MB (see MnemoOptions.pageCacheMb). */
  pageCacheMb?: number;
}

/**
 * A one-shot search (`recall`) reads a few thousand scattered pages once: a 1 MB page cache reuses
 * its slots where the default 16 MB one copied them all, each new 4 KB a page fault (at 100K
 * memories: 6 MB less peak RSS, 1,300 fewer faults).
 */
export const ONE_SHOT_SEARCH_PAGE_CACHE_MB = 1;

export async function openMnemo(g: GlobalOptions, opts: OpenOptions = {}): Promise<MnemoApi> {
  const env = process.env;
  const llm = await llmFromEnv(env);
  // Without a model, the entry that never loads the model stages' modules (zod schemas, prompts).
  const open = llm ? (await import('../mnemo.js')).openMemory : (await import('../create-mnemo.js')).openOfflineMemory;
  const warn = (m: string) => process.stderr.write(`mnemo: warning: ${m}\n`);
  const store = g.store
    ? (await import('../store/postgres/index.js')).createPostgresProvider({ connectionString: g.store, onWarning: warn })
    : undefined;
  return open({
    dataDir: g.dataDir,
    store,
    embedder: embedderFromEnv(env),
    llm,
    modelsDir: env.MNEMO_MODELS_DIR?.trim() || undefined,
    worker: { background: opts.background ?? false },
    // Recall threads open the embedded store themselves; PostgreSQL serves many processes instead.
    recallThreads: store ? 0 : opts.recallThreads,
    recallTimeoutMs: opts.recallTimeoutMs,
    pageCacheMb: opts.pageCacheMb,
    // A one-shot command reads the on-disk indexes for its few searches instead of loading them
    // whole; a server answers from them until its loaded indexes are ready.
    loadIndexes: opts.background ? 'background' : 'warm',
    onWarning: warn,
  });
}

/** Opens mnemo, runs `fn` on the selected profile, always closes. */
export async function withProfile<T>(cmd: Command, fn: (p: ProfileApi, g: GlobalOptions, mnemo: MnemoApi) => Promise<T>, open: OpenOptions = {}): Promise<T> {
  const g = globals(cmd);
  const mnemo = await openMnemo(g, open);
  try {
    return await fn(mnemo.profile(g.profile), g, mnemo);
  } finally {
    await mnemo.close();
  }
}
