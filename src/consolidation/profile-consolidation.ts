import { MnemoError } from '../errors.js';
import type { Worker } from '../jobs/worker.js';
import type { Store } from '../store/store.js';
import type { JobStatus } from '../types.js';
import { parseInput } from '../validation.js';
import { CONSOLIDATE_JOB, type ConsolidateJobPayload, lastReport } from './job.js';
import { type ConsolidateOptions, consolidateOptionsSchema } from './options.js';
import type { ConsolidationReport } from './run.js';

export interface ConsolidationResult {
  jobId: string;
  status: JobStatus;
  /** The run's report when it ran (`wait`, the default); null when only queued. */
  report: ConsolidationReport | null;
}

/**
 * `profile.consolidate()`: validates the options (a bad one writes nothing), queues a durable
 * consolidation job and, unless `wait: false`, runs the profile's queue until it is done.
 */
export async function consolidateProfile(store: () => Promise<Store>, worker: Worker, opts: ConsolidateOptions = {}): Promise<ConsolidationResult> {
  const { wait, ...options } = parseInput(consolidateOptionsSchema, opts, 'consolidation options');
  const s = await store();
  const payload: ConsolidateJobPayload = { options, reason: 'manual' };
  const [job] = await s.enqueueJobs([{ kind: CONSOLIDATE_JOB, payload: { ...payload } }]);
  if (wait === false) {
    worker.kick();
    return { jobId: job!.id, status: job!.status, report: null };
  }
  for (;;) {
    await worker.drain(s);
    const now = await s.getJob(job!.id);
    if (!now || now.status === 'done') {
      const report = await lastReport(s);
      return { jobId: job!.id, status: 'done', report: report?.jobId === job!.id ? report : null };
    }
    if (now.status === 'failed' || (now.status === 'pending' && now.attempts > 0)) {
      throw new MnemoError('internal', `consolidation failed: ${now.lastError ?? 'unknown error'}`, { jobId: job!.id });
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}
