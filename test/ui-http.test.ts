/**
 * The inspector's REST operations and the /ui mount over a real server on loopback (no browser):
 * filters, inspection, provenance, timeline, job list and retry, the page shell and its weight.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture } from './support/http-fixture.js';
import { seedProfile, type Seeded } from './support/ui-browser.js';

let f: Fixture;
let seeded: Seeded;
beforeAll(async () => {
  f = await startFixture();
  seeded = await seedProfile(f.mnemo);
});
afterAll(async () => {
  await f.close();
});

const json = async (path: string, init: { method?: string } = {}) => {
  const res = await f.call(init.method ?? 'GET', path);
  return { status: res.status, body: (await res.json()) as any };
};

describe('inspection REST operations', () => {
  it('browses with tag, text, status and created-range filters', async () => {
    const infra = await json('/v1/profiles/demo/browse?tag=infra');
    expect(infra.body.items.map((m: any) => m.id)).toEqual([seeded.sqlite, seeded.postgres]);
    const text = await json('/v1/profiles/demo/browse?q=database+sqlite&status=active');
    expect(text.body.items.map((m: any) => m.id)).toEqual([seeded.sqlite]);
    expect((await json('/v1/profiles/demo/browse?from=2999-01-01')).body.items).toEqual([]);
    expect((await json('/v1/profiles/demo/browse?tier=cold')).body.items).toEqual([]);
    const bad = await json('/v1/profiles/demo/browse?tier=lukewarm');
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'invalid_input' } } });
    expect((await json('/v1/profiles/nobody/browse')).body.error.code).toBe('not_found');
  });

  it('inspects a profile: counts by type, status and tier, size, last write, jobs', async () => {
    const { body } = await json('/v1/profiles/demo/inspect');
    expect(body.memories.byStatus).toMatchObject({ active: expect.any(Number), superseded: 1 });
    expect(body.memories.byTier.hot).toBe(body.memories.total);
    expect(body.messages).toBe(7);
    expect(body.sizeBytes).toBeGreaterThan(0);
    expect(Date.parse(body.lastWriteAt)).toBeGreaterThan(Date.now() - 120_000);
    expect(body.jobs.failed).toBe(1);
  });

  it('gives provenance with the conversation around the source', async () => {
    const pnpm = (await json('/v1/profiles/demo/browse?q=pnpm')).body.items[0];
    const { body } = await json(`/v1/profiles/demo/memories/${pnpm.id}/provenance`);
    expect(body.sources[0]).toMatchObject({ messageId: pnpm.sourceMessageIds[0], found: true });
    expect(body.sources[0].context.map((m: any) => m.content)).toContain('We use pnpm as the package manager, never npm.');
    expect(body.sources[0].context.length).toBeGreaterThan(1);
    expect((await json(`/v1/profiles/demo/memories/${seeded.sqlite}/provenance`)).body.sources).toEqual([]);
  });

  it('zooms the timeline from years to days', async () => {
    const years = (await json('/v1/profiles/demo/timeline')).body;
    expect(years.buckets.map((b: any) => b.key)).toContain('2026');
    const may = (await json('/v1/profiles/demo/timeline?prefix=2026-05')).body;
    expect(may.events.map((e: any) => e.content)).toEqual(['Team offsite in Porto.']);
    expect((await json('/v1/profiles/demo/timeline?prefix=26')).status).toBe(400);
  });

  it('lists failed jobs and retries one; retrying a job that has not failed is a conflict', async () => {
    const failed = (await json('/v1/profiles/demo/queue?status=failed')).body.items;
    expect(failed.map((j: any) => j.id)).toEqual([seeded.failedJob]);
    expect(failed[0].lastError).toContain('connection refused');
    const retried = await json(`/v1/profiles/demo/jobs/${seeded.failedJob}/retry`, { method: 'POST' });
    expect(retried).toMatchObject({ status: 200, body: { status: 'pending', attempts: 0 } });
    const again = await json(`/v1/profiles/demo/jobs/${seeded.failedJob}/retry`, { method: 'POST' });
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'conflict' } } });
    expect((await json('/v1/profiles/demo/jobs/nope/retry', { method: 'POST' })).status).toBe(404);
  });

  it('documents the operations in OpenAPI', async () => {
    const doc = (await json('/openapi.json')).body;
    const ops = Object.values(doc.paths).flatMap((p: any) => Object.values(p).map((o: any) => o.operationId));
    expect(ops).toEqual(expect.arrayContaining(['browseMemories', 'inspectProfile', 'provenance', 'timeline', 'listJobs', 'retryJob']));
  });
});

describe('/ui mount', () => {
  it('answers a plain navigation with the data-free shell and a strict CSP', async () => {
    const res = await f.call('GET', '/ui/p/demo/m/' + seeded.sqlite);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('<main id="main"');
    expect(html).not.toContain('SQLite');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('serves the view to the page (HX-Request) with memory text escaped', async () => {
    const res = await f.call('GET', `/ui/p/demo/m/${seeded.xss}`, { headers: { 'hx-request': 'true' } });
    const html = await res.text();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('&lt;script&gt;window.__xss');
    expect(html).not.toMatch(/<script|<img|href="javascript:/i);
  });

  it('keeps a whole page (shell, htmx, script, stylesheet, largest view) under 150 KB gzipped', async () => {
    const gz = async (path: string, headers: Record<string, string> = {}) => gzipSync(Buffer.from(await (await f.call('GET', path, { headers })).arrayBuffer())).length;
    const assets = await Promise.all(['/ui', '/ui/assets/htmx.min.js', '/ui/assets/app.js', '/ui/assets/app.css', '/ui/assets/icon.svg'].map((p) => gz(p)));
    const view = await gz('/ui/p/demo/recall?q=database&q2=package+manager', { 'hx-request': 'true' });
    const total = assets.reduce((a, b) => a + b, 0) + view;
    expect(total).toBeLessThan(150 * 1024);
  });

  it('serves assets gzipped and nothing from another origin', async () => {
    const res = await f.call('GET', '/ui/assets/htmx.min.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    const shell = await (await f.call('GET', '/ui')).text();
    expect(shell).not.toMatch(/(src|href)="(https?:)?\/\//);
  });
});
