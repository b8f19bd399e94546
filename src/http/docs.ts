/** Documentation for people and agents: `/`, `/llms.txt`, the MCP server card, the API catalog. */
import type { Context, Hono } from 'hono';
import { mcpToolNames } from '../mcp/tool-names.js';
import { MCP_TOOLS, discoveryLinks, mountAgentDiscovery } from './agent-discovery.js';
import type { HttpEnv } from './env.js';
import { openApiDocument } from './openapi.js';
import type { RouteDef } from './route.js';

export interface DocsOptions {
  routes: RouteDef[];
  version: string;
  /** Whether /v1 and /mcp need a bearer key (shown in the docs). */
  authRequired: () => Promise<boolean>;
  /** The OpenAPI document served at /openapi.json (llms-full.txt details every operation in it). */
  openapi?: Record<string, unknown>;
}

export function markdownDocs(routes: RouteDef[], auth: boolean): string {
  const rows = routes.map((r) => `- \`${r.method.toUpperCase()} ${r.path}\` (${r.scope}): ${r.summary}`);
  return `# mnemo

> Self-hosted memory for AI agents. Ingest conversations, remember facts, recall them later with an
> answer, a confidence and the memories it rests on. Each profile is an isolated store.

Authentication: ${auth ? 'send `Authorization: Bearer mnemo_…` on every /v1 and /mcp request.' : 'none on this loopback server (no API keys exist).'}
Errors are JSON \`{"error": {"code", "message"}}\`. Every response carries \`x-request-id\`.

## Docs

- [OpenAPI 3.1](/openapi.json): every operation with request and response schemas
- [Full documentation](/llms-full.txt): this page plus every operation's parameters and body schema
- [Markdown index](/index.md): this page as Markdown
- [API catalog](/.well-known/api-catalog): RFC 9727 linkset
- [MCP server card](/.well-known/mcp/server-card.json)${auth ? '\n- [OAuth protected-resource metadata](/.well-known/oauth-protected-resource): RFC 9728' : ''}

## MCP

Streamable HTTP at \`/mcp\` (POST, JSON responses). Choose the profile with the \`x-mnemo-profile\` header
or \`?profile=\` (a key bound to one profile implies it). Tools: ${MCP_TOOLS.map((t) => `\`${t}\``).join(', ')}
(read-scope keys see only ${mcpToolNames({ readOnly: true }).map((t) => `\`${t}\``).join(' and ')}).

## REST operations

${rows.join('\n')}

## Operations

- [Health](/healthz)
- [Prometheus metrics](/metrics)
`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
const wantsMarkdown = (c: Context) => (c.req.header('accept') ?? '').includes('text/markdown');

export function mountDocs(app: Hono<HttpEnv>, opts: DocsOptions): void {
  const md = async () => markdownDocs(opts.routes, await opts.authRequired());
  const markdown = (c: Context, text: string) => c.body(text, 200, { 'content-type': 'text/markdown; charset=utf-8', vary: 'Accept' });
  app.use('*', discoveryLinks());
  mountAgentDiscovery(app, { openapi: opts.openapi ?? openApiDocument(opts.routes, { version: opts.version }), authRequired: opts.authRequired, markdown: md });

  app.get('/', async (c) => {
    c.set('route', '/');
    const text = await md();
    if (wantsMarkdown(c)) return markdown(c, text);
    c.header('vary', 'Accept');
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>mnemo</title>` +
      `<link rel="service-desc" href="/openapi.json"></head><body><pre>${escapeHtml(text)}</pre></body></html>`);
  });
  app.get('/llms.txt', async (c) => {
    c.set('route', '/llms.txt');
    const text = await md();
    if (wantsMarkdown(c)) return markdown(c, text);
    return c.body(text, 200, { 'content-type': 'text/plain; charset=utf-8', vary: 'Accept' });
  });
  app.get('/.well-known/api-catalog', (c) => {
    c.set('route', '/.well-known/api-catalog');
    const base = new URL(c.req.url).origin;
    const linkset = {
      linkset: [{
        anchor: `${base}/v1`,
        'service-desc': [{ href: `${base}/openapi.json`, type: 'application/openapi+json' }],
        'service-doc': [{ href: `${base}/llms.txt`, type: 'text/markdown' }],
        status: [{ href: `${base}/healthz`, type: 'application/json' }],
      }],
    };
    return c.body(JSON.stringify(linkset), 200, { 'content-type': 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"' });
  });
  const serverCard = async (c: Context) => {
    const base = new URL(c.req.url).origin;
    const auth = await opts.authRequired();
    return c.json({
      name: 'mnemo',
      title: 'mnemo memory',
      version: opts.version,
      description: 'Long-term memory for agents: recall before answering, remember lasting preferences, facts and events.',
      serverInfo: { name: 'mnemo', version: opts.version },
      transport: { type: 'streamable-http', url: `${base}/mcp` },
      remotes: [{ type: 'streamable-http', url: `${base}/mcp`, headers: [{ name: 'x-mnemo-profile', description: 'Profile to use', isRequired: false }] }],
      capabilities: { tools: {} },
      tools: [...MCP_TOOLS],
      authentication: { required: auth, schemes: auth ? ['bearer'] : [], ...(auth ? { protectedResourceMetadata: `${base}/.well-known/oauth-protected-resource/mcp` } : {}) },
      documentation: `${base}/llms.txt`,
    });
  };
  // The server card (SEP-1649) and the older single-file discovery name.
  for (const route of ['/.well-known/mcp/server-card.json', '/.well-known/mcp.json']) {
    app.get(route, (c) => {
      c.set('route', route);
      return serverCard(c);
    });
  }
}
