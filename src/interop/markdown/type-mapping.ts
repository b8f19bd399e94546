/**
 * Memory types in Markdown folders.
 *
 * A file's `type` is either one of ours (fact, instruction, event, task) or one of the four
 * Claude Code memory types, mapped as follows:
 *
 *   Claude Code  → mnemo
 *   user         → fact, topic key `user.<name>`            (who the user is: role, expertise)
 *   feedback     → instruction, topic key `feedback.<name>` (how to work: corrections, rules)
 *   project      → event when the file gives an `eventTime`/`date`, else fact with key
 *                  `project.<name>`                        (ongoing work, decisions, deadlines)
 *   reference    → fact, key `reference.<name>`, tag `reference` (pointers to external systems)
 *
 * Writing in the Claude flavor maps back: instruction → feedback; fact keyed `user.*` → user;
 * fact tagged `reference` or keyed `reference.*` → reference; any other fact, event or task →
 * project. The exact mnemo type is kept in `mnemoType`, which Claude Code ignores, so a folder
 * written in either flavor reads back to the same types.
 */
import { MEMORY_TYPES, type MemoryType } from '../../types.js';

export const CLAUDE_TYPES = ['user', 'feedback', 'project', 'reference'] as const;
export type ClaudeType = (typeof CLAUDE_TYPES)[number];

export type MarkdownFlavor = 'mnemo' | 'claude';

export interface MappedType {
  type: MemoryType;
  /** Namespace for a topic key derived from the file's name; null: keep the file's own key only. */
  keyPrefix: string | null;
  tags: string[];
}

export function isMnemoType(t: string): t is MemoryType {
  return (MEMORY_TYPES as readonly string[]).includes(t);
}

export function isClaudeType(t: string): t is ClaudeType {
  return (CLAUDE_TYPES as readonly string[]).includes(t);
}

/** Our reading of a file's `type`; `hasDate` tells a dated project note (an event) from a fact. */
export function fromFileType(t: string, hasDate: boolean): MappedType | null {
  if (isMnemoType(t)) return { type: t, keyPrefix: null, tags: [] };
  switch (t) {
    case 'user': return { type: 'fact', keyPrefix: 'user', tags: [] };
    case 'feedback': return { type: 'instruction', keyPrefix: 'feedback', tags: [] };
    case 'project': return hasDate ? { type: 'event', keyPrefix: null, tags: [] } : { type: 'fact', keyPrefix: 'project', tags: [] };
    case 'reference': return { type: 'fact', keyPrefix: 'reference', tags: ['reference'] };
    default: return null;
  }
}

export function toClaudeType(m: { type: MemoryType; topicKey: string | null; tags: string[] }): ClaudeType {
  if (m.type === 'instruction') return 'feedback';
  if (m.type !== 'fact') return 'project';
  if (m.topicKey?.startsWith('user.')) return 'user';
  if (m.tags.includes('reference') || m.topicKey?.startsWith('reference.')) return 'reference';
  return 'project';
}
