/** What the inspection operations return. */
import type { JobStatus, StoredMessage } from '../types.js';

export interface ProfileInspection {
  profile: string;
  memories: {
    total: number;
    byType: Record<string, number>;
    byStatus: Record<string, number>;
    byTier: Record<string, number>;
  };
  messages: number;
  /** Bytes on disk (SQLite) or the profile's row bytes (PostgreSQL); null when unknown. */
  sizeBytes: number | null;
  lastWriteAt: string | null;
  /** Jobs by status; the backlog is pending + running. */
  jobs: Record<JobStatus, number>;
}

/** One source message of a memory, with the turns around it in its conversation. */
export interface ProvenanceSource {
  messageId: string;
  /** False when the message is no longer stored (e.g. purged or never imported). */
  found: boolean;
  context: StoredMessage[];
}

export interface Provenance {
  memoryId: string;
  sources: ProvenanceSource[];
}
