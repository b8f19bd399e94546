/**
 * Secrets are never stored verbatim, whatever field carries them: attachment captions, names and
 * uris, message and ingest metadata, remember metadata and tags, note data, update metadata and
 * tags, completion and forget reasons, working items. Each secret is looked for in every table
 * of the profile's database (full-text indexes by MATCH), in the raw bytes of every file of the
 * data directory, in the JSON export and in the API responses.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanDatabase, scanText } from '../bench/reliability/lib/leak-scan.js';
import { startFixture, type Fixture } from './support/http-fixture.js';

/** Deterministic, random-looking credentials, one per field so a leak names its path. */
function token(seed: number, length: number): string {
  const abc = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let x = seed * 2654435761 % 4294967296;
  let out = '';
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += abc[x % abc.length];
  }
  return /\d/.test(out) ? out : `${out.slice(0, -1)}7`;
}
const github = (seed: number) => `ghp_${token(seed, 36)}`;
const openai = (seed: number) => `sk-proj-${token(seed, 48)}`;
const PASSWORD = 'hunter2hunter2';
const AWS = 'AKIAIOSFODNN7EXAMPLE';

let f: Fixture;
beforeEach(async () => {
  f = await startFixture();
});
afterEach(async () => {
  await f.close();
});

const call = async (method: string, p: string, body?: unknown) => {
  const res = await f.call(method, p, body === undefined ? {} : { body });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as any };
};

/** Lower-cased word runs of a secret, as a full-text index would keep them (porter may cut the end). */
function fragments(secret: string): string[] {
  return (secret.match(/[A-Za-z0-9]{12,}/g) ?? []).map((t) => t.toLowerCase().slice(0, 12));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** Every place the secrets must not be: tables, raw files, the JSON export and the responses seen. */
async function expectNowhere(profile: string, secrets: string[], responses: string[]): Promise<void> {
  const db = path.join(f.dir, 'profiles', `${profile}.db`);
  const leaks = scanDatabase(db, secrets).map((l) => `${l.where}: ${l.secret}`);
  for (const file of filesUnder(f.dir)) {
    const bytes = readFileSync(file).toString('latin1').toLowerCase();
    for (const s of secrets) if (fragments(s).some((t) => bytes.includes(t))) leaks.push(`file ${path.relative(f.dir, file)}: ${s}`);
  }
  const exported = await call('GET', `/v1/profiles/${profile}/export`);
  expect(exported.status).toBe(200);
  leaks.push(...scanText('JSON export', exported.text, secrets).map((l) => `${l.where}: ${l.secret}`));
  responses.forEach((r, i) => leaks.push(...scanText(`response ${i}`, r, secrets).map((l) => `${l.where}: ${l.secret}`)));
  expect(leaks).toEqual([]);
}

const kinds = (redactions: { kind: string }[]) => new Set(redactions.map((r) => r.kind));

describe('attachments', () => {
  it('ingest redacts caption, name and uri (query string included) and message and ingest metadata', async () => {
    const P = '/v1/profiles/attach';
    const secrets = [PASSWORD, AWS, github(1), openai(2), github(3), github(4), openai(5)];
    const ing = await call('POST', `${P}/ingest`, {
      sessionId: 's1',
      wait: true,
      userId: 'u1',
      metadata: { ticket: 'OPS-12', env: { apiKey: openai(5) } },
      messages: [{
        role: 'user',
        content: 'Here is the screenshot of the admin dashboard.',
        timestamp: '2026-04-15T10:00:00Z',
        metadata: { source: 'chat', auth: { header: `Authorization: Bearer ${github(3)}` }, notes: [`token ${github(4)}`] },
        attachments: [{
          kind: 'image',
          uri: `https://files.example.com/shots/dashboard.png?token=${github(1)}`,
          caption: `password: ${PASSWORD} and ${AWS}`,
          name: `key ${openai(2)}`,
        }],
      }],
    });
    expect(ing.status).toBe(200);
    expect(ing.body.redactions.length).toBeGreaterThanOrEqual(secrets.length);
    expect(['assigned_secret', 'aws_access_key', 'github_token', 'openai_key'].every((k) => kinds(ing.body.redactions).has(k))).toBe(true);

    const list = await call('GET', `${P}/memories`);
    const perceptual = list.body.items.find((m: any) => m.attachment);
    expect(perceptual.content).toContain('[REDACTED:aws_access_key]');
    expect(perceptual.attachment.uri).toBe('https://files.example.com/shots/dashboard.png?token=[REDACTED:github_token]');
    expect(perceptual.attachment.name).toBe('key [REDACTED:openai_key]');
    const scoped = list.body.items.filter((m: any) => m.metadata?.env);
    expect(scoped.length).toBeGreaterThan(0);
    for (const m of scoped) expect(m.metadata.env.apiKey).toBe('[REDACTED:openai_key]');
    await expectNowhere('attach', secrets, [ing.text, list.text]);
  });

  it('remember redacts the attachment and reports it in redactions', async () => {
    const P = '/v1/profiles/remember';
    const secrets = [openai(11), github(12), github(13), github(14)];
    const rem = await call('POST', `${P}/remember`, {
      content: 'Screenshot of the billing settings page.',
      attachment: { kind: 'image', uri: `https://cdn.example.com/billing.png?token=${github(12)}`, caption: `the API key shown is ${openai(11)}` },
      metadata: { origin: 'upload', headers: [{ name: 'x-auth', value: `token=${github(13)}` }] },
      tags: ['billing', github(14)],
    });
    expect(rem.status).toBe(201);
    expect(rem.body.redactions.map((r: any) => r.kind).sort()).toEqual(['github_token', 'github_token', 'github_token', 'openai_key']);
    expect(rem.body.memory.attachment).toMatchObject({ uri: 'https://cdn.example.com/billing.png?token=[REDACTED:github_token]', caption: 'the API key shown is [REDACTED:openai_key]' });
    expect(rem.body.memory.metadata).toEqual({ origin: 'upload', headers: [{ name: 'x-auth', value: 'token=[REDACTED:github_token]' }] });
    expect(rem.body.memory.tags).toEqual(expect.arrayContaining(['billing', '[REDACTED:github_token]', 'perceptual']));
    await expectNowhere('remember', secrets, [rem.text]);
  });
});

describe('notes, updates, reasons and working items', () => {
  it('redact note data, update metadata and tags, completion and forget reasons', async () => {
    const P = '/v1/profiles/paths';
    const dbPassword = `Zq${token(25, 14)}`;
    const secrets = [github(21), github(22), dbPassword, openai(23), github(24), openai(26)];

    const note = await call('POST', `${P}/notes`, { text: 'Deployed v2.3 to staging.', kind: 'deploy', data: { by: 'ci', credentials: { token: github(21) } } });
    expect(note.status).toBe(201);
    expect(note.body.redactions.map((r: any) => r.kind)).toEqual(['github_token']);
    expect(note.body.memory.metadata.noteData).toEqual({ by: 'ci', credentials: { token: '[REDACTED:github_token]' } });
    expect(note.body.line).not.toContain(github(21));

    const fact = await call('POST', `${P}/remember`, { content: 'The staging database is PostgreSQL 16.', type: 'fact' });
    const upd = await call('PATCH', `${P}/memories/${fact.body.memory.id}`, {
      metadata: { dsn: `postgres://admin:${dbPassword}@db.example.com:5432/app` },
      tags: ['db', github(22)],
    });
    expect(upd.status).toBe(200);
    expect(upd.body.redactions.length).toBe(2);
    expect(upd.body.memory.tags).toEqual(['db', '[REDACTED:github_token]']);
    expect(JSON.stringify(upd.body.memory.metadata)).toContain('[REDACTED:');

    const task = await call('POST', `${P}/remember`, { content: 'Rotate the deploy key before Friday.', type: 'task' });
    const done = await call('POST', `${P}/memories/${task.body.memory.id}/complete`, { reason: `rotated, the new key is ${openai(23)}` });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('done');

    const old = await call('POST', `${P}/remember`, { content: 'The old CI runner is ci-04.', type: 'fact' });
    const gone = await call('DELETE', `${P}/memories/${old.body.memory.id}?reason=${encodeURIComponent(`leaked token ${github(24)}`)}`);
    expect(gone.status).toBe(200);

    const scoped = await call('POST', `${P}/remember`, { content: 'Run 7 used the fast test profile.', userId: 'u9' });
    expect(scoped.status).toBe(201);
    const where = await call('POST', `${P}/forget`, { userId: 'u9', reason: `cleanup after ${openai(26)} leaked` });
    expect(where.body.forgotten).toHaveLength(1);

    await expectNowhere('paths', secrets, [note.text, upd.text, done.text, gone.text, where.text]);
  });

  it('redact working items and refuse an item id that holds a secret', async () => {
    const session = f.mnemo.profile('working').session('w1');
    const secrets = [github(31), github(32)];
    const item = await session.add({ content: `scratch: the CI token is ${github(31)}`, keep: true });
    expect(item.content).toBe('scratch: the CI token is [REDACTED:github_token]');
    await expect(session.add({ id: github(32), content: 'plain note' })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('looks like a secret') });
    const end = await session.end();
    expect(end.promoted).toHaveLength(1);
    expect(end.promoted[0]!.content).toContain('[REDACTED:github_token]');
    await expectNowhere('working', secrets, [JSON.stringify(item), JSON.stringify(end)]);
  });
});

describe('import', () => {
  it('redacts every string of an imported export document', async () => {
    const source = await call('POST', '/v1/profiles/src/remember', { content: 'The release train leaves on Tuesdays.', type: 'fact', metadata: { team: 'platform' } });
    expect(source.status).toBe(201);
    const doc = (await call('GET', '/v1/profiles/src/export')).body;
    const secrets = [github(41), openai(42)];
    doc.memories[0].content = `The release train leaves on Tuesdays; deploy token ${github(41)}.`;
    doc.memories[0].metadata = { team: 'platform', ci: { apiKey: openai(42) } };
    const imp = await call('POST', '/v1/profiles/imported/import', doc);
    expect(imp.status).toBe(200);
    const list = await call('GET', '/v1/profiles/imported/memories');
    expect(list.body.items[0].content).toBe('The release train leaves on Tuesdays; deploy token [REDACTED:github_token].');
    expect(list.body.items[0].metadata).toEqual({ team: 'platform', ci: { apiKey: '[REDACTED:openai_key]' } });
    await expectNowhere('imported', secrets, [imp.text, list.text]);
  });
});

describe('bounded depth', () => {
  it('refuses metadata nested deeper than the scanner walks, writing nothing', async () => {
    let deep: Record<string, unknown> = { token: github(51) };
    for (let i = 0; i < 40; i++) deep = { next: deep };
    const p = f.mnemo.profile('deep');
    await expect(p.remember({ content: 'A memory with deep metadata.', metadata: deep })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('nested deeper than') });
    await expect(p.ingest([{ role: 'user', content: 'hello there', metadata: deep }])).rejects.toMatchObject({ code: 'invalid_input' });
    expect((await p.export()).memories).toEqual([]);
    expect((await p.export()).messages).toEqual([]);
  });
});
