/** GET /v1/profiles/{name}/events: the profile's change events as Server-Sent Events, resumable by Last-Event-ID. */
import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { MnemoApi } from '../api.js';
import { authorize } from '../auth/access.js';
import { MnemoError } from '../errors.js';
import type { HttpEnv } from '../http/env.js';
import { header } from '../http/node-request.js';
import { profileNameSchema } from '../schemas.js';
import { CHANGE_EVENT_TYPES, type ChangeEventType } from './change-event.js';

export interface SseOptions {
  /** How often the audit log is read for new events (default 250 ms). */
  pollMs?: number;
  /** A comment line this often keeps proxies from closing an idle stream (default 15 s). */
  keepAliveMs?: number;
}

export const EVENTS_PATH = '/v1/profiles/{name}/events';

export function mountEvents(app: Hono<HttpEnv>, mnemo: MnemoApi, opts: SseOptions = {}): void {
  const pollMs = opts.pollMs ?? 250;
  const keepAliveMs = opts.keepAliveMs ?? 15_000;
  app.get('/v1/profiles/:name/events', async (c) => {
    c.set('route', EVENTS_PATH);
    const name = c.req.param('name');
    c.set('profile', name);
    authorize(c.get('key'), 'read', name);
    if (!profileNameSchema.safeParse(name).success) throw new MnemoError('invalid_profile', `invalid profile name "${name}"`);
    const after = parseAfter(header(c, 'last-event-id') ?? c.req.query('after'));
    const types = parseTypes(c.req.query('types'));
    const profile = mnemo.profile(name);
    // Reading the newest event also checks that the profile exists (not_found before the stream starts).
    const newest = await profile.events({ latest: true });
    let cursor = after ?? newest[0]?.id ?? 0;
    // A client that went away ends the loop (its writes fail); nothing to log for that.
    return streamSSE(c, async (stream) => {
      let aborted = false;
      stream.onAbort(() => {
        aborted = true;
      });
      let idle = 0;
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ after: cursor }), retry: 1000 });
      while (!aborted) {
        const events = await profile.events({ after: cursor, limit: 200 });
        for (const e of events) {
          cursor = e.id;
          if (types && !types.has(e.type)) continue;
          await stream.writeSSE({ id: String(e.id), event: e.type, data: JSON.stringify(e) });
        }
        if (events.length > 0) {
          idle = 0;
          continue;
        }
        idle += pollMs;
        if (idle >= keepAliveMs) {
          idle = 0;
          await stream.write(': keep-alive\n\n');
        }
        await stream.sleep(pollMs);
      }
    }, async () => undefined);
  });
}

function parseAfter(v: string | undefined): number | undefined {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 0) throw new MnemoError('invalid_input', `Last-Event-ID / after must be a non-negative event id, got "${v}"`);
  return n;
}

function parseTypes(v: string | undefined): Set<ChangeEventType> | null {
  if (!v) return null;
  const list = v.split(',').filter(Boolean);
  const bad = list.filter((t) => !(CHANGE_EVENT_TYPES as readonly string[]).includes(t));
  if (bad.length) throw new MnemoError('invalid_input', `unknown event type "${bad[0]}"; use ${CHANGE_EVENT_TYPES.join(', ')}`);
  return new Set(list as ChangeEventType[]);
}
