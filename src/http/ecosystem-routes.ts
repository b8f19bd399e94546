/** REST operations for update, forget by filter, change events and webhooks (adapters only). */
import { z } from 'zod';
import type { ForgetWhereResult, UpdateResult } from '../api.js';
import { CHANGE_EVENT_TYPES, type ChangeEvent } from '../events/change-event.js';
import { forgetWhereSchema, memoryIdSchema, updateInputSchema } from '../schemas.js';
import { webhookInputSchema } from '../webhooks/types.js';
import { memorySchema } from './responses.js';
import { ok, route, type RouteDef } from './route.js';

const P = '/v1/profiles/{name}';
const redaction = z.object({ kind: z.string(), hint: z.string() });

export const updateResultSchema = z.object({ memory: memorySchema, previous: memorySchema, redactions: z.array(redaction) }) satisfies z.ZodType<UpdateResult>;
export const forgetWhereResultSchema = z.object({ forgotten: z.array(z.string()), dryRun: z.boolean().optional() }) satisfies z.ZodType<ForgetWhereResult>;
export const changeEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(CHANGE_EVENT_TYPES),
  profile: z.string(),
  at: z.string(),
  memoryId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
}) satisfies z.ZodType<ChangeEvent>;
export const eventsQuerySchema = z.object({
  after: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(1000).default(100),
  types: z.array(z.enum(CHANGE_EVENT_TYPES)).optional(),
});
const webhookSchema = z.object({
  id: z.string(), url: z.string(), events: z.array(z.enum(CHANGE_EVENT_TYPES)).nullable(), description: z.string().nullable(),
  createdAt: z.string(), secretHint: z.string(),
});
const deliverySchema = z.object({
  webhookId: z.string(), eventId: z.number(), eventType: z.enum(CHANGE_EVENT_TYPES), attempt: z.number(),
  outcome: z.enum(['delivered', 'failed', 'dead']), status: z.number().nullable(), error: z.string().nullable(), durationMs: z.number(), at: z.string(),
});
const webhookId = { id: z.string().regex(/^[0-9a-f]{32}$/, 'webhook id must be 32 hex characters') };

export const ECOSYSTEM_ROUTES: RouteDef[] = [
  route({
    method: 'patch', path: `${P}/memories/{id}`, operationId: 'updateMemory', scope: 'write', response: updateResultSchema,
    summary: 'Update a memory\'s content, type, tags or metadata: a new version (new id) replaces it; the old one stays in its history, superseded.',
    params: { id: memoryIdSchema }, body: { schema: updateInputSchema, required: true },
    run: async ({ profile, params, body }) => ok(await profile.update(params.id, body)),
  }),
  route({
    method: 'post', path: `${P}/forget`, operationId: 'forgetWhere', scope: 'write', response: forgetWhereResultSchema,
    summary: 'Forget every active memory matching userId, agentId, runId and/or a filter (at least one); `purge` also erases content.',
    body: { schema: forgetWhereSchema, required: true },
    run: async ({ profile, body }) => ok(await profile.forgetWhere(body)),
  }),
  route({
    method: 'get', path: `${P}/changes`, operationId: 'listEvents', scope: 'read', response: z.object({ events: z.array(changeEventSchema) }),
    summary: 'Change events after an event id, oldest first, as JSON (GET …/events streams the same events as SSE).',
    query: { schema: eventsQuerySchema, shape: { numbers: ['after', 'limit'], arrays: ['types'] } },
    run: async ({ profile, query }) => ok({ events: await profile.events(query) }),
  }),
  route({
    method: 'post', path: `${P}/webhooks`, operationId: 'createWebhook', scope: 'admin', response: webhookSchema.extend({ secret: z.string() }), statuses: [201],
    summary: 'Register a webhook (http or https URL) for this profile\'s change events; the HMAC signing secret is returned once. Needs an admin key (webhooks outlive the key that made them); loopback/private receivers only when the server allows them, link-local never.',
    body: { schema: webhookInputSchema, required: true },
    run: async ({ profile, body, settings }) => ok(await profile.webhooks().create(body, settings.webhookTargets), 201),
  }),
  route({
    method: 'get', path: `${P}/webhooks`, operationId: 'listWebhooks', scope: 'admin', response: z.object({ webhooks: z.array(webhookSchema) }),
    summary: 'The profile\'s webhooks (without their secrets).',
    run: async ({ profile }) => ok({ webhooks: await profile.webhooks().list() }),
  }),
  route({
    method: 'delete', path: `${P}/webhooks/{id}`, operationId: 'deleteWebhook', scope: 'admin', response: webhookSchema,
    summary: 'Remove a webhook.', params: webhookId,
    run: async ({ profile, params }) => ok(await profile.webhooks().remove(params.id)),
  }),
  route({
    method: 'get', path: `${P}/webhooks/{id}/deliveries`, operationId: 'webhookDeliveries', scope: 'admin',
    response: z.object({ deliveries: z.array(deliverySchema), dead: z.array(deliverySchema), cursor: z.number() }),
    summary: 'A webhook\'s recent delivery attempts and dead letters (newest first) and the last event id it handled.', params: webhookId,
    run: async ({ profile, params }) => ok(await profile.webhooks().deliveries(params.id)),
  }),
];
