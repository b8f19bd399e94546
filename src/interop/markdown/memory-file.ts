import type { Memory } from '../../types.js';
import { renderFrontmatter } from './frontmatter.js';
import { portableFrontmatter } from './portable-fields.js';
import { descriptionFor } from './names.js';
import { type MarkdownFlavor, toClaudeType } from './type-mapping.js';

/**
 * `decay` says how a memory ages: `keep` (facts, instructions and events stay until superseded
 * or forgotten) or `ephemeral` (tasks close or expire when done). Informational on import.
 */
export function decayOf(m: Memory): 'keep' | 'ephemeral' {
  return m.type === 'task' ? 'ephemeral' : 'keep';
}

/** `source` records where a memory came from: `session:<id>` (the session it was learned in). */
export function sourceOf(m: Memory): string | null {
  return m.sessionId ? `session:${m.sessionId}` : null;
}

/** One memory as a Markdown file: YAML frontmatter, then the content as the body. */
export function renderMemoryFile(m: Memory, name: string, flavor: MarkdownFlavor = 'mnemo'): string {
  const claude = flavor === 'claude';
  return renderFrontmatter({
    name,
    description: descriptionFor(m),
    type: claude ? toClaudeType(m) : m.type,
    mnemoType: claude ? m.type : undefined,
    id: m.id,
    topicKey: m.topicKey,
    eventTime: m.eventTime,
    created: m.createdAt,
    updated: m.updatedAt,
    source: sourceOf(m),
    ...portableFrontmatter(m, decayOf(m)),
    importance: m.importance,
    tier: m.tier,
    salience: m.salience === undefined ? undefined : Math.round(m.salience * 1000) / 1000,
    pinned: m.pinned ? true : undefined,
    tags: m.tags.length ? m.tags : undefined,
  }, m.content);
}
