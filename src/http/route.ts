/** The shape of one REST operation: Hono routes, OpenAPI and the docs are all derived from it. */
import type { z } from 'zod';
import type { MnemoApi, ProfileApi } from '../api.js';
import type { KeyScope } from '../auth/keys.js';
import type { TargetPolicy } from '../webhooks/target-policy.js';
import type { QueryShape } from './validate.js';

export interface RouteInput<Q, B> {
  mnemo: MnemoApi;
  /** The addressed profile (routes under /v1/profiles/{name}). */
  profile: ProfileApi;
  params: Record<string, string>;
  query: Q;
  body: B;
  /** Server settings routes need (e.g. which webhook receivers are acceptable). */
  settings: RouteSettings;
}

export interface RouteSettings {
  webhookTargets?: TargetPolicy;
}

export interface RouteResult {
  status?: 200 | 201 | 202;
  body: unknown;
  /** The body already as JSON text, sent as is (`body` is then unused). */
  json?: string;
}

export interface RouteDef<Q = unknown, B = unknown> {
  method: 'get' | 'post' | 'delete' | 'patch';
  /** OpenAPI-style path, e.g. `/v1/profiles/{name}/memories/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  scope: KeyScope;
  params?: Record<string, z.ZodType>;
  query?: { schema: z.ZodType<Q>; shape?: QueryShape };
  body?: { schema: z.ZodType<B>; required?: boolean };
  response: z.ZodType;
  /** Success statuses for the docs (default [200]). */
  statuses?: (200 | 201 | 202)[];
  run(input: RouteInput<Q, B>): Promise<RouteResult>;
}

/** Identity helper that infers Q and B per route, then erases them for the table. */
export function route<Q = undefined, B = undefined>(def: RouteDef<Q, B>): RouteDef {
  return def as unknown as RouteDef;
}

export const ok = (body: unknown, status: RouteResult['status'] = 200): RouteResult => ({ status, body });
export const okJson = (json: string): RouteResult => ({ status: 200, body: undefined, json });
