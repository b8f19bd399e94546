import { MnemoError } from '../errors.js';
import { readSse } from './sse.js';
import type { Transport } from './transport.js';
import type {
  ChangeEvent, ChangeEventType, ContextBlock, ContextOptions, ExportDocument, ForgetOptions, ForgetWhereOptions, ForgetWhereResult, ImportResult,
  IngestOptions, IngestResult, Job, JobCounts, ListOptions, Memory, MemoryPage, MessageInput, ProfileStats, RecallOptions, RecallResult,
  RememberInput, RememberResult, UpdateInput, UpdateResult, Webhook, WebhookDelivery, WebhookInput,
} from './types.js';

export interface WatchOptions {
  /** Resume after this event id (sent as Last-Event-ID); default: from now on. */
  after?: number;
  types?: ChangeEventType[];
  signal?: AbortSignal;
  /** Reconnect after a dropped stream, resuming from the last event seen (default true). */
  reconnect?: boolean;
}

/** One profile on a mnemo server, with the same operations as the library's profile. */
export class ProfileClient {
  private readonly base: string;

  constructor(readonly name: string, private readonly http: Transport) {
    this.base = `v1/profiles/${encodeURIComponent(name)}`;
  }

  ingest(messages: MessageInput[], opts: IngestOptions = {}): Promise<IngestResult> {
    return this.http.request('POST', `${this.base}/ingest`, { body: { ...opts, messages } });
  }

  remember(input: RememberInput): Promise<RememberResult> {
    return this.http.request('POST', `${this.base}/remember`, { body: input });
  }

  recall(query: string, opts: RecallOptions = {}): Promise<RecallResult> {
    return this.http.request('POST', `${this.base}/recall`, { body: { ...opts, query }, idempotent: true });
  }

  list(opts: ListOptions = {}): Promise<MemoryPage> {
    return this.http.request('GET', `${this.base}/memories`, { query: { ...opts } });
  }

  /** Every memory matching `opts`, page after page (the cursor is followed for you). */
  async *memories(opts: Omit<ListOptions, 'cursor'> = {}): AsyncGenerator<Memory> {
    let cursor: string | undefined;
    do {
      const page = await this.list({ ...opts, cursor });
      yield* page.items;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  get(id: string): Promise<Memory> {
    return this.http.request('GET', `${this.base}/memories/${encodeURIComponent(id)}`);
  }

  update(id: string, patch: UpdateInput): Promise<UpdateResult> {
    return this.http.request('PATCH', `${this.base}/memories/${encodeURIComponent(id)}`, { body: patch });
  }

  forget(id: string, opts: ForgetOptions = {}): Promise<Memory> {
    return this.http.request('DELETE', `${this.base}/memories/${encodeURIComponent(id)}`, { query: { ...opts } });
  }

  forgetWhere(opts: ForgetWhereOptions): Promise<ForgetWhereResult> {
    return this.http.request('POST', `${this.base}/forget`, { body: opts });
  }

  async history(topicKey: string): Promise<Memory[]> {
    return (await this.http.request<{ items: Memory[] }>('GET', `${this.base}/history/${encodeURIComponent(topicKey)}`)).items;
  }

  context(opts: ContextOptions = {}): Promise<ContextBlock> {
    return this.http.request('POST', `${this.base}/context`, { body: opts, idempotent: true });
  }

  export(): Promise<ExportDocument> {
    return this.http.request('GET', `${this.base}/export`);
  }

  import(doc: unknown, opts: { strategy?: 'merge' | 'replace' } = {}): Promise<ImportResult> {
    return this.http.request('POST', `${this.base}/import`, { body: doc, query: opts });
  }

  job(id: string): Promise<Job> {
    return this.http.request('GET', `${this.base}/jobs/${encodeURIComponent(id)}`);
  }

  jobs(): Promise<JobCounts> {
    return this.http.request('GET', `${this.base}/jobs`);
  }

  stats(): Promise<ProfileStats> {
    return this.http.request('GET', `${this.base}/stats`);
  }

  /** Change events after an event id, oldest first (one JSON page). */
  async events(opts: { after?: number; limit?: number; types?: ChangeEventType[] } = {}): Promise<ChangeEvent[]> {
    return (await this.http.request<{ events: ChangeEvent[] }>('GET', `${this.base}/changes`, { query: opts })).events;
  }

  /**
   * Change events as they happen (Server-Sent Events), resuming by Last-Event-ID after a dropped
   * connection. Stop with `break` or the signal.
   */
  async *watch(opts: WatchOptions = {}): AsyncGenerator<ChangeEvent> {
    let lastId = opts.after;
    for (;;) {
      const res = await this.http.send('GET', `${this.base}/events`, {
        accept: 'text/event-stream', signal: opts.signal, noTimeout: true,
        query: { types: opts.types },
        extraHeaders: lastId !== undefined ? { 'last-event-id': String(lastId) } : {},
      });
      if (!res.body) throw new MnemoError('unavailable', 'the event stream has no body');
      try {
        for await (const msg of readSse(res.body)) {
          if (msg.event === 'ready') {
            lastId ??= (JSON.parse(msg.data) as { after: number }).after;
            continue;
          }
          const event = JSON.parse(msg.data) as ChangeEvent;
          lastId = event.id;
          yield event;
        }
      } catch (err) {
        if (opts.signal?.aborted) return;
        if (opts.reconnect === false) throw err;
      }
      if (opts.signal?.aborted || opts.reconnect === false) return;
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  readonly webhooks = {
    create: (input: WebhookInput): Promise<Webhook & { secret: string }> => this.http.request('POST', `${this.base}/webhooks`, { body: input }),
    list: async (): Promise<Webhook[]> => (await this.http.request<{ webhooks: Webhook[] }>('GET', `${this.base}/webhooks`)).webhooks,
    remove: (id: string): Promise<Webhook> => this.http.request('DELETE', `${this.base}/webhooks/${encodeURIComponent(id)}`),
    deliveries: (id: string): Promise<{ deliveries: WebhookDelivery[]; dead: WebhookDelivery[]; cursor: number }> =>
      this.http.request('GET', `${this.base}/webhooks/${encodeURIComponent(id)}/deliveries`),
  };
}
