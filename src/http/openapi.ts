/** OpenAPI 3.1 generated from the route table and its zod schemas: one source of truth. */
import { z } from 'zod';
import { errorSchema } from './responses.js';
import type { RouteDef } from './route.js';

type Json = Record<string, unknown>;

/** JSON Schema 2020-12 (what OpenAPI 3.1 uses) of a schema's accepted input. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  return rest;
}

const ERRORS: Record<string, string> = {
  '400': 'Invalid input, profile name or JSON',
  '401': 'Missing or unknown API key',
  '403': 'The key may not access this profile or operation',
  '404': 'Not found',
  '413': 'Request body too large',
  '429': 'Rate limit exceeded (see Retry-After)',
  '500': 'Internal error',
};

function parameters(def: RouteDef): Json[] {
  const out: Json[] = [];
  for (const [, name] of def.path.matchAll(/\{(\w+)\}/g)) {
    const schema = def.params?.[name] ? jsonSchema(def.params[name]) : name === 'name' ? { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]{0,99}$' } : { type: 'string' };
    out.push({ name, in: 'path', required: true, schema, ...(name === 'name' ? { description: 'Profile name' } : {}) });
  }
  if (def.query) {
    const q = jsonSchema(def.query.schema);
    const required = new Set((q.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((q.properties as Record<string, Json>) ?? {})) {
      const array = def.query.shape?.arrays?.includes(name);
      out.push({ name, in: 'query', required: required.has(name), schema, ...(array ? { style: 'form', explode: true } : {}) });
    }
  }
  return out;
}

function operation(def: RouteDef): Json {
  const json = (schema: Json) => ({ content: { 'application/json': { schema } } });
  const successes = (def.statuses ?? [200]).map(String);
  const responses: Json = {};
  for (const s of successes) responses[s] = { description: 'Success', ...json(jsonSchema(def.response, 'output')) };
  for (const [s, description] of Object.entries(ERRORS)) responses[s] = { description, ...json({ $ref: '#/components/schemas/Error' }) };
  return {
    operationId: def.operationId,
    summary: def.summary,
    tags: [def.path.startsWith('/v1/profiles/') ? 'profile' : 'admin'],
    'x-mnemo-scope': def.scope,
    parameters: parameters(def),
    ...(def.body ? { requestBody: { required: def.body.required ?? false, ...json(jsonSchema(def.body.schema)) } } : {}),
    responses,
  };
}

export function openApiDocument(routes: RouteDef[], opts: { version: string; serverUrl?: string }): Json {
  const paths: Record<string, Json> = {};
  for (const def of routes) (paths[def.path] ??= {})[def.method] = operation(def);
  return {
    openapi: '3.1.0',
    info: {
      title: 'mnemo',
      version: opts.version,
      description: 'Self-hosted memory for AI agents: ingest conversations, remember facts, recall them later. Every profile is an isolated store.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    ...(opts.serverUrl ? { servers: [{ url: opts.serverUrl }] } : {}),
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'API key `mnemo_…` (not required on loopback when no key exists)' } },
      schemas: { Error: jsonSchema(errorSchema, 'output') },
    },
  };
}
