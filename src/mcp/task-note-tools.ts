/** MCP tools to end tasks and to log to the timeline (write scope only). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ProfileApi } from '../api.js';
import { noteInputSchema } from '../notes/note.js';
import { memoryIdSchema, timestampSchema } from '../schemas.js';
import { guard } from './errors.js';
import { brief, data } from './tools.js';

const jsonTimestamp = timestampSchema as unknown as z.ZodType<string, string | number>;

export const completeArgs = z.object({
  id: memoryIdSchema.describe('The id of the task to mark done, as returned by recall, list or remember'),
  reason: z.string().max(1000).optional().describe('Why or how it was finished (kept in the audit log)'),
});

export const noteArgs = noteInputSchema.extend({
  text: noteInputSchema.shape.text.describe('What happened, in one line, e.g. "Deployed v2.3 to production"'),
  at: z.union([z.string(), z.number()]).pipe(jsonTimestamp).optional().describe('When: ISO-8601 date/time or epoch milliseconds (default now)'),
});

export function registerTaskNoteTools(server: McpServer, profile: ProfileApi): void {
  server.registerTool('complete', {
    title: 'Complete a task',
    description:
      'Mark an open task done once the user says it is finished (the review landed, the bug is fixed). It leaves recall ' +
      'so it is no longer offered as open work; it stays listable with status done. Completing twice changes nothing. ' +
      'Only tasks can be completed.',
    inputSchema: completeArgs,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }, ({ id, reason }) => guard(async () => {
    const m = await profile.complete(id, { reason });
    return data('Completed', brief(m));
  }));

  server.registerTool('note', {
    title: 'Note on the timeline',
    description:
      'Append a dated entry to the profile timeline: something that happened in this session worth finding later ' +
      '(a deploy, a decision, a milestone). Optional kind (e.g. deploy) and structured data. Returns the entry.',
    inputSchema: noteArgs,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  }, (args) => guard(async () => {
    const r = await profile.note(args);
    return data('Noted', { ...brief(r.memory), created: r.created });
  }));
}
