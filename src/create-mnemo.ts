import os from 'node:os';
import path from 'node:path';
import type { MnemoApi, ProfileApi } from './api.js';
import type { Extractor } from './ingest/extractor.js';
import { lazyRuleExtractor } from './ingest/rules/lazy-rule-extractor.js';
import { CONSOLIDATE_JOB, EMBED_JOB, EXTRACT_JOB, FOLD_JOB } from './jobs/kinds.js';
import { type JobHandler, Worker } from './jobs/worker.js';
import { type ConsolidationConfig, everyNewMemoriesOf } from './consolidation/config.js';
import type { createLlmPipeline, LlmSetting } from './models/llm/create-llm-pipeline.js';
import type { Embedder } from './models/embedder.js';
import { type EmbedderConfig, resolveEmbedder } from './models/embedders/resolve.js';
import { Profile } from './profile.js';
import { RecallPool } from './recall-pool/recall-pool.js';
import { recallThreadConfig } from './recall-pool/thread-config.js';
import { POOLED_PAGE_CACHE_MB } from './recall-pool/page-cache.js';
import type { QueryAnalyzer } from './recall/analyzer.js';
import { createExtractiveSynthesizer } from './recall/extractive-synthesizer.js';
import { type ChannelWeights, DEFAULT_WEIGHTS } from './recall/fuse.js';
import { textIndexWarnings } from './store/sqlite/text-index-warnings.js';
import { vectorIndexWarnings } from './store/sqlite/vector-index-warnings.js';
import { createOfflineAnalyzer } from './recall/offline-analyzer.js';
import type { Synthesizer } from './recall/synthesizer.js';
import type { Runtime } from './runtime.js';
import { profileNameSchema } from './schemas.js';
import { createSqliteProvider } from './store/sqlite/provider.js';
import { ENTITY_BATCH } from './store/entity-store.js';
import type { StoreProvider } from './store/store.js';
import { MnemoError } from './errors.js';
import { RECALL_CACHE_MS } from './recall-pool/result-cache.js';

export interface MnemoOptions {
  /** Where the embedded SQLite files live (default `./.mnemo`). Ignored when `store` is given. */
  dataDir?: string;
  /** Another backend, e.g. `createPostgresProvider(...)`. */
  store?: StoreProvider;
  /** An embedder, an embedder config, or `false` to run without vectors. Default: offline GloVe word vectors. */
  embedder?: Embedder | EmbedderConfig | false;
  /** A model configuration or AI SDK model instances; without it everything runs offline. */
  llm?: LlmSetting;
  extractor?: Extractor;
  analyzer?: QueryAnalyzer;
  synthesizer?: Synthesizer;
  weights?: Partial<ChannelWeights>;
  /** Where converted word vectors and local models are cached (default `~/.cache/mnemo/models`). */
  modelsDir?: string;
  /** Background job processing in this process (default on). */
  worker?: { background?: boolean; pollMs?: number; leaseMs?: number };
  /**
   * Threads that answer `recall` beside this one (default 0: recall runs on the calling thread).
   * Each opens the data directory with its own indexes, so recalls use other cores and never wait
   * behind writes. Needs plain-data options (embedded SQLite, embedder and model configs, not instances).
   */
  recallThreads?: number;
  /**
   * How long a recall on a thread may wait, while its thread answers nothing else, before it fails
   * with `unavailable` and the thread, which may be stuck, is stopped and replaced (its other
   * requests fail too); a thread that keeps answering is busy, and a recall waits on it for at most
   * four times this. Default 30 s; with a model configured, 30 s plus four of the model's per-call
   * timeouts. From 100 ms to 1 hour.
   */
  recallTimeoutMs?: number;
  /**
   * Reuse a recall's result for the same question and options while nothing was written to the
   * profile, for at most this many ms (default 1000; 0: off). Embedded SQLite only.
   */
  recallCacheMs?: number;
  /** Consolidation ("sleep"): queued after this many new memories (src/consolidation). */
  consolidation?: ConsolidationConfig;
  onWarning?: (message: string) => void;
  /**
   * Embedded store, when in-memory indexes load (see IndexLoading): `search` (default), `warm`
   * (one-shot commands), `background` (servers; recall threads default to it).
   */
  loadIndexes?: 'search' | 'warm' | 'background';
  /**
   * Embedded store: SQLite's page cache per connection, in MB (default 16; recall threads and a
   * writer beside them use 4). Each page it holds is a copy of one the OS already caches.
   */
  pageCacheMb?: number;
}

/** Builds the model-backed stages: passed in, so a process without a model never loads their modules. */
export type BuildLlmPipeline = typeof createLlmPipeline;

/** openMemory without the model modules (see src/mnemo.ts): a configured `llm` is refused. */
export function openOfflineMemory(opts: MnemoOptions = {}): MnemoApi {
  return createMnemo(opts, false);
}

export function createMnemo(opts: MnemoOptions, recallOnly: boolean, buildLlm?: BuildLlmPipeline): MnemoApi {
  const dataDir = path.resolve(opts.dataDir ?? '.mnemo');
  const warn = opts.onWarning ?? ((m: string) => process.emitWarning(m, 'MnemoWarning'));
  if (opts.pageCacheMb !== undefined && !(opts.pageCacheMb > 0 && opts.pageCacheMb <= 65536)) {
    throw new MnemoError('invalid_input', `pageCacheMb must be a number of MB in (0, 65536]; got ${opts.pageCacheMb}`);
  }
  const recallPool = recallPoolFor(opts, dataDir, warn);
  // A writer whose searches run in recall threads holds no index: it compacts the saved ones,
  // which the threads view (they never build one of their own).
  const provider = opts.store ?? createSqliteProvider({
    dataDir, annSaves: recallOnly ? 'none' : recallPool ? 'compact' : 'all', pageCacheMb: recallOnly || recallPool ? POOLED_PAGE_CACHE_MB : opts.pageCacheMb, onVectorIndexEvent: vectorIndexWarnings(warn), onTextIndexEvent: textIndexWarnings(warn), loadIndexes: opts.loadIndexes ?? (recallOnly ? 'background' : undefined),
    // A recall thread reads: a large entity-index backlog is the writer's (Profile.warm, extraction jobs).
    entityCatchUpLimit: recallOnly ? ENTITY_BATCH : undefined,
  });
  const offlineAnalyzer = opts.analyzer ?? createOfflineAnalyzer();
  const offlineSynthesizer = opts.synthesizer ?? createExtractiveSynthesizer();
  if (opts.llm && !buildLlm) throw new MnemoError('internal', 'a model is configured but this entry point was opened without model support: use openMemory');
  const llm = opts.llm ? buildLlm!(opts.llm, { analyzerFallback: offlineAnalyzer, synthesizerFallback: offlineSynthesizer }) : null;
  const rules = opts.extractor || llm ? null : lazyRuleExtractor();
  const extractor = opts.extractor ?? llm?.extractor ?? rules!;
  let embedderPromise: Promise<Embedder | null> | null = null;
  const embedder = () => (embedderPromise ??= resolveDefaultEmbedder(opts.embedder, opts.modelsDir ?? defaultModelsDir(), warn));
  const everyNewMemories = everyNewMemoriesOf(opts.consolidation);
  // The handlers' code (extraction, consolidation, embedding) loads with the first job claimed:
  // a one-shot reader never runs one.
  let loaded: Promise<Record<string, JobHandler>> | null = null;
  const handlers = () => (loaded ??= import('./jobs/handlers.js').then((m) => m.jobHandlers({ extractor, embedder, llm: opts.llm, usage: llm?.usage, everyNewMemories, warn })));
  const handler = (kind: string): JobHandler => async (job, ctx) => (await handlers())[kind](job, ctx);
  // A long-running handle loads that code, and the rule extractor's, in the background right away,
  // so its first write does not wait for them.
  if (opts.worker?.background !== false && !recallOnly) {
    setImmediate(() => {
      handlers().catch(() => undefined);
      rules?.load().catch(() => undefined);
    });
  }
  const worker = new Worker({
    handlers: Object.fromEntries([EXTRACT_JOB, CONSOLIDATE_JOB, EMBED_JOB, FOLD_JOB].map((kind) => [kind, handler(kind)])),
    pollMs: opts.worker?.background === false ? 0 : (opts.worker?.pollMs ?? 1000),
    leaseMs: opts.worker?.leaseMs ?? 15_000,
    onError: (err) => warn(`background job failed: ${err instanceof Error ? err.message : String(err)}`),
  });
  const rt: Runtime = {
    provider,
    worker,
    extractor,
    analyzer: llm?.analyzer ?? offlineAnalyzer,
    synthesizer: llm?.synthesizer ?? offlineSynthesizer,
    embedder,
    weights: { ...DEFAULT_WEIGHTS, ...opts.weights },
    warn,
    recallOnly,
    recallPool,
    recallCacheMs: recallOnly ? 0 : recallCacheMsOf(opts.recallCacheMs),
  };
  const profiles = new Map<string, Profile>();
  let closed = false;
  return {
    profile(name: string): ProfileApi {
      if (closed) throw new MnemoError('unavailable', 'this memory handle is closed');
      let p = profiles.get(name); // validated when it was added (a request's every call looks it up)
      if (p) return p;
      const parsed = profileNameSchema.safeParse(name);
      if (!parsed.success) throw new MnemoError('invalid_profile', `invalid profile name ${JSON.stringify(name)}: use 1-100 of a-z 0-9 . _ - starting with a letter or digit`);
      profiles.set(name, (p = new Profile(name, rt)));
      return p;
    },
    listProfiles: () => provider.listProfiles(),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...profiles.values()].map((p) => p.close()));
      await rt.recallPool?.close();
      await worker.stop();
      await provider.close();
    },
  };
}

function recallCacheMsOf(ms: number | undefined): number {
  if (ms === undefined) return RECALL_CACHE_MS;
  if (!Number.isFinite(ms) || ms < 0 || ms > 3_600_000) throw new MnemoError('invalid_input', `recallCacheMs must be from 0 to 3600000; got ${ms}`);
  return ms;
}

function recallPoolFor(opts: MnemoOptions, dataDir: string, warn: (m: string) => void): RecallPool | null {
  const threads = opts.recallThreads ?? 0;
  if (!Number.isInteger(threads) || threads < 0 || threads > 64) throw new MnemoError('invalid_input', `recallThreads must be an integer from 0 to 64; got ${threads}`);
  const timeoutMs = opts.recallTimeoutMs;
  if (timeoutMs !== undefined && (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 3_600_000)) {
    throw new MnemoError('invalid_input', `recallTimeoutMs must be an integer from 100 to 3600000 (ms); got ${timeoutMs}`);
  }
  if (threads === 0) return null;
  const config = recallThreadConfig({ ...opts, dataDir });
  if ('unsupported' in config) {
    warn(`recall runs on the main thread: recallThreads needs plain-data options, but ${config.unsupported}`);
    return null;
  }
  return new RecallPool(config, threads, warn, timeoutMs);
}

async function resolveDefaultEmbedder(given: Embedder | EmbedderConfig | false | undefined, modelsDir: string, warn: (m: string) => void): Promise<Embedder | null> {
  if (given === false) return null;
  return resolveEmbedder(given, { cacheDir: modelsDir, onWarning: warn });
}

function defaultModelsDir(): string {
  return path.join(os.homedir(), '.cache', 'mnemo', 'models');
}
