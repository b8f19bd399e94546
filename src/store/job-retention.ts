/**
 * Finished jobs stay this long so a client can still read their status, then they are deleted;
 * failed jobs stay until someone looks at them. About one insert in SWEEP_EVERY sweeps.
 */
export const DONE_JOB_RETENTION_MS = 7 * 24 * 3_600_000;
export const SWEEP_EVERY = 500;

export function doneJobCutoff(now = Date.now()): string {
  return new Date(now - DONE_JOB_RETENTION_MS).toISOString();
}
