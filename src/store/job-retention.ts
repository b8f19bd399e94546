/**
 * Retention (README "Reliability"): finished jobs stay this long so a client can still read their
 * status, then they are deleted; failed jobs stay until someone looks at them. Audit entries
 * stay AUDIT_RETENTION_MS (the change history of the last quarter), then go too, so neither
 * table grows without bound. About one job insert in SWEEP_EVERY sweeps both.
 */
export const DONE_JOB_RETENTION_MS = 7 * 24 * 3_600_000;
export const AUDIT_RETENTION_MS = 90 * 24 * 3_600_000;
export const SWEEP_EVERY = 500;

export function doneJobCutoff(now = Date.now()): string {
  return new Date(now - DONE_JOB_RETENTION_MS).toISOString();
}

export function auditCutoff(now = Date.now()): string {
  return new Date(now - AUDIT_RETENTION_MS).toISOString();
}
