import type { JobHandler } from '../jobs/worker.js';
import type { Store } from '../store/store.js';
import { parseInput } from '../validation.js';
import type { Composer } from './composer.js';
import { consolidateOptionsSchema, settingsFrom } from './options.js';
import { type ConsolidationReport, runConsolidation } from './run.js';
import { CONSOLIDATE_JOB } from '../jobs/kinds.js';

export { CONSOLIDATE_JOB };

/** Meta keys: the last run's report, and the memory count when a run was last scheduled. */
export const META_LAST_REPORT = 'consolidation.last_report';
const META_SCHEDULED_AT = 'consolidation.scheduled_at_count';

export interface ConsolidateJobPayload {
  options?: Record<string, unknown>;
  reason: 'auto' | 'manual';
}

/** Runs a consolidation pass for the job's profile; the report is kept in the profile's meta. */
export function consolidateJobHandler(getComposer: () => Composer, onWarning?: (m: string) => void): JobHandler {
  return async (job, ctx) => {
    const payload = job.payload as Partial<ConsolidateJobPayload>;
    const { wait: _wait, ...options } = parseInput(consolidateOptionsSchema, payload.options ?? {}, 'consolidation options');
    const report = await runConsolidation(ctx.store, getComposer(), settingsFrom(options), {
      heartbeat: ctx.heartbeat,
      onWarning,
    });
    await ctx.store.setMeta(META_LAST_REPORT, JSON.stringify({ jobId: job.id, at: new Date().toISOString(), ...report }));
  };
}

export async function lastReport(store: Store): Promise<(ConsolidationReport & { jobId: string; at: string }) | null> {
  const raw = await store.getMeta(META_LAST_REPORT);
  return raw ? JSON.parse(raw) : null;
}

/**
 * Queues a consolidation once `everyNewMemories` memories were written since the last one was
 * queued (0 turns this off). Cheap enough to call after every extraction: a count and a meta read.
 */
export async function scheduleConsolidation(store: Store, everyNewMemories: number): Promise<boolean> {
  if (everyNewMemories <= 0) return false;
  const total = await store.countMemories();
  const last = Number((await store.getMeta(META_SCHEDULED_AT)) ?? 0);
  if (total - last < everyNewMemories) return false;
  const queued = await store.listJobs({ status: 'pending', kind: CONSOLIDATE_JOB, limit: 1 });
  if (queued.length === 0) await store.enqueueJobs([{ kind: CONSOLIDATE_JOB, payload: { reason: 'auto' } }]);
  await store.setMeta(META_SCHEDULED_AT, String(total));
  return queued.length === 0;
}
