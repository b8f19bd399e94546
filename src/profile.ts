import type { ContextBlock, ExportDocument, ImportResult, IngestResult, ProfileApi, ProfileStats, RecallResult, RememberResult } from './api.js';
import { EXPORT_FORMAT, EXPORT_VERSION } from './api.js';
import { MnemoError } from './errors.js';
import { currentEmbedderId, embedderKey } from './ingest/embed-job.js';
import { EMBED_JOB, EXTRACT_JOB } from './jobs/kinds.js';
import { prepareMessages } from './ingest/prepare-messages.js';
import { recall } from './recall/recall.js';
import type { Runtime } from './runtime.js';
import {
  type ContextOptions, type ForgetOptions, type IngestOptions, type ListOptions, type MessageInput, type RecallOptions, type RememberInput,
  contextOptionsSchema, forgetOptionsSchema, importOptionsSchema, listOptionsSchema, memoryIdSchema, querySchema, recallOptionsSchema, topicKeySchema,
} from './schemas.js';
import type { Page, Store, TimelineSlice } from './store/store.js';
import type { Job, JobStatus, Memory } from './types.js';
import { parseInput } from './validation.js';
import { parseRecallOptions } from './recall-options.js';
import type { ConsolidationResult } from './consolidation/profile-consolidation.js';
import type { ConsolidateOptions } from './consolidation/options.js';
import { WorkingSession, type WorkingSessionApi } from './working-memory/session.js';
import { sessionIdSchema } from './schemas.js';
import type { BrowseOptions, JobListOptions, ProfileInspection, Provenance, TimelineQuery } from './inspect/index.js';
import { withCacheAffinity } from './models/llm/cache-affinity.js';
import type { NoteInput, NoteResult } from './notes/note.js';
import type { ForgetWhereResult, UpdateResult, WarmOptions } from './api.js';
import type { QueryAnalyzer } from './recall/analyzer.js';
import type { Synthesizer } from './recall/synthesizer.js';
import { createOfflineAnalyzer } from './recall/offline-analyzer.js';
import { createExtractiveSynthesizer } from './recall/extractive-synthesizer.js';
import { indexTopicKeys } from './recall/topic-match.js';
import { nextBackgroundSlice } from './background/foreground.js';
import { type ForgetWhereOptions, type UpdateInput, forgetWhereSchema, updateInputSchema } from './schemas.js';
import { scopeWhere } from './filters/scope-options.js';
import { redactOptional } from './ingest/redact-json.js';
import { assertRevisable } from './store/revise-checks.js';
import { type ChangeEvent, type EventsOptions } from './events/change-event.js';
import { WebhookRegistry } from './webhooks/registry.js';
import { ProfileLifecycle } from './lifecycle/profile-lifecycle.js';
import { RecallResultCache } from './recall-pool/result-cache.js';
import { jsonOf, type RecallAnswer, resultOf } from './recall-pool/recall-text.js';
import type { TieringResult } from './lifecycle/tiering.js';
import { type LifecycleSettings, type LifecycleSettingsInput } from './lifecycle/settings.js';
import { type TierOptions, tierOptionsSchema } from './lifecycle/tier-options.js';

const TOPIC_KEY_TTL_MS = 5_000;
/** Topic keys read per profile (alphabetically first), for analyzers and extractors. */
const TOPIC_KEY_READ_LIMIT = 5000;
/** Asked by the warm-up recall: a name and a time expression, so every stage of the pipeline runs. */
const WARM_UP_QUESTION = 'What did Alex decide about the database last Tuesday?';
/** A recall thread does not see the main thread's writes, so it re-reads the keys sooner. */
const RECALL_THREAD_TOPIC_KEY_TTL_MS = 250;

/**
 * Modules of ingest and remember, loaded on first use (not at startup) and then kept: a dynamic
 * import per call resolves the specifiers again, ~2 ms a call under a loader hook (tsx).
 */
let ingestLoaded: Promise<[typeof import('./filters/ingest-scope.js'), typeof import('./ingest/redact-json.js'), typeof import('./working-memory/at-ingest.js')]> | null = null;
const ingestModules = () => (ingestLoaded ??= Promise.all([import('./filters/ingest-scope.js'), import('./ingest/redact-json.js'), import('./working-memory/at-ingest.js')]));
let rememberLoaded: Promise<[typeof import('./tasks/remember-extras.js'), typeof import('./ingest/remember.js')]> | null = null;
const rememberModules = () => (rememberLoaded ??= Promise.all([import('./tasks/remember-extras.js'), import('./ingest/remember.js')]));

/** The profile facade: validates input, then delegates to the pipelines and the store. */
export class Profile implements ProfileApi {
  private storePromise: Promise<Store> | null = null;
  private embedderCheck: Promise<void> | null = null;
  private closing: (() => void) | null = null;
  private readonly closed = new Promise<null>((resolve) => (this.closing = () => resolve(null)));
  private topicKeyCache: { at: number; keys: string[]; generation?: string } | null = null;
  /** A recall read the keys it could match (see topicKeys). */
  private keysAskedBefore = false;
  private warmedUp: Promise<void> | null = null;
  private entityCatchUp: Promise<void> | null = null;
  /** The store's write generation when the entity index was last caught up. */
  private entitiesCaughtUpAt: string | undefined;
  private readonly lifecycle: ProfileLifecycle;
  private readonly recallCache: RecallResultCache;

  constructor(readonly name: string, private readonly rt: Runtime) {
    this.lifecycle = new ProfileLifecycle(() => this.store(), rt.warn);
    this.recallCache = new RecallResultCache(rt.recallCacheMs);
  }

  store(): Promise<Store> {
    this.storePromise ??= this.rt.provider.open(this.name).then((s) => {
      if (this.rt.recallOnly) return s;
      this.rt.worker.add(s);
      this.embedderCheck = this.refreshVectorsIfEmbedderChanged(s).catch((err) => this.rt.warn(`could not check the profile's embedder: ${String(err)}`));
      return s;
    });
    return this.storePromise;
  }

  /** The store of a profile that exists; reads never create a profile (a typo gets not_found). */
  async existing(): Promise<Store> {
    if (!this.storePromise && !(await this.rt.provider.listProfiles()).includes(this.name)) {
      throw new MnemoError('not_found', `no profile "${this.name}": nothing has been written to it yet`);
    }
    return this.store();
  }

  async ingest(messages: MessageInput[], opts: IngestOptions = {}): Promise<IngestResult> {
    const prepared = prepareMessages(messages, opts);
    // Opened before anything is awaited: a recall started beside this write finds the profile.
    const opening = this.store();
    const [{ scopePayload }, { redactMetadata }, { settleWorkingMemory }] = await ingestModules();
    const store = await opening;
    const ids = prepared.messages.map((m) => m.id);
    const known = new Set(await store.knownMessageIds(ids));
    const fresh = prepared.messages.filter((m) => !known.has(m.id));
    const scope = scopePayload({ ...opts, metadata: redactMetadata(opts.metadata, prepared.redactions) });
    // A waited ingest runs its extraction here at once: the job is written claimed by this worker.
    const claimedBy = prepared.wait ? this.rt.worker.claimFor(EXTRACT_JOB) ?? undefined : undefined;
    const enqueue = fresh.length ? [{ kind: EXTRACT_JOB, payload: { messageIds: fresh.map((m) => m.id), ...scope }, claimedBy }] : [];
    const auditMark = prepared.wait ? await store.lastAuditId() : 0;
    const res = await store.insertMessages(fresh, { enqueue });
    const job = res.jobs[0];
    const jobId = job?.id ?? null;
    const working = await settleWorkingMemory(store, prepared.messages.map((m) => m.sessionId), (id) => this.session(id));
    this.invalidateKeys();
    const result: IngestResult = {
      messageIds: ids,
      inserted: res.inserted.length,
      duplicates: ids.length - res.inserted.length,
      jobId,
      redactions: prepared.redactions,
      ...(prepared.split.length ? { split: prepared.split } : {}),
      ...(working ? { working } : {}),
    };
    if (!prepared.wait) {
      this.rt.worker.kick();
      return result;
    }
    if (job && claimedBy) await this.rt.worker.runHanded(store, job, { messages: res.stored });
    if (jobId) await this.waitFor(store, jobId);
    await this.drain();
    const written = await auditWritesSince(store, auditMark);
    const mine = new Set(ids);
    const memories = (await store.getMemories(written.memoryIds)).filter((m) => m.sourceMessageIds.some((id) => mine.has(id)));
    return { ...result, memories };
  }

  async remember(input: RememberInput): Promise<RememberResult> {
    const store = await this.store();
    const [{ rememberExtras }, { buildRememberedMemory }] = await rememberModules();
    const keys = await this.topicKeys();
    const extras = rememberExtras(input);
    const built = await withCacheAffinity(this.name, () => buildRememberedMemory(extras.input, this.rt.extractor, keys));
    const memory = extras.finish(built.memory);
    const redactions = [...built.redactions, ...extras.redactions];
    const res = await store.writeMemories([memory], { enqueue: [{ kind: EMBED_JOB, payload: { memoryIds: [memory.id] } }], actor: 'remember' });
    if (memory.topicKey && this.topicKeyCache && !this.topicKeyCache.keys.includes(memory.topicKey)) this.topicKeyCache.keys.push(memory.topicKey);
    this.rt.worker.kick();
    const written = res.written[0];
    let existing = written ? null : await store.getMemory(res.skipped[0]?.existingId ?? '');
    // Saying it again with a pin pins what is already there: the same statement, now kept at full salience.
    if (existing && memory.pinned && !existing.pinned && (await store.setPinned(existing.id, true))) existing = await store.getMemory(existing.id);
    const stored = written ?? existing;
    if (!stored) throw new MnemoError('internal', 'remember wrote nothing and found no existing memory');
    return { memory: stored, created: !!written, superseded: res.superseded.map((s) => s.id), redactions };
  }

  async recall(query: string, opts: RecallOptions = {}): Promise<RecallResult> {
    return resultOf(await this.recallAnswer(query, opts));
  }

  async recallJson(query: string, opts: RecallOptions = {}): Promise<string> {
    return jsonOf(await this.recallAnswer(query, opts));
  }

  private async recallAnswer(query: string, opts: RecallOptions): Promise<RecallAnswer> {
    const q = parseInput(querySchema, query, 'query');
    const o = parseRecallOptions(opts);
    scopeWhere(o); // a bad filter fails before the profile is opened, as before
    const store = await this.existing();
    const answer = await this.recallCache.recall(store, q, o, () => this.recallUncached(store, q, o));
    if ('reused' in answer && answer.reused) this.lifecycle.accessed(answer.text.access);
    return answer;
  }

  private async recallUncached(store: Store, q: string, o: ReturnType<typeof recallOptionsSchema.parse>): Promise<RecallAnswer> {
    if (this.rt.recallPool) {
      void this.catchUpEntities(store);
      return { text: await this.rt.recallPool.recallText(this.name, q, o) };
    }
    return { result: this.lifecycle.recalled(await this.recallHere(store, q, o)) };
  }

  /** Recall on this thread, recording nothing. */
  private async recallHere(store: Store, q: string, o: ReturnType<typeof recallOptionsSchema.parse>, stages?: { analyzer: QueryAnalyzer; synthesizer: Synthesizer }): Promise<RecallResult> {
    const where = scopeWhere(o);
    const embedder = await this.rt.embedder();
    const lifecycle = await this.lifecycle.settings(store);
    return withCacheAffinity(this.name, () => recall(
      {
        store,
        analyzer: stages?.analyzer ?? this.rt.analyzer,
        synthesizer: stages?.synthesizer ?? this.rt.synthesizer,
        embedder,
        weights: this.rt.weights,
        topicKeys: (parts) => this.topicKeys(parts),
      },
      q,
      {
        limit: o.limit,
        types: o.types,
        sessionId: o.sessionId,
        referenceDate: o.referenceDate ? new Date(o.referenceDate) : new Date(),
        synthesize: o.synthesize,
        includeSuperseded: o.includeSuperseded,
        where,
        tiers: o.tiers,
        lifecycle,
      },
    ));
  }

  /** Loads the profile's search indexes now (in the recall threads when recall runs there) instead of on the first recall. */
  async warm(opts: WarmOptions = {}): Promise<void> {
    const store = await this.existing();
    if (this.rt.recallPool) {
      const indexed = this.catchUpEntities(store);
      if (!opts.background) await indexed;
      return this.rt.recallPool.warm(this.name, opts);
    }
    await (this.warmedUp ??= this.warmUpRecall(store));
    const loading = store.warm?.();
    if (!opts.background) await loading;
    else loading?.catch(() => undefined); // a failed load leaves searches on the on-disk indexes
  }

  /**
   * Recall threads leave a large entity-index backlog (a bulk import) to the writing side: it is
   * indexed here a batch at a time, each a short write, between requests.
   */
  private catchUpEntities(store: Store): Promise<void> {
    // Nothing committed since the index last caught up: no backlog to look for (four queries a recall).
    const generation = store.writeGeneration?.();
    if (generation !== undefined && generation === this.entitiesCaughtUpAt) return Promise.resolve();
    this.entityCatchUp ??= (async () => {
      try {
        for (;;) {
          const before = store.writeGeneration?.();
          if (await store.indexEntities({ batches: 1 })) {
            this.entitiesCaughtUpAt = before; // when the check wrote nothing, nor did anyone meanwhile, it equals the next read
            break;
          }
          await nextBackgroundSlice();
        }
      } catch (err) {
        this.rt.warn(`indexing entity mentions failed: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        this.entityCatchUp = null;
      }
    })();
    return this.entityCatchUp;
  }

  /**
   * A recall whose result is discarded (no access recorded): it compiles the pipeline's code and
   * fills what a first recall reads (word vectors, topic keys, tier state), so the first question
   * asked does not pay for them. Its errors are left for real recalls to report.
   */
  private async warmUpRecall(store: Store): Promise<void> {
    // Offline stages only: a configured model is not called for a question nobody asked.
    const offline = { analyzer: createOfflineAnalyzer(), synthesizer: createExtractiveSynthesizer() };
    // A process that warms up answers many questions: it reads every topic key now, not only those
    // the warm-up question can match, and indexes them, which the first questions asked would do.
    this.keysAskedBefore = true;
    await this.recallHere(store, WARM_UP_QUESTION, recallOptionsSchema.parse({ limit: 1, synthesize: false }), offline).catch(() => undefined);
    // Loaded here, not at startup: only a process that warms up runs it.
    (await import('./recall/time-expressions.js')).warmTimeParser();
    const keys = this.topicKeyCache?.keys;
    if (keys) indexTopicKeys(keys);
  }

  async list(opts: ListOptions = {}): Promise<Page<Memory>> {
    const o = parseInput(listOptionsSchema, opts, 'list options');
    const where = scopeWhere(o);
    const store = await this.existing();
    const { sort, ...filter } = o;
    if (sort === 'salience') return this.lifecycle.listBySalience(store, { ...filter, status: o.status ?? 'active', where });
    return this.lifecycle.withSalience(store, await store.listMemories({ ...filter, status: o.status ?? 'active', where }));
  }

  async get(id: string): Promise<Memory> {
    const mid = parseInput(memoryIdSchema, id, 'memory id');
    const store = await this.existing();
    const found = await store.getMemory(mid);
    if (!found) throw new MnemoError('not_found', `no memory ${mid} in profile ${this.name}`);
    return this.lifecycle.read(store, found);
  }

  /** Moves memories to the cold tier (salience under the threshold, or untouched for `coldAfterDays`) and rebuilds the archive index. */
  async tier(opts: TierOptions = {}): Promise<TieringResult> {
    const o = parseInput(tierOptionsSchema, opts, 'tier options');
    return this.lifecycle.tier(await this.existing(), o);
  }

  /** The profile's lifecycle settings; with a change, validates and stores it first (nothing is written when invalid). */
  async lifecycleSettings(change?: LifecycleSettingsInput): Promise<LifecycleSettings> {
    return change === undefined ? this.lifecycle.settings(await this.existing()) : this.lifecycle.configure(await this.store(), change);
  }

  async forget(id: string, opts: ForgetOptions = {}): Promise<Memory> {
    const mid = parseInput(memoryIdSchema, id, 'memory id');
    const o = parseInput(forgetOptionsSchema, opts, 'forget options');
    const forgotten = await (await this.existing()).forget(mid, { purge: o.purge, reason: redactOptional(o.reason) });
    if (!forgotten) throw new MnemoError('not_found', `no memory ${mid} in profile ${this.name}`);
    this.invalidateKeys();
    return forgotten;
  }

  async update(id: string, patch: UpdateInput): Promise<UpdateResult> {
    const mid = parseInput(memoryIdSchema, id, 'memory id');
    const changes = parseInput(updateInputSchema, patch, 'update');
    const store = await this.existing();
    const old = await store.getMemory(mid);
    if (!old) throw new MnemoError('not_found', `no memory ${mid} in profile ${this.name}`);
    assertRevisable(old);
    if (Object.keys(changes).every((k) => k === 'pinned' || changes[k as keyof typeof changes] === undefined)) return this.pin(store, old, changes.pinned!);
    const { buildRevision } = await import('./revise/revision.js');
    const { memory, redactions } = await buildRevision(old, changes, this.rt.extractor, await this.topicKeys());
    const written = await store.reviseMemory(mid, memory, { enqueue: [{ kind: EMBED_JOB, payload: { memoryIds: [memory.id] } }] });
    if (!written) throw new MnemoError('not_found', `no memory ${mid} in profile ${this.name}`);
    this.invalidateKeys();
    this.rt.worker.kick();
    return { memory: written, previous: (await store.getMemory(mid)) ?? old, redactions };
  }

  /** Pinning changes how a memory ages, not what it says: the same version, changed in place. */
  private async pin(store: Store, old: Memory, pinned: boolean): Promise<UpdateResult> {
    if (!(await store.setPinned(old.id, pinned))) throw new MnemoError('not_found', `no active memory ${old.id} in profile ${this.name}`);
    this.invalidateKeys();
    const pinnedNow = (await store.getMemory(old.id))!;
    const { items: [memory, previous] } = await this.lifecycle.withSalience(store, { items: [pinnedNow, old], nextCursor: null });
    return { memory: memory!, previous: previous!, redactions: [] };
  }

  async forgetWhere(opts: ForgetWhereOptions): Promise<ForgetWhereResult> {
    const o = parseInput(forgetWhereSchema, opts, 'forget options');
    const where = scopeWhere(o);
    if (!where) throw new MnemoError('invalid_input', 'forget by filter needs at least one condition (userId, agentId, runId or filter)');
    const { forgetMatching } = await import('./filters/forget-matching.js');
    const forgotten = await forgetMatching(await this.existing(), where, { purge: o.purge, reason: redactOptional(o.reason), limit: o.limit, dryRun: o.dryRun });
    if (o.dryRun) return { forgotten, dryRun: true };
    this.invalidateKeys();
    return { forgotten };
  }

  async events(opts: EventsOptions = {}): Promise<ChangeEvent[]> {
    const { readEvents } = await import('./events/read-events.js');
    return readEvents(await this.existing(), this.name, opts);
  }

  webhooks(): WebhookRegistry {
    return new WebhookRegistry(this.name, () => this.existing());
  }

  async complete(id: string, opts: { reason?: string } = {}): Promise<Memory> {
    const mid = parseInput(memoryIdSchema, id, 'memory id');
    const { completeTask } = await import('./tasks/complete.js');
    return completeTask(await this.existing(), mid, redactOptional(opts.reason?.slice(0, 1000)));
  }

  async note(input: NoteInput): Promise<NoteResult> {
    const store = await this.store();
    const { writeNote } = await import('./notes/note.js');
    return writeNote(store, input, () => this.rt.worker.kick());
  }

  async history(topicKey: string): Promise<Memory[]> {
    const key = parseInput(topicKeySchema, topicKey, 'topic key');
    return (await this.existing()).history(key);
  }

  async context(opts: ContextOptions = {}): Promise<ContextBlock> {
    const o = parseInput(contextOptionsSchema, opts, 'context options');
    const { buildContext } = await import('./context-source.js');
    return buildContext(await this.existing(), o, (q) => this.recall(q, { limit: 10, synthesize: false }));
  }

  async export(): Promise<ExportDocument> {
    const dump = await (await this.existing()).dump();
    return { format: EXPORT_FORMAT, version: EXPORT_VERSION, profile: this.name, exportedAt: new Date().toISOString(), ...dump };
  }

  async import(doc: unknown, opts: { strategy?: 'merge' | 'replace' } = {}): Promise<ImportResult> {
    const { strategy } = parseInput(importOptionsSchema, opts, 'import options');
    const [{ redactJson }, { parseExportDocument }] = await Promise.all([import('./ingest/redact-json.js'), import('./interop/json.js')]);
    // A document written elsewhere may carry secrets: every string is scanned like ingested text.
    const parsed = redactJson(parseExportDocument(doc), 'export document').value;
    const store = await this.store();
    const res = await store.load({ messages: parsed.messages, memories: parsed.memories, audit: parsed.audit }, strategy);
    await store.enqueueJobs([{ kind: EMBED_JOB, payload: { full: true, reason: 'import' } }]);
    this.invalidateKeys();
    this.rt.worker.kick();
    return res;
  }

  async job(id: string): Promise<Job> {
    const job = await (await this.existing()).getJob(id);
    if (!job) throw new MnemoError('not_found', `no job ${id} in profile ${this.name}`);
    return job;
  }

  /** Runs (or with `wait: false` queues) a consolidation pass: merges, semantic memories, session summaries. */
  async consolidate(opts: ConsolidateOptions = {}): Promise<ConsolidationResult> {
    const { consolidateProfile } = await import('./consolidation/profile-consolidation.js');
    return consolidateProfile(() => this.existing(), this.rt.worker, opts);
  }

  /** The working memory of one session: scratch items promoted or dropped when the session ends or is ingested. */
  session(id: string): WorkingSessionApi {
    const sid = parseInput(sessionIdSchema, id, 'session id');
    return new WorkingSession(sid, {
      store: () => this.store(),
      extractor: this.rt.extractor,
      topicKeys: () => this.topicKeys(),
      afterWrite: () => {
        this.invalidateKeys();
        this.rt.worker.kick();
      },
    });
  }

  async jobs(): Promise<Record<JobStatus, number>> {
    return (await this.existing()).countJobs();
  }

  async drain(): Promise<void> {
    const store = await this.existing();
    await this.lifecycle.recorder.flush({ fold: true });
    for (let i = 0; i < 10_000; i++) {
      await this.rt.worker.drain(store);
      const { pending, running, firstPending } = await store.unfinishedJobs();
      if (pending + running === 0) return;
      // A store may read the counts and the first pending job at two moments (a claim can commit
      // between them): only a pending job seen and not due soon lets a drain end with jobs left.
      if (running === 0 && firstPending && new Date(firstPending.runAt).getTime() > Date.now() + 1000) return;
      await sleep(20);
    }
  }

  async browse(opts: BrowseOptions = {}): Promise<Page<Memory>> {
    const { browseOptionsSchema } = await import('./inspect/index.js');
    const { from, to, q, ...o } = parseInput(browseOptionsSchema, opts, 'browse options');
    const store = await this.existing();
    return this.lifecycle.withSalience(store, await store.browseMemories({ ...o, createdFrom: from, createdTo: to, text: q }));
  }

  async inspect(): Promise<ProfileInspection> {
    const { inspectProfile } = await import('./inspect/index.js');
    return inspectProfile(await this.existing());
  }

  async provenance(id: string): Promise<Provenance> {
    const { provenanceOf } = await import('./inspect/index.js');
    return provenanceOf(await this.existing(), await this.get(id));
  }

  async timeline(opts: TimelineQuery = {}): Promise<TimelineSlice> {
    const { timelineOptionsSchema } = await import('./inspect/index.js');
    return (await this.existing()).timeline(parseInput(timelineOptionsSchema, opts, 'timeline options'));
  }

  async listJobs(opts: JobListOptions = {}): Promise<Job[]> {
    const { jobListOptionsSchema } = await import('./inspect/index.js');
    return (await this.existing()).listJobs(parseInput(jobListOptionsSchema, opts, 'job list options'));
  }

  async retryJob(id: string): Promise<Job> {
    const store = await this.existing();
    const retried = await store.retryJob(id);
    if (retried) this.rt.worker.kick();
    return retried ?? (await this.job(id).then((j) => { throw new MnemoError('conflict', `job ${id} is ${j.status}; only failed jobs can be retried`); }));
  }

  async stats(): Promise<ProfileStats> {
    const store = await this.existing();
    const [messages, vectors, jobs, embedder] = await Promise.all([store.countMessages(), store.countVectors(), store.countJobs(), currentEmbedderId(store)]);
    const memories: Record<string, number> = {};
    for (const status of ['active', 'superseded', 'forgotten', 'done'] as const) memories[status] = await store.countMemories({ status });
    return { messages, memories, vectors, jobs, embedder };
  }

  /** Detaches the profile from the worker once its start-up check is done (the handle closes the store). */
  async close(): Promise<void> {
    if (!this.storePromise) return;
    const store = await this.storePromise.catch(() => null);
    if (store) await this.lifecycle.recorder.flush({ fold: true });
    this.closing?.();
    await this.embedderCheck;
    if (store) this.rt.worker.remove(store);
  }

  /** A profile embedded with another embedder is re-embedded in the background; recall keeps working meanwhile. */
  private async refreshVectorsIfEmbedderChanged(store: Store): Promise<void> {
    // Loading word vectors can take a while; a short-lived caller that closes first skips the check.
    const embedder = await Promise.race([this.rt.embedder(), this.closed]);
    if (!embedder) return;
    const recorded = await currentEmbedderId(store);
    if (recorded === embedderKey(embedder)) return;
    if (recorded === null && (await store.countMemories()) + (await store.countMessages()) === 0) return;
    await store.enqueueJobs([{ kind: EMBED_JOB, payload: { full: true, reason: 'embedder changed' } }]);
    this.rt.worker.kick();
  }

  private async waitFor(store: Store, jobId: string): Promise<void> {
    for (;;) {
      await this.rt.worker.drain(store);
      const job = await store.getJob(jobId);
      if (!job || job.status === 'done') return;
      if (job.status === 'failed') throw new MnemoError('model_error', `extraction failed: ${job.lastError ?? 'unknown error'}`, { jobId });
      if (job.status === 'pending' && job.attempts > 0) {
        throw new MnemoError('unavailable', `extraction is retrying after an error (${job.lastError}); job ${jobId} will finish in the background`, { jobId });
      }
      await sleep(20);
    }
  }

  /** `parts`: a caller that needs only the keys containing one of them (a recall's analyzer). */
  private async topicKeys(parts?: string[]): Promise<string[]> {
    const ttl = this.rt.recallOnly ? RECALL_THREAD_TOPIC_KEY_TTL_MS : TOPIC_KEY_TTL_MS;
    const store = await this.store();
    // Nothing committed since the keys were read (by any connection): they still hold.
    const generation = store.writeGeneration?.();
    const cached = this.topicKeyCache;
    if (cached && (Date.now() - cached.at < ttl || (generation !== undefined && generation === cached.generation))) return cached.keys;
    // The first read, all a one-shot command makes, takes only the keys the question can match; a
    // process that asks again reads them all and keeps them (its key index is built from that list).
    if (parts && !this.keysAskedBefore && store.topicKeysContaining) {
      this.keysAskedBefore = true;
      return store.topicKeysContaining(parts, TOPIC_KEY_READ_LIMIT);
    }
    const read = await store.topicKeys(undefined, TOPIC_KEY_READ_LIMIT);
    // The same list keeps its identity: recall's index of the keys is built once per list.
    const keys = cached && sameKeys(cached.keys, read) ? cached.keys : read;
    this.topicKeyCache = { at: Date.now(), keys, generation };
    return keys;
  }

  private invalidateKeys(): void {
    this.topicKeyCache = null;
  }
}

async function auditWritesSince(store: Store, afterId: number): Promise<{ lastId: number; memoryIds: string[] }> {
  const memoryIds: string[] = [];
  let lastId = afterId;
  for (;;) {
    const page = await store.listAudit({ afterId: lastId, limit: 1000 });
    if (page.length === 0) return { lastId, memoryIds };
    for (const e of page) if (e.action === 'write' && e.memoryId) memoryIds.push(e.memoryId);
    lastId = page[page.length - 1].id;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function sameKeys(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
