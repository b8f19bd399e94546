/** The SSE operation in the OpenAPI document (the route table holds JSON operations only). */
import { z } from 'zod';
import { changeEventSchema } from '../http/ecosystem-routes.js';
import { CHANGE_EVENT_TYPES } from './change-event.js';
import { EVENTS_PATH } from './sse-route.js';

export function addEventsPath(doc: { paths?: Record<string, unknown> }): void {
  doc.paths ??= {};
  doc.paths[EVENTS_PATH] = {
    get: {
      operationId: 'streamEvents',
      summary: 'Change events as Server-Sent Events (event: the type, id: the event id, data: the event JSON); resume with Last-Event-ID or ?after=.',
      tags: ['profile'],
      'x-mnemo-scope': 'read',
      parameters: [
        { name: 'name', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'Last-Event-ID', in: 'header', required: false, schema: { type: 'integer', minimum: 0 } },
        { name: 'after', in: 'query', required: false, schema: { type: 'integer', minimum: 0 } },
        { name: 'types', in: 'query', required: false, description: `comma-separated: ${CHANGE_EVENT_TYPES.join(', ')}`, schema: { type: 'string' } },
      ],
      responses: {
        200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.toJSONSchema(changeEventSchema, { io: 'output' }) } } },
        400: { description: 'Invalid Last-Event-ID or type', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        404: { description: 'No such profile', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    },
  };
}
