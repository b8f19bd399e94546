import { hashId } from '../ids.js';
import type { Extractor } from '../ingest/extractor.js';
import { EMBED_JOB } from '../jobs/kinds.js';
import { buildRememberedMemory } from '../ingest/remember.js';
import { containsSecret, redactSecrets } from '../ingest/secrets.js';
import { MnemoError } from '../errors.js';
import type { WorkingItem } from '../store/consolidation-store.js';
import type { Store } from '../store/store.js';
import type { Memory, NewMemory } from '../types.js';
import { parseInput } from '../validation.js';
import { type EndSessionOptions, type WorkingItemInput, endSessionOptionsSchema, workingItemInputSchema } from './schemas.js';

export interface SessionEnd {
  promoted: Memory[];
  dropped: number;
}

/** What `profile.session(id)` returns: the session's working set (scratch items that live for the session). */
export interface WorkingSessionApi {
  readonly id: string;
  add(item: WorkingItemInput): Promise<WorkingItem>;
  list(): Promise<WorkingItem[]>;
  remove(itemId: string): Promise<boolean>;
  /** Ends the session (compaction): items are promoted to long-term memories or dropped, in one transaction. */
  end(opts?: EndSessionOptions): Promise<SessionEnd>;
}

export interface WorkingSessionDeps {
  store: () => Promise<Store>;
  extractor: Extractor;
  topicKeys: () => Promise<string[]>;
  /** After memories were written (the worker embeds them). */
  afterWrite: () => void;
}

export class WorkingSession implements WorkingSessionApi {
  constructor(readonly id: string, private readonly deps: WorkingSessionDeps) {}

  async add(item: WorkingItemInput): Promise<WorkingItem> {
    const data = parseInput(workingItemInputSchema, item, 'working item');
    // Secrets never reach storage, scratch or not.
    const content = redactSecrets(data.content.trim()).text;
    // An id is a key the caller reuses, so it cannot be rewritten: one that holds a secret is refused.
    if (data.id && containsSecret(data.id)) throw new MnemoError('invalid_input', 'working item id looks like a secret (a key or token); choose another id');
    const store = await this.deps.store();
    const [saved] = await store.putWorkingItems([{
      id: data.id ?? hashId('working', this.id, content).slice(0, 16),
      sessionId: this.id,
      content,
      type: data.type ?? 'fact',
      keep: data.keep ?? false,
    }]);
    return saved!;
  }

  async list(): Promise<WorkingItem[]> {
    return (await this.deps.store()).listWorkingItems(this.id);
  }

  async remove(itemId: string): Promise<boolean> {
    return (await (await this.deps.store()).deleteWorkingItems(this.id, [itemId])) > 0;
  }

  async end(opts: EndSessionOptions = {}): Promise<SessionEnd> {
    const { promote } = parseInput(endSessionOptionsSchema, opts, 'end-session options');
    const store = await this.deps.store();
    const items = await store.listWorkingItems(this.id);
    const chosen = promote === 'all' ? items : promote === 'kept' ? items.filter((i) => i.keep) : [];
    const keys = await this.deps.topicKeys();
    const memories: NewMemory[] = [];
    for (const item of chosen) {
      const { memory } = await buildRememberedMemory({ content: item.content, type: item.type, sessionId: this.id }, this.deps.extractor, keys);
      memories.push({ ...memory, id: hashId('working-memory', this.id, item.id, item.content), createdAt: item.createdAt, updatedAt: item.createdAt });
    }
    const enqueue = memories.length ? [{ kind: EMBED_JOB, payload: { memoryIds: memories.map((m) => m.id) } }] : [];
    // Deletes only the items listed above: one added (or edited) while this ran stays for the next end.
    const { promoted, removed } = await store.endWorkingSession(this.id, items, memories, { enqueue });
    if (memories.length) this.deps.afterWrite();
    const chosenIds = new Set(chosen.map((i) => i.id));
    return { promoted, dropped: removed.filter((id) => !chosenIds.has(id)).length };
  }
}
