/** GET /v1/profiles/{name}/events: the profile's change events as Server-Sent Events, resumable by Last-Event-ID. */
import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { MnemoApi } from '../api.js';
import type { KeyStore } from '../auth/keys.js';
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
  /** Open streams per key (per profile when the server runs without keys); more get 429 (default 8). */
  maxStreamsPerKey?: number;
  /** How often a stream's key is checked again: a revoked key's stream closes (default 30 s). */
  recheckKeyMs?: number;
}

export const EVENTS_PATH = '/v1/profiles/{name}/events';

export function mountEvents(app: Hono<HttpEnv>, mnemo: MnemoApi, opts: SseOptions = {}, keys?: KeyStore): void {
  const pollMs = opts.pollMs ?? 250;
  const keepAliveMs = opts.keepAliveMs ?? 15_000;
  const maxStreams = opts.maxStreamsPerKey ?? 8;
  const recheckMs = opts.recheckKeyMs ?? 30_000;
  const open = new Map<string, number>();
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
    const key = c.get('key');
    const slot = key ? `key:${key.id}` : `profile:${name}`;
    if ((open.get(slot) ?? 0) >= maxStreams) {
      throw new MnemoError('rate_limited', `at most ${maxStreams} event streams may be open per ${key ? 'key' : 'profile'}; close one first`);
    }
    open.set(slot, (open.get(slot) ?? 0) + 1);
    const release = () => {
      const n = (open.get(slot) ?? 1) - 1;
      if (n > 0) open.set(slot, n);
      else open.delete(slot);
    };
    // Still valid? A stream outlives its request, so a revoked key must not keep it.
    const keyStillValid = async () => !key || !keys || (await keys.list()).some((k) => k.id === key.id && k.revokedAt === null);
    // A client that went away ends the loop (its writes fail); nothing to log for that.
    return streamSSE(c, async (stream) => {
      let aborted = false;
      stream.onAbort(() => {
        aborted = true;
      });
      try {
        await pump();
      } finally {
        release();
      }
      async function pump(): Promise<void> {
        let idle = 0;
        let checked = Date.now();
        await stream.writeSSE({ event: 'ready', data: JSON.stringify({ after: cursor }), retry: 1000 });
        while (!aborted) {
          if (Date.now() - checked >= recheckMs) {
            checked = Date.now();
            if (!(await keyStillValid())) {
              await stream.writeSSE({ event: 'error', data: JSON.stringify({ code: 'unauthorized', message: 'the API key was revoked' }) });
              return;
            }
          }
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
