/** MCP tools for consolidation and a session's working memory (write scope only). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ProfileApi } from '../api.js';
import { GROUP_KINDS } from '../consolidation/options.js';
import { sessionIdSchema } from '../schemas.js';
import { workingItemInputSchema } from '../working-memory/schemas.js';
import { guard } from './errors.js';
import { brief, data } from './tools.js';

const consolidateArgs = z.object({
  kinds: z.array(z.enum(GROUP_KINDS)).min(1).optional().describe('Which steps: merge (near-duplicates), semantic (per subject and topic), summary (per session). Default all.'),
});
const workingArgs = workingItemInputSchema.extend({
  sessionId: sessionIdSchema.describe('The current session id'),
  content: workingItemInputSchema.shape.content.describe('A scratch note for this session: a goal, a lead, an intermediate result'),
  keep: workingItemInputSchema.shape.keep.describe('true: keep it as a long-term memory when the session ends (default: drop it then)'),
});
const sessionArgs = z.object({ sessionId: sessionIdSchema.describe('The session id') });
const endArgs = sessionArgs.extend({
  promote: z.enum(['kept', 'all', 'none']).optional().describe('kept (default): keep items marked keep, drop the rest; all; none'),
});

export function registerConsolidationTools(server: McpServer, profile: ProfileApi): void {
  server.registerTool('consolidate', {
    title: 'Consolidate memory',
    description:
      'Tidy long-term memory ("sleep"): merge near-duplicate memories, write one memory per subject and topic gathering ' +
      'what was said about it across sessions, and one summary per session. Nothing is lost: merged memories stay in the ' +
      'history. Running it again changes nothing. Returns counts.',
    inputSchema: consolidateArgs,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }, (args) => guard(async () => data('Consolidation', await profile.consolidate(args))));

  server.registerTool('working_memory_add', {
    title: 'Add to working memory',
    description:
      "Note something for the rest of this session only (the agent's working set): it shows up in the session's context " +
      'block and is dropped when the session ends, unless keep=true, which makes it a long-term memory then.',
    inputSchema: workingArgs,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }, ({ sessionId, ...item }) => guard(async () => data('Working item', await profile.session(sessionId).add(item))));

  server.registerTool('working_memory_list', {
    title: 'List working memory',
    description: "The scratch items of a session's working memory, oldest first.",
    inputSchema: sessionArgs,
    annotations: { readOnlyHint: true, openWorldHint: false },
  }, ({ sessionId }) => guard(async () => data('Working memory', { items: await profile.session(sessionId).list() })));

  server.registerTool('end_session', {
    title: 'End a session',
    description: 'End a session: its working memory is promoted to long-term memories (items marked keep) or dropped.',
    inputSchema: endArgs,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  }, ({ sessionId, promote }) => guard(async () => {
    const r = await profile.session(sessionId).end({ promote });
    return data('Session ended', { promoted: r.promoted.map(brief), dropped: r.dropped });
  }));
}
