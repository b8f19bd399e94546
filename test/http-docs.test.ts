import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture } from './support/http-fixture.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.close();
});

describe('documentation and agent readiness', () => {
  it('serves an OpenAPI 3.1 document generated from the zod schemas', async () => {
    const r = await f.call('GET', '/openapi.json');
    const doc = (await r.json()) as any;
    expect(doc.openapi).toBe('3.1.0');
    const remember = doc.paths['/v1/profiles/{name}/remember'].post;
    expect(remember.requestBody.content['application/json'].schema.required).toEqual(['content']);
    expect(remember.requestBody.content['application/json'].schema.properties.type.enum).toEqual(['fact', 'instruction', 'event', 'task']);
    expect(Object.keys(remember.responses)).toEqual(expect.arrayContaining(['200', '201', '400', '401', '403', '413', '429']));
    const list = doc.paths['/v1/profiles/{name}/memories'].get;
    expect(list.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['name', 'type', 'status', 'limit', 'cursor']));
    const recall = doc.paths['/v1/profiles/{name}/recall'];
    expect(Object.keys(recall).sort()).toEqual(['get', 'post']);
    expect(recall.get.parameters.find((p: any) => p.name === 'q').required).toBe(true);
    expect(doc.paths['/v1/profiles'].get['x-mnemo-scope']).toBe('admin');
    expect(doc.components.securitySchemes.bearer.scheme).toBe('bearer');
    const ops = Object.values(doc.paths).flatMap((p: any) => Object.values(p).map((o: any) => o.operationId));
    expect(new Set(ops).size).toBe(ops.length);
  });

  it('serves llms.txt and / as Markdown on request', async () => {
    const txt = await f.call('GET', '/llms.txt');
    expect(txt.headers.get('content-type')).toContain('text/plain');
    const body = await txt.text();
    expect(body).toMatch(/^# mnemo/);
    expect(body).toContain('POST /v1/profiles/{name}/recall');
    const md = await f.call('GET', '/', { headers: { accept: 'text/markdown' } });
    expect(md.headers.get('content-type')).toContain('text/markdown');
    expect(await md.text()).toBe(body);
    const html = await f.call('GET', '/');
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(html.headers.get('vary')).toContain('Accept');
  });

  it('serves the API catalog and the MCP server card', async () => {
    const cat = await f.call('GET', '/.well-known/api-catalog');
    expect(cat.headers.get('content-type')).toContain('application/linkset+json');
    const linkset = (await cat.json()) as any;
    expect(linkset.linkset[0]['service-desc'][0].href).toBe(`${f.url}/openapi.json`);
    const card = (await (await f.call('GET', '/.well-known/mcp/server-card.json')).json()) as any;
    expect(card.serverInfo.name).toBe('mnemo');
    expect(card.remotes[0]).toMatchObject({ type: 'streamable-http', url: `${f.url}/mcp` });
    expect(card.authentication.required).toBe(false);
  });

  it('counts requests by route and status in Prometheus metrics', async () => {
    await f.mnemo.profile('m').remember({ content: 'metrics profile exists' });
    await f.call('GET', `/v1/profiles/m/memories/${'0'.repeat(32)}`);
    await f.call('GET', '/v1/profiles/m/memories');
    const text = await (await f.call('GET', '/metrics')).text();
    expect(text).toMatch(/mnemo_http_requests_total\{method="GET",route="\/v1\/profiles\/\{name\}\/memories\/\{id\}",status="404"\} 1/);
    expect(text).toMatch(/mnemo_http_requests_total\{method="GET",route="\/v1\/profiles\/\{name\}\/memories",status="200"\} 1/);
    expect(text).toContain('mnemo_http_request_duration_seconds_bucket');
  });

  it('CORS is off unless configured', async () => {
    const r = await f.call('OPTIONS', '/v1/profiles/m/memories', { headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
  });
});
