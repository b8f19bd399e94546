/** REST operations for ending tasks and for the timeline: `complete` and `note`. */
import { z } from 'zod';
import { noteInputSchema } from '../notes/note.js';
import { memoryIdSchema } from '../schemas.js';
import * as R from './responses.js';
import { ok, route, type RouteDef } from './route.js';

const P = '/v1/profiles/{name}';

const completeBodySchema = z.object({ reason: z.string().max(1000).optional() });
const noteResultSchema = z.object({
  memory: R.memorySchema,
  created: z.boolean(),
  line: z.string().describe('The entry as a line of timeline/YYYY-MM-DD.jsonl'),
  redactions: z.array(z.object({ kind: z.string(), hint: z.string() })),
});

export const TASK_NOTE_ROUTES: RouteDef[] = [
  route({
    method: 'post', path: `${P}/memories/{id}/complete`, operationId: 'completeTask', scope: 'write', response: R.memorySchema,
    summary: 'Mark a task done: it leaves recall; `GET …/memories?status=done` and the audit log keep it. Completing twice changes nothing.',
    params: { id: memoryIdSchema },
    body: { schema: completeBodySchema },
    run: async ({ profile, params, body }) => ok(await profile.complete(params.id, body ?? {})),
  }),
  route({
    method: 'post', path: `${P}/notes`, operationId: 'note', scope: 'write', response: noteResultSchema, statuses: [200, 201],
    summary: 'Append an entry (`text`, optional `kind`, `data`, `at`) to the profile timeline; it is recalled as an event and exported in timeline/YYYY-MM-DD.jsonl.',
    body: { schema: noteInputSchema, required: true },
    run: async ({ profile, body }) => {
      const r = await profile.note(body);
      return ok(r, r.created ? 201 : 200);
    },
  }),
];
