import type { Memory } from '../types.js';
import { oneLine } from './lines.js';

export interface ContextInput {
  instructions: Memory[];
  facts: Memory[];
  /** Recall results for the query, best first. */
  relevant: Memory[];
  events: Memory[];
  tasks: Memory[];
  /** The session's working memory (scratch items shaped as memories), oldest first. */
  working?: Memory[];
}

export type SectionName = 'instructions' | 'facts' | 'relevant' | 'events' | 'tasks' | 'working';

export interface PlannedSection {
  name: SectionName;
  header: string;
  memories: Memory[];
  dated: boolean;
}

/** Display order of the sections. */
export const DISPLAY_ORDER: SectionName[] = ['instructions', 'working', 'facts', 'relevant', 'events', 'tasks'];
/** Which sections keep their lines when the budget is tight (first = kept longest). */
export const KEEP_ORDER: SectionName[] = ['instructions', 'working', 'relevant', 'facts', 'events', 'tasks'];

const byImportance = (a: Memory, b: Memory) =>
  b.importance - a.importance || b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id);
const byEventTimeDesc = (a: Memory, b: Memory) =>
  (b.eventTime ?? b.createdAt).localeCompare(a.eventTime ?? a.createdAt) || a.id.localeCompare(b.id);
const byCreatedDesc = (a: Memory, b: Memory) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id);

/**
 * Sorts each list deterministically and shows every memory once: a memory relevant to the query
 * is listed under "relevant" rather than again under instructions or facts' neighbours.
 */
export function planSections(input: ContextInput, query?: string): PlannedSection[] {
  const seen = new Set<string>();
  const take = (list: Memory[]) => list.filter((m) => m.status === 'active' && !seen.has(m.id) && (seen.add(m.id), true));
  const instructions = take([...input.instructions].sort(byImportance));
  const relevant = take(input.relevant);
  const facts = take([...input.facts].sort(byImportance));
  const events = take([...input.events].sort(byEventTimeDesc));
  const tasks = take([...input.tasks].sort(byCreatedDesc));
  const working = take(input.working ?? []);
  const q = query?.trim() ? oneLine(query, 100) : '';
  const planned: Record<SectionName, PlannedSection> = {
    instructions: { name: 'instructions', header: '## Instructions and preferences', memories: instructions, dated: false },
    facts: { name: 'facts', header: '## Key facts', memories: facts, dated: false },
    relevant: { name: 'relevant', header: q ? `## Related to "${q}"` : '## Related memories', memories: relevant, dated: true },
    events: { name: 'events', header: '## Recent events', memories: events, dated: true },
    tasks: { name: 'tasks', header: '## Open tasks', memories: tasks, dated: false },
    working: { name: 'working', header: '## Working memory (this session)', memories: working, dated: false },
  };
  return DISPLAY_ORDER.map((n) => planned[n]);
}
