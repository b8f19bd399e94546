/** REST operations for consolidation and a session's working memory. */
import { z } from 'zod';
import { consolidateOptionsSchema } from '../consolidation/options.js';
import { sessionIdSchema } from '../schemas.js';
import { endSessionOptionsSchema, workingItemInputSchema } from '../working-memory/schemas.js';
import { MEMORY_TYPES } from '../types.js';
import * as R from './responses.js';
import { ok, route, type RouteDef } from './route.js';

const P = '/v1/profiles/{name}';
const session = { sessionId: sessionIdSchema };

const count = z.number().int();
const reportSchema = z.object({
  memoriesRead: count, groups: count, written: count, unchanged: count, stale: count,
  byKind: z.object({ merge: count, semantic: count, summary: count }),
  superseded: count, modelCalls: count, inputTokens: count, outputTokens: count, ms: z.number(),
});
const consolidationResultSchema = z.object({
  jobId: z.string(),
  status: z.enum(['pending', 'running', 'done', 'failed']),
  report: reportSchema.nullable().describe('null when only queued (wait=false)'),
});
const workingItemSchema = z.object({
  id: z.string(), sessionId: z.string(), content: z.string(), type: z.enum(MEMORY_TYPES), keep: z.boolean(), createdAt: z.string(),
});
const workingListSchema = z.object({ items: z.array(workingItemSchema) });
const sessionEndSchema = z.object({ promoted: z.array(R.memorySchema), dropped: count });

export const CONSOLIDATION_ROUTES: RouteDef[] = [
  route({
    method: 'post', path: `${P}/consolidate`, operationId: 'consolidate', scope: 'write', response: consolidationResultSchema, statuses: [200, 202],
    summary: 'Consolidate ("sleep"): merge near-duplicates, gather semantic memories per subject and topic, summarize sessions. Runs now (200) or is queued with wait=false (202); running it again changes nothing.',
    body: { schema: consolidateOptionsSchema },
    run: async ({ profile, body }) => {
      const res = await profile.consolidate(body ?? {});
      return ok(res, res.report ? 200 : 202);
    },
  }),
  route({
    method: 'get', path: `${P}/sessions/{sessionId}/working`, operationId: 'listWorking', scope: 'read', response: workingListSchema,
    summary: "A session's working memory: scratch items that live until the session ends.", params: session,
    run: async ({ profile, params }) => ok({ items: await profile.session(params.sessionId).list() }),
  }),
  route({
    method: 'post', path: `${P}/sessions/{sessionId}/working`, operationId: 'addWorking', scope: 'write', response: workingItemSchema, statuses: [201],
    summary: 'Add (or, with the same id, replace) a scratch item; keep=true promotes it to a long-term memory when the session ends.',
    params: session, body: { schema: workingItemInputSchema, required: true },
    run: async ({ profile, params, body }) => ok(await profile.session(params.sessionId).add(body), 201),
  }),
  route({
    method: 'post', path: `${P}/sessions/{sessionId}/end`, operationId: 'endSession', scope: 'write', response: sessionEndSchema,
    summary: "End a session: its working memory is promoted to long-term memories (kept items, or all / none) or dropped, in one transaction.",
    params: session, body: { schema: endSessionOptionsSchema },
    run: async ({ profile, params, body }) => ok(await profile.session(params.sessionId).end(body ?? {})),
  }),
];
