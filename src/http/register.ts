/** Mounts the route table on a Hono app: validation, authorization, then the library call. */
import type { Hono } from 'hono';
import type { MnemoApi, ProfileApi } from '../api.js';
import { authorize } from '../auth/access.js';
import { MnemoError } from '../errors.js';
import { profileNameSchema } from '../schemas.js';
import { parseInput } from '../validation.js';
import type { HttpEnv } from './env.js';
import type { RouteDef, RouteSettings } from './route.js';
import { queryObject, readJson } from './validate.js';

/** `/v1/profiles/{name}` → `/v1/profiles/:name` */
export const honoPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

export function registerRoutes(app: Hono<HttpEnv>, mnemo: MnemoApi, routes: RouteDef[], settings: RouteSettings = {}): void {
  for (const def of routes) {
    app.on(def.method.toUpperCase(), honoPath(def.path), async (c) => {
      c.set('route', def.path);
      const raw = c.req.param() as Record<string, string>;
      const name = raw.name ?? null;
      if (name !== null) c.set('profile', name);
      authorize(c.get('key'), def.scope, name);
      if (name !== null && !profileNameSchema.safeParse(name).success) {
        throw new MnemoError('invalid_profile', `invalid profile name "${name}": use [a-z0-9][a-z0-9._-]{0,99}`);
      }
      const params: Record<string, string> = { ...raw };
      for (const [key, schema] of Object.entries(def.params ?? {})) params[key] = parseInput(schema, raw[key], `path parameter ${key}`) as string;
      const query = def.query ? parseInput(def.query.schema, queryObject(c, def.query.shape), 'query string') : undefined;
      let body: unknown;
      if (def.body) {
        const json = await readJson(c);
        if (json === undefined && def.body.required) throw new MnemoError('invalid_input', 'request body is empty; send a JSON object');
        body = parseInput(def.body.schema, json ?? {}, 'request body');
      }
      const profile = name !== null ? mnemo.profile(name) : (undefined as unknown as ProfileApi);
      const res = await def.run({ mnemo, profile, params, query, body, settings });
      if (res.json !== undefined) return c.body(res.json, res.status ?? 200, { 'content-type': 'application/json' });
      return c.json(res.body as object, res.status ?? 200);
    });
  }
}
