import type { Memory, NewMemory } from '../types.js';

export type GroupKind = 'merge' | 'semantic' | 'summary';

/** Memories that consolidation turns into one derived memory, in one transaction. */
export interface ConsolidationGroup {
  /** Stable across runs: `merge:…`, `topic:<subject>:<word>`, `session:<id>`. */
  key: string;
  kind: GroupKind;
  /** The word or session the group is about (for prompts and content). */
  label: string;
  subject: string | null;
  members: Memory[];
}

/** What a group becomes: the new memory and the memories it replaces. */
export interface ConsolidationWrite {
  group: ConsolidationGroup;
  memory: NewMemory & { derivedFrom: string[] };
  /** Become `superseded` by the new memory: merged duplicates, an earlier version of the group's memory. */
  supersede: string[];
}
