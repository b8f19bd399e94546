/** Every REST operation under /v1: one entry per library call. */
import { z } from 'zod';
import {
  contextOptionsSchema,
  forgetOptionsSchema,
  importOptionsSchema,
  ingestInputSchema,
  ingestOptionsSchema,
  listOptionsSchema,
  memoryIdSchema,
  querySchema,
  recallOptionsSchema,
  rememberInputSchema,
  topicKeySchema,
} from '../schemas.js';
import type { ProfileApi } from '../api.js';
import type { RecallOptions } from '../schemas.js';
import * as R from './responses.js';
import { ok, okJson, route, type RouteDef, type RouteResult } from './route.js';
import { INSPECT_ROUTES } from './inspect-routes.js';
import { TASK_NOTE_ROUTES } from './task-note-routes.js';
import { CONSOLIDATION_ROUTES } from './consolidation-routes.js';
import { ECOSYSTEM_ROUTES } from './ecosystem-routes.js';

const P = '/v1/profiles/{name}';
const id = { id: memoryIdSchema };
const jobId = { id: z.string().min(1).max(200) };

export const ingestBodySchema = ingestOptionsSchema.extend({ messages: ingestInputSchema });
import { tierBodySchema } from '../lifecycle/tier-options.js';

export const recallBodySchema = recallOptionsSchema.extend({ query: querySchema });

/** A recall's result, as the text the library already has when it has one (a recall thread's answer, a reused result). */
async function recalled(profile: ProfileApi, query: string, opts: RecallOptions): Promise<RouteResult> {
  return profile.recallJson ? okJson(await profile.recallJson(query, opts)) : ok(await profile.recall(query, opts));
}
const recallQuerySchema = recallOptionsSchema.extend({ q: querySchema });
const recallShape = { numbers: ['limit'], booleans: ['synthesize', 'includeSuperseded'], arrays: ['types'] };
const importBodySchema = z.record(z.string(), z.unknown()).describe('A document from GET /export (format "mnemo-export")');

export const PROFILE_ROUTES: RouteDef[] = [
  route({
    method: 'post', path: `${P}/ingest`, operationId: 'ingest', scope: 'write', response: R.ingestResultSchema, statuses: [200, 202],
    summary: 'Store raw conversation messages; extraction into memories runs in a durable background job (202) unless wait=true.',
    body: { schema: ingestBodySchema, required: true },
    run: async ({ profile, body: { messages, ...opts } }) => {
      const res = await profile.ingest(messages, opts);
      return ok(res, opts.wait || res.jobId === null ? 200 : 202);
    },
  }),
  route({
    method: 'post', path: `${P}/remember`, operationId: 'remember', scope: 'write', response: R.rememberResultSchema, statuses: [200, 201],
    summary: 'Write one memory directly (201 when created, 200 when an identical one existed).',
    body: { schema: rememberInputSchema, required: true },
    run: async ({ profile, body }) => {
      const res = await profile.remember(body);
      return ok(res, res.created ? 201 : 200);
    },
  }),
  route({
    method: 'post', path: `${P}/recall`, operationId: 'recall', scope: 'read', response: R.recallResultSchema,
    summary: 'Answer a question from memory: the answer, a confidence and the ranked memories and messages.',
    body: { schema: recallBodySchema, required: true },
    run: async ({ profile, body: { query, ...opts } }) => recalled(profile, query, opts),
  }),
  route({
    method: 'get', path: `${P}/recall`, operationId: 'recallGet', scope: 'read', response: R.recallResultSchema,
    summary: 'Recall with the question in `q` (same result as POST recall).',
    query: { schema: recallQuerySchema, shape: recallShape },
    run: async ({ profile, query: { q, ...opts } }) => recalled(profile, q, opts),
  }),
  route({
    method: 'get', path: `${P}/memories`, operationId: 'listMemories', scope: 'read', response: R.memoryPageSchema,
    summary: 'List memories, newest first, filtered by type, status, session or topic key; page with `cursor`.',
    query: { schema: listOptionsSchema, shape: { numbers: ['limit'], arrays: ['type', 'status'] } },
    run: async ({ profile, query }) => ok(await profile.list(query)),
  }),
  route({
    method: 'post', path: `${P}/tier`, operationId: 'tier', scope: 'write', response: R.tieringResultSchema,
    summary: 'Move memories whose salience fell under the threshold (or untouched for `coldAfter`, e.g. "90d") to the cold tier; rebuild the archive index.',
    body: { schema: tierBodySchema },
    run: async ({ profile, body }) => ok(await profile.tier(body)),
  }),
  route({
    method: 'get', path: `${P}/memories/{id}`, operationId: 'getMemory', scope: 'read', response: R.memorySchema,
    summary: 'One memory by id, in any status.', params: id,
    run: async ({ profile, params }) => ok(await profile.get(params.id)),
  }),
  route({
    method: 'delete', path: `${P}/memories/{id}`, operationId: 'forget', scope: 'write', response: R.memorySchema,
    summary: 'Forget a memory (soft delete, audited); `purge=true` also erases its content.', params: id,
    query: { schema: forgetOptionsSchema, shape: { booleans: ['purge'] } },
    run: async ({ profile, params, query }) => ok(await profile.forget(params.id, query)),
  }),
  route({
    method: 'get', path: `${P}/history/{topicKey}`, operationId: 'history', scope: 'read', response: R.memoryListSchema,
    summary: 'Every memory ever written under a topic key, oldest first (the supersession chain).',
    params: { topicKey: topicKeySchema },
    run: async ({ profile, params }) => ok({ items: await profile.history(params.topicKey) }),
  }),
  route({
    method: 'post', path: `${P}/context`, operationId: 'context', scope: 'read', response: R.contextBlockSchema,
    summary: 'A context block (instructions, key facts, relevant memories, recent events) packed into a token budget.',
    body: { schema: contextOptionsSchema },
    run: async ({ profile, body }) => ok(await profile.context(body)),
  }),
  route({
    method: 'get', path: `${P}/export`, operationId: 'export', scope: 'read', response: R.exportDocumentSchema,
    summary: 'The whole profile as a versioned JSON document that round-trips through import.',
    run: async ({ profile }) => ok(await profile.export()),
  }),
  route({
    method: 'post', path: `${P}/import`, operationId: 'import', scope: 'write', response: R.importResultSchema,
    summary: 'Import an export document; `merge` (default) keeps what is there, `strategy=replace` lets the imported memories win (same id or topic key) and keeps the ones only in the profile.',
    query: { schema: importOptionsSchema }, body: { schema: importBodySchema, required: true },
    run: async ({ profile, query, body }) => ok(await profile.import(body, query)),
  }),
  route({
    method: 'get', path: `${P}/jobs/{id}`, operationId: 'getJob', scope: 'read', response: R.jobSchema,
    summary: 'One background job (extraction, vectorization) by id.', params: jobId,
    run: async ({ profile, params }) => ok(await profile.job(params.id)),
  }),
  route({
    method: 'get', path: `${P}/jobs`, operationId: 'jobCounts', scope: 'read', response: R.jobCountsSchema,
    summary: 'Number of background jobs of the profile by status.',
    run: async ({ profile }) => ok(await profile.jobs()),
  }),
  route({
    method: 'get', path: `${P}/stats`, operationId: 'stats', scope: 'read', response: R.statsSchema,
    summary: 'Counts of messages, memories by type, vectors and jobs.',
    run: async ({ profile }) => ok(await profile.stats()),
  }),
  ...INSPECT_ROUTES,
  ...TASK_NOTE_ROUTES,
  ...CONSOLIDATION_ROUTES,
  ...ECOSYSTEM_ROUTES,
];

export const GLOBAL_ROUTES: RouteDef[] = [
  route({
    method: 'get', path: '/v1/profiles', operationId: 'listProfiles', scope: 'admin', response: R.profilesSchema,
    summary: 'Names of all profiles (admin keys only).',
    run: async ({ mnemo }) => ok({ profiles: await mnemo.listProfiles() }),
  }),
];

export const ALL_ROUTES: RouteDef[] = [...GLOBAL_ROUTES, ...PROFILE_ROUTES];
