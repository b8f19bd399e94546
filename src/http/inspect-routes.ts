/** REST operations behind the web inspector; any API client may use them too. */
import { z } from 'zod';
import { browseOptionsSchema, jobListOptionsSchema, timelineOptionsSchema } from '../inspect/index.js';
import { memoryIdSchema } from '../schemas.js';
import * as R from './responses.js';
import { ok, route, type RouteDef } from './route.js';

const P = '/v1/profiles/{name}';

export const INSPECT_ROUTES: RouteDef[] = [
  route({
    method: 'get', path: `${P}/browse`, operationId: 'browseMemories', scope: 'read', response: R.memoryPageSchema,
    summary: 'Memories in any status, newest first, filtered by type, status, tier, tag, session, topic key, created range (`from`, `to`) and full text (`q`); page with `cursor`.',
    query: { schema: browseOptionsSchema, shape: { numbers: ['limit'], arrays: ['type', 'status'] } },
    run: async ({ profile, query }) => ok(await profile.browse(query)),
  }),
  route({
    method: 'get', path: `${P}/inspect`, operationId: 'inspectProfile', scope: 'read', response: R.inspectionSchema,
    summary: 'Memory counts by type, status and tier, message count, size on disk, last write and jobs by status.',
    run: async ({ profile }) => ok(await profile.inspect()),
  }),
  route({
    method: 'get', path: `${P}/memories/{id}/provenance`, operationId: 'provenance', scope: 'read', response: R.provenanceSchema,
    summary: "A memory's source messages, each with the turns around it in its conversation.", params: { id: memoryIdSchema },
    run: async ({ profile, params }) => ok(await profile.provenance(params.id)),
  }),
  route({
    method: 'get', path: `${P}/timeline`, operationId: 'timeline', scope: 'read', response: R.timelineSchema,
    summary: 'Events and messages counted per year, month, day or hour under a date `prefix`, with the events and sessions in it.',
    query: { schema: timelineOptionsSchema, shape: { numbers: ['limit'] } },
    run: async ({ profile, query }) => ok(await profile.timeline(query)),
  }),
  route({
    method: 'get', path: `${P}/queue`, operationId: 'listJobs', scope: 'read', response: R.jobListSchema,
    summary: 'Background jobs, oldest first, optionally of one `status` (pending, running, done, failed).',
    query: { schema: jobListOptionsSchema, shape: { numbers: ['limit'] } },
    run: async ({ profile, query }) => ok({ items: await profile.listJobs(query) }),
  }),
  route({
    method: 'post', path: `${P}/jobs/{id}/retry`, operationId: 'retryJob', scope: 'write', response: R.jobSchema,
    summary: 'Queue a failed job again (attempts reset, due now); 409 when the job has not failed.', params: { id: z.string().min(1).max(200) },
    run: async ({ profile, params }) => ok(await profile.retryJob(params.id)),
  }),
];
