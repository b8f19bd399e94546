import type { ContextBlock, RecallResult } from './api.js';
import { buildContextBlock } from './context/index.js';
import { indexLines, timelineLines, withIndexAndTimeline } from './context/index-timeline.js';
import { isLapsed } from './tasks/expiry.js';
import type { Store } from './store/store.js';
import type { Memory } from './types.js';
import { workingItemAsMemory } from './working-memory/as-memory.js';

/** Gathers what a session-start context block draws from; packing and the budget live in src/context. */
export async function buildContext(store: Store, opts: { query?: string; maxTokens: number; sessionId?: string }, recallFn: (q: string) => Promise<RecallResult>): Promise<ContextBlock> {
  const [instructions, facts, events, tasks] = await Promise.all([
    store.listMemories({ type: 'instruction', status: 'active', limit: 200 }),
    store.listMemories({ type: 'fact', status: 'active', limit: 500 }),
    store.listMemories({ type: 'event', status: 'active', limit: 200 }),
    store.listMemories({ type: 'task', status: 'active', limit: 50 }),
  ]);
  const relevant = opts.query ? (await recallFn(opts.query)).memories : [];
  const working = opts.sessionId ? (await store.listWorkingItems(opts.sessionId)).map(workingItemAsMemory) : [];
  const now = new Date();
  const openTasks = tasks.items.filter((t) => !isLapsed(t, now));
  const block = buildContextBlock(
    { instructions: instructions.items, facts: facts.items, relevant, events: newestEventsFirst(events.items).slice(0, 50), tasks: openTasks, working },
    { maxTokens: opts.maxTokens, query: opts.query },
  );
  const indexed = [...instructions.items, ...facts.items, ...events.items, ...openTasks];
  return withIndexAndTimeline(block, indexLines(indexed), timelineLines(events.items));
}

function newestEventsFirst(events: Memory[]): Memory[] {
  return [...events].sort((a, b) => (b.eventTime ?? b.createdAt).localeCompare(a.eventTime ?? a.createdAt));
}
