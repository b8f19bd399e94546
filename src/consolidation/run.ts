import { EMBED_JOB } from '../jobs/kinds.js';
import type { ConsolidationCommit } from '../store/consolidation-store.js';
import type { Store } from '../store/store.js';
import type { Memory } from '../types.js';
import { derivedMemory, offlineContent } from './compose.js';
import type { Composer } from './composer.js';
import type { ConsolidationSettings } from './options.js';
import { planGroups } from './plan.js';
import type { ConsolidationGroup, GroupKind } from './types.js';

export interface ConsolidationReport {
  /** Active memories read. */
  memoriesRead: number;
  /** Groups found; `written` of them produced a new memory, `unchanged` were already consolidated. */
  groups: number;
  written: number;
  unchanged: number;
  /** A member changed (forgotten, superseded) between planning and writing: left for the next run. */
  stale: number;
  byKind: Record<GroupKind, number>;
  /** Memories marked superseded (merged duplicates, earlier versions of a group's memory). */
  superseded: number;
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  ms: number;
}

export interface RunHooks {
  /** Called every few groups, e.g. to extend the job's lease. */
  heartbeat?: () => Promise<unknown>;
  onWarning?: (message: string) => void;
}

const PAGE = 1000;
/**
 * Groups per store transaction. Each group is still all or nothing (a crash keeps whole groups);
 * a transaction per group would spend most of the run waiting for the disk.
 */
const COMMIT_BATCH = 100;

/**
 * One consolidation pass (DESIGN.md §3a): merges first (they change which memories are active),
 * then semantic and session groups over what remains. Each group is all or nothing in the store
 * (several commit in one transaction, none is ever split); a group whose memory already stands
 * for exactly its members is skipped without a
 * write, so a second run over unchanged memories writes nothing.
 */
export async function runConsolidation(store: Store, composer: Composer, settings: ConsolidationSettings, hooks: RunHooks = {}): Promise<ConsolidationReport> {
  const t0 = performance.now();
  const report: ConsolidationReport = {
    memoriesRead: 0, groups: 0, written: 0, unchanged: 0, stale: 0, byKind: { merge: 0, semantic: 0, summary: 0 },
    superseded: 0, modelCalls: 0, inputTokens: 0, outputTokens: 0, ms: 0,
  };
  const phases: ReadonlySet<GroupKind>[] = [new Set<GroupKind>(['merge']), new Set<GroupKind>(['semantic', 'summary'])];
  let memories: Memory[] | null = null;
  for (const phase of phases) {
    const kinds = new Set([...phase].filter((k) => settings.kinds.has(k)));
    if (kinds.size === 0) continue;
    memories ??= await activeMemories(store);
    report.memoriesRead = Math.max(report.memoriesRead, memories.length);
    const changed = await applyGroups(store, composer, settings, planGroups(memories, settings.plan, kinds), report, hooks);
    memories = await afterChanges(store, memories, changed);
  }
  report.ms = Math.round(performance.now() - t0);
  return report;
}

async function activeMemories(store: Store): Promise<Memory[]> {
  const out: Memory[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await store.listMemories({ status: 'active', limit: PAGE, cursor });
    out.push(...page.items);
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
  }
}

/**
 * The active memories after a phase, without reading them all again: those it superseded leave,
 * those it wrote join. (A memory written meanwhile by someone else waits for the next run.)
 */
async function afterChanges(store: Store, memories: Memory[], changed: Changes): Promise<Memory[]> {
  if (changed.superseded.size === 0 && changed.written.length === 0) return memories;
  let kept = memories.filter((m) => !changed.superseded.has(m.id));
  const present = new Set(kept.map((m) => m.id));
  const joined = (await store.getMemories(changed.written.filter((id) => !present.has(id)))).filter((m) => m.status === 'active');
  // A written memory with a topic key supersedes what is active under that key: read those again.
  const keys = new Set(joined.flatMap((m) => (m.topicKey ? [m.topicKey] : [])));
  const recheck = kept.filter((m) => m.topicKey && keys.has(m.topicKey)).map((m) => m.id);
  if (recheck.length) {
    const still = new Set((await store.getMemories(recheck)).filter((m) => m.status === 'active').map((m) => m.id));
    kept = kept.filter((m) => !m.topicKey || !keys.has(m.topicKey) || still.has(m.id));
  }
  return [...kept, ...joined];
}

interface Changes {
  superseded: Set<string>;
  written: string[];
}

async function applyGroups(store: Store, composer: Composer, settings: ConsolidationSettings, groups: ConsolidationGroup[], report: ConsolidationReport, hooks: RunHooks): Promise<Changes> {
  const changed: Changes = { superseded: new Set(), written: [] };
  report.groups += groups.length;
  const rows = new Map<string, string>();
  for (let i = 0; i < groups.length; i += 500) {
    for (const r of await store.consolidationGroups(groups.slice(i, i + 500).map((g) => g.key))) rows.set(r.key, r.memoryId);
  }
  const previousIds = [...new Set(rows.values())];
  const previous = new Map((await store.getMemories(previousIds)).map((m) => [m.id, m]));
  const pending: { group: ConsolidationGroup; commit: ConsolidationCommit }[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const memoryIds = pending.map((p) => p.commit.memory.id);
    const results = await store.commitConsolidation(pending.map((p) => p.commit), { enqueue: [{ kind: EMBED_JOB, payload: { memoryIds } }] });
    results.forEach((res, i) => {
      if (res.outcome === 'written') {
        report.written++;
        report.byKind[pending[i]!.group.kind]++;
        report.superseded += res.superseded.length;
        for (const id of res.superseded) changed.superseded.add(id);
        changed.written.push(res.memoryId);
      } else if (res.outcome === 'unchanged') report.unchanged++;
      else report.stale++;
    });
    pending.length = 0;
    await hooks.heartbeat?.();
  };
  for (const group of groups) {
    const prior = previous.get(rows.get(group.key) ?? '') ?? null;
    const id = derivedMemory(group, '', null).memory.id;
    if (prior?.id === id) {
      report.unchanged++;
      continue;
    }
    const content = await contentFor(composer, group, settings, report, hooks);
    const write = derivedMemory(group, content, prior);
    const supersede = [...write.supersede].filter((s) => s !== prior?.id || prior.status === 'active');
    pending.push({
      group,
      commit: {
        groupKey: group.key,
        memory: write.memory,
        requireActive: group.members.map((m) => m.id),
        supersede,
      },
    });
    if (pending.length >= COMMIT_BATCH) await flush();
  }
  await flush();
  return changed;
}

/** The model writes the content while the run's call budget lasts; a failed call falls back to the rules. */
async function contentFor(composer: Composer, group: ConsolidationGroup, settings: ConsolidationSettings, report: ConsolidationReport, hooks: RunHooks): Promise<string> {
  if (composer.id === 'rules@1' || report.modelCalls >= settings.maxModelCalls) return offlineContent(group);
  try {
    const { content, usage } = await composer.compose(group);
    if (usage) {
      report.modelCalls += usage.calls;
      report.inputTokens += usage.inputTokens;
      report.outputTokens += usage.outputTokens;
    }
    return content;
  } catch (err) {
    report.modelCalls++;
    hooks.onWarning?.(`consolidation: the model could not write group ${group.key} (${err instanceof Error ? err.message : String(err)}); rules wrote it`);
    return offlineContent(group);
  }
}
