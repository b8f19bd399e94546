/**
 * Mounts the web inspector at /ui with the API's own auth. A plain GET (navigation, reload,
 * bookmark) gets the empty page shell; the shell's script then asks for the view with
 * `HX-Request` and the bearer key, and only those requests reach profile data. State-changing
 * requests must carry `HX-Request` (a header a cross-site form cannot send) and, once keys
 * exist, the bearer key: the inspector sets no cookie at all.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { MnemoApi } from '../api.js';
import { authorize } from '../auth/access.js';
import { MnemoError } from '../errors.js';
import { profileNameSchema } from '../schemas.js';
import { ErrorPanel, Shell, UI_VIEWS, uiAssets, type ViewDef } from '../ui/index.js';
import type { HttpEnv } from './env.js';
import { toHttpError } from './errors.js';
import { readBody } from './node-request.js';

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
  + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export interface UiRouteOptions {
  mnemo: MnemoApi;
  /** The same bearer middleware that guards /v1. */
  auth: MiddlewareHandler<HttpEnv>;
}

const toHtml = async (node: unknown): Promise<string> => String(await (node as { toString(): unknown }).toString());

function secure(c: Context<HttpEnv>): void {
  c.header('Content-Security-Policy', CSP);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Frame-Options', 'DENY');
}

export function mountUi(app: Hono<HttpEnv>, { mnemo, auth }: UiRouteOptions): void {
  app.use('/ui', compress());
  app.use('/ui/*', compress());
  let shell: string | null = null;
  const page = async (c: Context<HttpEnv>) => {
    shell ??= `<!doctype html>${await toHtml(Shell())}`;
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'HX-Request');
    return c.html(shell);
  };

  app.get('/ui/assets/:file', (c) => {
    c.set('route', '/ui/assets/:file');
    const asset = uiAssets().get(c.req.param('file'));
    if (!asset) return c.text('no such asset', 404);
    secure(c);
    c.header('Cache-Control', 'public, max-age=300');
    c.header('Vary', 'Accept-Encoding');
    const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    if (gzip) c.header('Content-Encoding', 'gzip');
    return c.body(new Uint8Array(gzip ? asset.gzip : asset.body), 200, { 'content-type': asset.type });
  });

  const handler = (def: ViewDef) => async (c: Context<HttpEnv>) => {
    c.set('route', def.path);
    secure(c);
    const fromPage = c.req.header('hx-request') === 'true';
    if (def.method === 'get' && def.kind !== 'file' && !fromPage) return page(c);
    c.header('Cache-Control', 'no-store');
    c.header('Vary', 'HX-Request, Authorization');
    try {
      if (def.method === 'post') assertSameOrigin(c, fromPage);
      await auth(c, async () => {});
      const name = c.req.param('name') ?? '';
      if (name) {
        c.set('profile', name);
        if (!profileNameSchema.safeParse(name).success) throw new MnemoError('invalid_profile', `invalid profile name "${name}": use [a-z0-9][a-z0-9._-]{0,99}`);
        authorize(c.get('key'), def.scope, name);
      }
      const form = def.method === 'post' ? new URLSearchParams(await readBody(c)) : new URLSearchParams();
      const res = await def.render({
        mnemo, key: c.get('key') ?? null, name, profile: mnemo.profile(name || 'default'),
        params: c.req.param() as Record<string, string>, query: c.req.query(), form,
      });
      if (res.pushUrl && def.method === 'post') c.header('HX-Push-Url', res.pushUrl);
      if (res.contentType) return c.body(await toHtml(res.html), res.status ?? 200, { 'content-type': res.contentType });
      return c.html(await toHtml(res.html), res.status ?? 200);
    } catch (err) {
      const { status, error } = toHttpError(err, c.get('requestId'));
      c.set('error', { code: error.code, message: error.message });
      if (def.kind === 'file') return c.json({ error: { code: error.code, message: error.message } }, status);
      const message = error.code === 'internal' ? 'internal error' : error.message;
      return c.html(await toHtml(ErrorPanel({ code: error.code, message, requestId: c.get('requestId') })), status);
    }
  };

  for (const def of UI_VIEWS) {
    app.on(def.method.toUpperCase(), def.path, handler(def));
    if (def.path === '/ui') app.on(def.method.toUpperCase(), '/ui/', handler(def));
  }
  const missing = (method: 'get' | 'post'): ViewDef => ({
    method, path: '/ui/*', scope: 'read',
    render: async () => {
      throw new MnemoError('not_found', 'no inspector page at this address');
    },
  });
  app.get('/ui/*', handler(missing('get')));
  app.post('/ui/*', handler(missing('post')));
}

/** Only the inspector's own page may change state: it sends HX-Request, which a cross-site form cannot. */
function assertSameOrigin(c: Context<HttpEnv>, fromPage: boolean): void {
  const site = c.req.header('sec-fetch-site');
  if (!fromPage || (site !== undefined && site !== 'same-origin' && site !== 'none')) {
    throw new MnemoError('forbidden', 'changes must be made from the inspector page itself (HX-Request header, same origin)');
  }
}
