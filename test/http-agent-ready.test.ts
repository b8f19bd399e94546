/** Agent readiness: each discovery resource fetched the way an agent does, from a real server on loopback. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture } from './support/http-fixture.js';

let open: Fixture;
let keyed: Fixture;
let adminKey = '';
beforeAll(async () => {
  open = await startFixture();
  keyed = await startFixture({ withKeys: async (keys) => void (adminKey = (await keys.create({ profile: '*', scope: 'admin' })).key) });
});
afterAll(async () => {
  await open.close();
  await keyed.close();
});

/** RFC 8288 Link header → [{ href, rel, type }]. */
function parseLinks(header: string | null): { href: string; rel: string; type?: string }[] {
  if (!header) return [];
  return header.split(/,\s*(?=<)/).map((part) => {
    const href = /^<([^>]+)>/.exec(part)![1];
    const attr = (name: string) => new RegExp(`;\\s*${name}="([^"]+)"`).exec(part)?.[1];
    return { href, rel: attr('rel')!, type: attr('type') };
  });
}

describe('agent readiness', () => {
  it('robots.txt names the public docs, keeps private endpoints out and carries content signals', async () => {
    const r = await open.call('GET', '/robots.txt');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/plain');
    const text = await r.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Content-Signal: search=yes, ai-input=yes, ai-train=no$/m);
    expect(text).toMatch(/^Disallow: \/v1\/$/m);
    expect(text).toMatch(/^Allow: \/llms\.txt$/m);
    const sitemapUrl = /^Sitemap: (\S+)$/m.exec(text)![1];
    const sitemap = await fetch(sitemapUrl);
    expect(sitemap.status).toBe(200);
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${open.url}/llms-full.txt`);
    for (const loc of locs) expect((await fetch(loc)).status, loc).toBe(200);
  });

  it('every response links the API catalog, the OpenAPI document and llms.txt, and each link resolves', async () => {
    for (const p of ['/', '/index.md', '/v1/profiles']) {
      const links = parseLinks((await open.call('GET', p)).headers.get('link'));
      expect(links.map((l) => l.rel), p).toEqual(expect.arrayContaining(['api-catalog', 'service-desc', 'service-doc']));
    }
    const links = parseLinks((await open.call('GET', '/')).headers.get('link'));
    for (const link of links) {
      const r = await fetch(new URL(link.href, open.url));
      expect(r.status, link.href).toBe(200);
      if (link.rel === 'service-desc') expect(((await r.json()) as any).openapi).toBe('3.1.0');
      if (link.rel === 'api-catalog') expect(((await r.json()) as any).linkset[0]['service-desc'][0].href).toBe(`${open.url}/openapi.json`);
      if (link.type === 'text/markdown') expect(r.headers.get('content-type')).toContain('text/markdown');
    }
  });

  it('serves llms-full.txt with every operation in detail and a Markdown index at /index.md', async () => {
    const full = await open.call('GET', '/llms-full.txt');
    expect(full.headers.get('content-type')).toContain('text/plain');
    const text = await full.text();
    const doc = (await (await open.call('GET', '/openapi.json')).json()) as any;
    for (const [p, ops] of Object.entries(doc.paths)) for (const m of Object.keys(ops as object)) expect(text).toContain(`### ${m.toUpperCase()} ${p}`);
    expect(text).toContain('Request body (JSON Schema)');
    expect(text).toMatch(/`complete`/);
    const index = await open.call('GET', '/index.md');
    expect(index.headers.get('content-type')).toContain('text/markdown');
    const md = await index.text();
    expect(md).toBe(await (await open.call('GET', '/', { headers: { accept: 'text/markdown' } })).text());
    expect(md).toContain('(/llms-full.txt)');
  });

  it('serves the MCP discovery documents, and the card lists exactly the tools the endpoint serves', async () => {
    for (const p of ['/.well-known/mcp/server-card.json', '/.well-known/mcp.json']) {
      const card = (await (await open.call('GET', p)).json()) as any;
      expect(card.remotes[0]).toMatchObject({ type: 'streamable-http', url: `${open.url}/mcp` });
      expect(card.tools).toEqual(expect.arrayContaining(['recall', 'remember', 'complete', 'note']));
      const client = new Client({ name: 'agent', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(card.remotes[0].url), { requestInit: { headers: { 'x-mnemo-profile': 'card' } } }));
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([...card.tools].sort());
      await client.close();
    }
  });

  it('publishes OAuth protected-resource metadata only when keys are on, and a 401 points to it', async () => {
    expect((await open.call('GET', '/.well-known/oauth-protected-resource')).status).toBe(404);
    const denied = await keyed.call('POST', '/mcp', { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    expect(denied.status).toBe(401);
    const challenge = denied.headers.get('www-authenticate')!;
    const metaUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1];
    expect(metaUrl).toBe(`${keyed.url}/.well-known/oauth-protected-resource/mcp`);
    const meta = (await (await fetch(metaUrl)).json()) as any;
    expect(meta.resource).toBe(`${keyed.url}/mcp`);
    expect(meta.bearer_methods_supported).toEqual(['header']);
    expect(meta.scopes_supported).toEqual(['read', 'write', 'admin']);
    const root = (await (await keyed.call('GET', '/.well-known/oauth-protected-resource')).json()) as any;
    expect(root.resource).toBe(keyed.url);
    const card = (await (await keyed.call('GET', '/.well-known/mcp/server-card.json')).json()) as any;
    expect(card.authentication).toMatchObject({ required: true, protectedResourceMetadata: metaUrl });
    expect((await keyed.call('GET', '/v1/profiles', { key: adminKey })).status).toBe(200);
  });
});
