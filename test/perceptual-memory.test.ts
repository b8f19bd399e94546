/** Perceptual memory: attachments kept as pointers with their caption, searchable and exported. */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { exportMarkdown, importMarkdown } from '../src/interop/markdown/index.js';
import { listActive } from '../src/interop/write-memories.js';
import { startFixture } from './support/http-fixture.js';

let dir: string;
let mnemo: MnemoApi;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-perceptual-'));
  mnemo = openMemory({ dataDir: path.join(dir, 'data'), embedder: { kind: 'hashing' }, worker: { background: false } });
});
afterEach(async () => {
  await mnemo.close();
  rmSync(dir, { recursive: true, force: true });
});

const whiteboard = { kind: 'image' as const, url: 'https://files.example.com/team/whiteboard-2026-04-15.png', alt: 'Whiteboard sketch of the ingest pipeline with three queues', mimeType: 'image/png' };

describe('attachments on messages', () => {
  it('become perceptual memories pointing to the attachment, found by their caption', async () => {
    const p = mnemo.profile('eyes');
    const res = await p.ingest([
      { role: 'user', content: 'Here is what we drew today.', timestamp: '2026-04-15T10:00:00Z', attachments: [whiteboard] },
      { role: 'user', content: 'And the spec we follow.', timestamp: '2026-04-15T10:01:00Z', attachments: [{ kind: 'url', uri: 'https://www.rfc-editor.org/rfc/rfc9727', caption: 'RFC 9727, the API catalog specification' }] },
    ], { sessionId: 's1', wait: true });
    const perceptual = (await listActive(p)).filter((m) => m.attachment);
    expect(perceptual).toHaveLength(2);
    const image = perceptual.find((m) => m.attachment!.kind === 'image')!;
    expect(image).toMatchObject({
      type: 'event',
      eventTime: '2026-04-15T10:00:00.000Z',
      sourceMessageIds: [res.messageIds[0]],
      attachment: { kind: 'image', uri: whiteboard.url, caption: whiteboard.alt, name: null, mimeType: 'image/png' },
    });
    expect(image.content).toContain(whiteboard.alt);
    expect(image.tags).toEqual(expect.arrayContaining(['perceptual', 'image']));
    const stored = (await p.export()).messages.find((m) => m.id === res.messageIds[0])!;
    expect(stored.metadata).toEqual({ attachments: [{ kind: 'image', uri: whiteboard.url, caption: whiteboard.alt, name: null, mimeType: 'image/png' }] });

    const hit = await p.recall('the whiteboard sketch of the ingest pipeline', { synthesize: false });
    expect(hit.memories[0]?.id).toBe(image.id);
    // re-ingesting the same turns adds nothing
    await p.ingest([{ role: 'user', content: 'Here is what we drew today.', timestamp: '2026-04-15T10:00:00Z', attachments: [whiteboard] }], { sessionId: 's1', wait: true });
    expect((await listActive(p)).filter((m) => m.attachment)).toHaveLength(2);
  });

  it('refuses inline bytes and malformed attachments, writing nothing', async () => {
    const p = mnemo.profile('eyes');
    await expect(p.ingest([{ role: 'user', content: 'look', attachments: [{ kind: 'image', uri: 'data:image/png;base64,iVBORw0KGgo=' }] }]))
      .rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('never its bytes') });
    await expect(p.ingest([{ role: 'user', content: 'look', attachments: [{ kind: 'video' as any, uri: 'https://x/y.mp4' }] }]))
      .rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('attachment kind') });
    await expect(p.ingest([{ role: 'user', content: 'look', attachments: [{ kind: 'file', caption: 'no pointer' }] }]))
      .rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('needs a uri') });
    await expect(p.stats()).rejects.toMatchObject({ code: 'not_found' });
  });

  it('remember can store a perceptual memory directly', async () => {
    const p = mnemo.profile('eyes');
    const { memory } = await p.remember({ content: 'Screenshot of the failing CI run on main', attachment: { kind: 'file', uri: '/srv/shots/ci-fail.png', caption: 'red build badge, job lint failed' } });
    expect(memory).toMatchObject({ type: 'event', attachment: { kind: 'file', uri: '/srv/shots/ci-fail.png', caption: 'red build badge, job lint failed' } });
    expect((await p.recall('which job failed on the red build badge?', { synthesize: false })).memories.map((m) => m.id)).toContain(memory.id);
  });
});

describe('perceptual memories in exports', () => {
  it('keep their pointer through the JSON export and the Markdown folder', async () => {
    const p = mnemo.profile('eyes');
    await p.ingest([{ role: 'user', content: 'Here is what we drew today.', timestamp: '2026-04-15T10:00:00Z', attachments: [whiteboard] }], { sessionId: 's1', wait: true });
    const [image] = (await listActive(p)).filter((m) => m.attachment);
    const json = mnemo.profile('json-copy');
    await json.import(await p.export());
    expect((await json.get(image.id)).attachment).toEqual(image.attachment);

    const out = path.join(dir, 'md');
    await exportMarkdown((await p.export()).memories, out);
    const file = readdirSync(out).map((f) => path.join(out, f)).find((f) => f.endsWith('.md') && readFileSync(f, 'utf8').includes('attachment:'))!;
    expect(readFileSync(file, 'utf8')).toContain(`uri: ${whiteboard.url}`);
    expect(readFileSync(path.join(out, 'timeline', '2026-04-15.jsonl'), 'utf8')).toContain(whiteboard.url);
    const md = mnemo.profile('md-copy');
    await importMarkdown(md, out);
    const back = (await listActive(md)).find((m) => m.attachment)!;
    expect(back.attachment).toEqual(image.attachment);
    expect(back.content).toBe(image.content);
  });

  it('travel over HTTP ingest', async () => {
    const f = await startFixture();
    try {
      const r = await f.call('POST', '/v1/profiles/web/ingest', { body: { messages: [{ role: 'user', content: 'our logo', attachments: [{ kind: 'image', url: 'https://cdn.example.com/logo.svg', alt: 'blue owl logo' }] }], wait: true } });
      expect(r.status).toBe(200);
      const body = (await r.json()) as any;
      expect(body.memories.find((m: any) => m.attachment)?.attachment).toMatchObject({ kind: 'image', uri: 'https://cdn.example.com/logo.svg', caption: 'blue owl logo' });
      const bad = await f.call('POST', '/v1/profiles/web/ingest', { body: { messages: [{ role: 'user', content: 'x', attachments: [{ kind: 'image', uri: 'data:image/png;base64,AAAA' }] }] } });
      expect(bad.status).toBe(400);
    } finally {
      await f.close();
    }
  });
});
