import type { AuditEntry, Metadata } from '../types.js';

/**
 * A change to a profile, read from its audit log: the audit entry's id is the event id, so a
 * reader resumes after the last id it saw (SSE `Last-Event-ID`, webhook cursors) and events
 * written by any process (CLI, another server) are seen in order.
 */
export const CHANGE_EVENT_TYPES = [
  'created', 'superseded', 'forgotten', 'purged', 'consolidated', 'status_changed', 'imported', 'job_failed',
] as const;
export type ChangeEventType = (typeof CHANGE_EVENT_TYPES)[number];

export interface ChangeEvent {
  id: number;
  type: ChangeEventType;
  profile: string;
  at: string;
  memoryId: string | null;
  /** The audit detail (never memory content): e.g. `{ by }` for superseded, `{ jobId, kind, error }` for job_failed. */
  detail: Metadata | null;
}

const BY_ACTION: Record<string, ChangeEventType> = {
  write: 'created',
  supersede: 'superseded',
  forget: 'forgotten',
  purge: 'purged',
  consolidate: 'consolidated',
  status: 'status_changed',
  import: 'imported',
  job_failed: 'job_failed',
};

export function eventFromAudit(profile: string, e: AuditEntry): ChangeEvent {
  return { id: e.id, type: BY_ACTION[e.action] ?? 'status_changed', profile, at: e.at, memoryId: e.memoryId, detail: e.detail };
}

export interface EventsOptions {
  /** Only events with a greater id (the last id seen). */
  after?: number;
  limit?: number;
  /** Only these types. */
  types?: ChangeEventType[];
  /** Only the newest event (where a new subscriber starts); the other options are ignored. */
  latest?: boolean;
}
