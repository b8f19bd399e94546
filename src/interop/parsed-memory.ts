import type { Attachment, MemoryTier, MemoryType } from '../types.js';

/** A memory read from a file, validated but not yet written to a profile. */
export interface ParsedMemory {
  /** Path relative to the folder read, with `/` separators. */
  file: string;
  name: string;
  description: string;
  type: MemoryType;
  content: string;
  topicKey: string | null;
  eventTime: string | null;
  createdAt: string;
  updatedAt: string;
  tags: string[];
  importance: number | null;
  /** The mnemo id when the file came from a mnemo export (frontmatter `id`). */
  id: string | null;
  sessionId: string | null;
  /** The type as written in the file, e.g. Claude Code's `feedback`. */
  sourceType: string;
  /** Lifecycle frontmatter (`tier`, `pinned`); `salience` is computed, so it is read but not kept. */
  tier?: MemoryTier;
  pinned?: boolean;
  /** Tasks: when the task lapses (frontmatter `expires`). */
  expiresAt?: string | null;
  /** Per-memory half-life from a `decay` duration such as `30d`. */
  halfLifeDays?: number | null;
  /** The `decay` value exactly as written, kept so it round-trips. */
  decay?: string | null;
  /** A perceptual memory's pointer (frontmatter `attachment`). */
  attachment?: Attachment | null;
}

export interface FileError {
  file: string;
  message: string;
}

export interface ReadResult {
  memories: ParsedMemory[];
  errors: FileError[];
}
