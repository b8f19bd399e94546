import type { ContextBlock, RecallResult } from './api.js';
import type { Store } from './store/store.js';

/** Gathers what a session-start context block draws from; packing lives in src/context. */
export async function buildContext(store: Store, opts: { query?: string; maxTokens: number }, recallFn: (q: string) => Promise<RecallResult>): Promise<ContextBlock> {
  const [instructions, facts, events, tasks] = await Promise.all([
    store.listMemories({ type: 'instruction', status: 'active', limit: 200 }),
    store.listMemories({ type: 'fact', status: 'active', limit: 500 }),
    store.listMemories({ type: 'event', status: 'active', limit: 50 }),
    store.listMemories({ type: 'task', status: 'active', limit: 50 }),
  ]);
  const relevant = opts.query ? (await recallFn(opts.query)).memories : [];
  const lines = [...instructions.items, ...facts.items, ...relevant, ...events.items, ...tasks.items].map((m) => `- ${m.content}`);
  const text = lines.join('\n');
  return { text, tokens: Math.ceil(text.length / 4), maxTokens: opts.maxTokens, sections: [] };
}
