/**
 * What an agent looks for before it reads a page: robots.txt with content signals, a sitemap,
 * RFC 8288 `Link` headers to the API catalog / OpenAPI / llms.txt, a full-text `llms-full.txt`,
 * a Markdown index, the MCP discovery documents, and (when API keys are on) RFC 9728
 * OAuth protected-resource metadata telling a client how to present its bearer key.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { KEY_SCOPES } from '../auth/keys.js';
import { mcpToolNames } from '../mcp/tool-names.js';
import type { HttpEnv } from './env.js';

/** Every MCP tool, and those a read-scope key sees. */
export const MCP_TOOLS = mcpToolNames();
const READ_TOOLS = mcpToolNames({ readOnly: true });

/** Public documents, listed in the sitemap and allowed in robots.txt. */
const PUBLIC_DOCS = ['/', '/index.md', '/llms.txt', '/llms-full.txt', '/openapi.json', '/.well-known/api-catalog', '/.well-known/mcp/server-card.json'];

const origin = (c: Context) => new URL(c.req.url).origin;

/** The discovery links every response carries (relative, so they hold behind any proxy). */
export const DISCOVERY_LINKS = [
  '</.well-known/api-catalog>; rel="api-catalog"',
  '</openapi.json>; rel="service-desc"; type="application/openapi+json"',
  '</llms.txt>; rel="service-doc"; type="text/plain"',
  '</index.md>; rel="alternate"; type="text/markdown"',
].join(', ');

export function discoveryLinks(): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('link')) c.res.headers.set('link', DISCOVERY_LINKS);
  };
}

export function robotsTxt(base: string): string {
  return [
    '# mnemo: a memory service for agents. The API (/v1) and MCP endpoint (/mcp) hold private',
    '# memories and need a key; the documentation is public.',
    'User-agent: *',
    // Content Signals: the docs may be searched and used as model input, not used for training.
    'Content-Signal: search=yes, ai-input=yes, ai-train=no',
    ...PUBLIC_DOCS.map((p) => `Allow: ${p === '/' ? '/$' : p}`),
    'Disallow: /v1/',
    'Disallow: /mcp',
    'Disallow: /metrics',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

function sitemap(base: string): string {
  const urls = PUBLIC_DOCS.map((p) => `  <url><loc>${base}${p}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** llms.txt plus every operation in full: parameters and request-body schema from the OpenAPI document. */
export function llmsFullText(summary: string, openapi: Record<string, unknown>): string {
  const doc = openapi as { paths: Record<string, Record<string, OperationDoc>> };
  const sections: string[] = [];
  for (const [p, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const lines = [`### ${method.toUpperCase()} ${p}`, '', op.summary ?? '', ''];
      if (op['x-mnemo-scope']) lines.push(`Key scope: \`${op['x-mnemo-scope']}\``, '');
      const params = op.parameters ?? [];
      if (params.length) {
        lines.push('Parameters:', '');
        for (const prm of params) lines.push(`- \`${prm.name}\` (${prm.in}${prm.required ? ', required' : ''}): ${schemaHint(prm.schema)}${prm.description ? ` — ${prm.description}` : ''}`);
        lines.push('');
      }
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body) lines.push('Request body (JSON Schema):', '', '```json', JSON.stringify(body), '```', '');
      sections.push(lines.join('\n'));
    }
  }
  return `${summary}
## MCP tools

Streamable HTTP at \`/mcp\`; the same tools over stdio with \`mnemo mcp\`. Tools: ${MCP_TOOLS.map((t) => `\`${t}\``).join(', ')}.
Read-scope keys see ${READ_TOOLS.map((t) => `\`${t}\``).join(' and ')} only.

## Operations in full

${sections.join('\n')}`;
}

interface OperationDoc {
  summary?: string;
  'x-mnemo-scope'?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Record<string, unknown> }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

function schemaHint(schema: Record<string, unknown> | undefined): string {
  if (!schema) return 'string';
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => `\`${String(v)}\``).join(', ')}`;
  return String(schema.type ?? 'value');
}

export interface AgentDiscoveryOptions {
  openapi: Record<string, unknown>;
  authRequired: () => Promise<boolean>;
  markdown: () => Promise<string>;
}

export function mountAgentDiscovery(app: Hono<HttpEnv>, opts: AgentDiscoveryOptions): void {
  const text = (c: Context, body: string, type: string) => c.body(body, 200, { 'content-type': `${type}; charset=utf-8` });
  app.get('/robots.txt', (c) => {
    c.set('route', '/robots.txt');
    return text(c, robotsTxt(origin(c)), 'text/plain');
  });
  app.get('/sitemap.xml', (c) => {
    c.set('route', '/sitemap.xml');
    return text(c, sitemap(origin(c)), 'application/xml');
  });
  app.get('/index.md', async (c) => {
    c.set('route', '/index.md');
    return text(c, await opts.markdown(), 'text/markdown');
  });
  app.get('/llms-full.txt', async (c) => {
    c.set('route', '/llms-full.txt');
    return text(c, llmsFullText(await opts.markdown(), opts.openapi), 'text/plain');
  });
  // RFC 9728: the API root and the MCP endpoint are the protected resources (only when keys are on).
  for (const [suffix, resourcePath] of [['', ''], ['/mcp', '/mcp'], ['/v1', '/v1']] as const) {
    const route = `/.well-known/oauth-protected-resource${suffix}`;
    app.get(route, async (c) => {
      c.set('route', route);
      if (!(await opts.authRequired())) return c.json({ error: { code: 'not_found', message: 'this server needs no key: there is no protected resource' } }, 404);
      const base = origin(c);
      return c.json({
        resource: `${base}${resourcePath}`,
        resource_name: 'mnemo memory',
        authorization_servers: [],
        bearer_methods_supported: ['header'],
        scopes_supported: [...KEY_SCOPES],
        resource_documentation: `${base}/llms.txt`,
      });
    });
  }
}

/** The URL of the protected-resource metadata an unauthenticated client is pointed at (RFC 9728 §5.1). */
export function resourceMetadataUrl(requestUrl: string): string {
  const u = new URL(requestUrl);
  return `${u.origin}/.well-known/oauth-protected-resource${u.pathname.startsWith('/mcp') ? '/mcp' : ''}`;
}
