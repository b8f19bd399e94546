import type { ProfileApi } from '../../api.js';
import type { Memory } from '../../types.js';
import type { MarkdownFlavor } from '../markdown/type-mapping.js';

export interface SyncLogEntry {
  level: 'info' | 'warn' | 'error';
  /** e.g. `file-created`, `memory-updated`, `memory-forgotten`, `file-written`, `conflict`, `invalid-file`. */
  event: string;
  message: string;
  file?: string;
  memoryId?: string;
}

/** What the folder and the profile agreed on at the last sync, per memory file. */
export interface SyncedFile {
  file: string;
  memory: Memory;
  /** sha256 of the file text as last written or read. */
  hash: string;
}

export class SyncState {
  private readonly byFile = new Map<string, SyncedFile>();
  private readonly byId = new Map<string, SyncedFile>();

  file(rel: string): SyncedFile | undefined {
    return this.byFile.get(rel);
  }

  memory(id: string): SyncedFile | undefined {
    return this.byId.get(id);
  }

  set(entry: SyncedFile): void {
    this.drop(entry.file);
    this.byFile.set(entry.file, entry);
    this.byId.set(entry.memory.id, entry);
  }

  drop(rel: string): void {
    const old = this.byFile.get(rel);
    if (!old) return;
    this.byFile.delete(rel);
    if (this.byId.get(old.memory.id) === old) this.byId.delete(old.memory.id);
  }

  entries(): SyncedFile[] {
    return [...this.byFile.values()].sort((a, b) => a.file.localeCompare(b.file));
  }
}

export interface SyncContext {
  profile: ProfileApi;
  /** Real path of the synced folder. */
  root: string;
  state: SyncState;
  flavor: MarkdownFlavor;
  log: (entry: SyncLogEntry) => void;
}
