/**
 * Secrets corpus: ≥ 200 generated credentials in ≥ 30 formats must be redacted (≥ 99 %) before
 * they land anywhere (messages, memories, full-text indexes, audit, job payloads, logs, exports,
 * CLI output), and ordinary sentences with ids, hashes and versions must be left alone (≤ 0.5 %).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanDatabase, scanText, type Leak } from '../bench/reliability/lib/leak-scan.js';
import { scoreSecrets } from '../bench/reliability/secrets-score.js';
import { exportMarkdown } from '../src/interop/index.js';
import { secretCorpus } from './fixtures/secrets/corpus.js';
import { FORMATS } from './fixtures/secrets/formats.js';
import { startFixture, type Fixture } from './support/http-fixture.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = path.join(ROOT, 'dist/cli/main.js');
const run = promisify(execFile);

describe('secrets corpus: the redactor alone', () => {
  const score = scoreSecrets(20, 5, 1000);

  it('covers at least 200 secrets in at least 30 formats', () => {
    expect(score.samples).toBeGreaterThanOrEqual(200);
    expect(score.formats).toBeGreaterThanOrEqual(30);
  });

  it('redacts at least 99 % of them', () => {
    expect(score.missed.map((m) => `${m.format}: ${m.text}`)).toEqual([]);
    expect(score.redacted / score.samples).toBeGreaterThanOrEqual(0.99);
  });

  it('changes at most 0.5 % of 1,000 ordinary sentences with ids, hashes and versions', () => {
    expect(score.falsePositives.length / score.sentences).toBeLessThanOrEqual(0.005);
  });

  it('holds on a held-out seed', () => {
    const other = scoreSecrets(4242, 3, 1000);
    expect(other.redacted / other.samples).toBeGreaterThanOrEqual(0.99);
    expect(other.falsePositives.length / other.sentences).toBeLessThanOrEqual(0.005);
  });
});

describe('secrets corpus: nowhere in what a server keeps or prints', () => {
  const corpus = secretCorpus(77, 4);
  const secrets = corpus.map((s) => s.secret);
  const logs: string[] = [];
  let f: Fixture;
  const leaks: Leak[] = [];

  beforeAll(async () => {
    f = await startFixture({ logger: (line) => logs.push(JSON.stringify(line)) });
    const messages = corpus.map((s, i) => ({ role: i % 2 ? 'assistant' : 'user', content: s.text, sessionId: `s${i % 7}` }));
    expect((await f.call('POST', '/v1/profiles/vault/ingest', { body: { messages } })).status).toBe(202);
    for (const s of corpus.slice(0, 60)) {
      const res = await f.call('POST', '/v1/profiles/vault/remember', { body: { content: s.text, tags: ['creds'] } });
      expect(res.status).toBeLessThan(300);
      leaks.push(...scanText('remember response', await res.text(), secrets));
    }
    // A question holding a secret is answered (the caller's own words come back to it) but kept nowhere.
    for (const s of corpus.slice(0, 20)) expect((await f.call('POST', '/v1/profiles/vault/recall', { body: { query: s.text.slice(0, 4000) } })).status).toBe(200);
    // A secret pasted in the wrong field must not come back in the error or the log.
    const bad = await f.call('POST', '/v1/profiles/vault/ingest', { body: { messages: [{ role: 'user', content: 'x', timestamp: corpus[0]!.secret }] } });
    expect(bad.status).toBe(400);
    leaks.push(...scanText('error response', await bad.text(), secrets));
    // ... nor a recognisable key pasted into a URL path (a bare random string there is indistinguishable from an id).
    const standalone = new Set(FORMATS.filter((x) => x.standalone && !x.contexts).map((x) => x.name));
    for (const s of corpus.filter((c) => standalone.has(c.format) && /^[A-Za-z0-9_-]+$/.test(c.secret)).slice(0, 8)) {
      leaks.push(...scanText('error response', await (await f.call('GET', `/v1/profiles/vault/memories/${s.secret}`)).text(), secrets));
      await f.call('GET', `/v1/profiles/${s.secret}/stats`);
    }
    await f.mnemo.profile('vault').drain();
    const exported = await f.call('GET', '/v1/profiles/vault/export');
    leaks.push(...scanText('JSON export', await exported.text(), secrets));
    const md = path.join(f.dir, 'md-export');
    await exportMarkdown((await f.mnemo.profile('vault').list({ limit: 1000, status: ['active', 'superseded', 'forgotten', 'done'] })).items, md);
    for (const file of readdirSync(md, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.md'))) leaks.push(...scanText(`Markdown export ${file}`, readFileSync(path.join(md, file), 'utf8'), secrets));

    const jsonl = path.join(f.dir, 'chat.jsonl');
    writeFileSync(jsonl, corpus.map((s) => JSON.stringify({ role: 'user', content: s.text })).join('\n'));
    const cli = await run(process.execPath, [CLI, 'ingest', jsonl, '--profile', 'cli', '--data-dir', f.dir, '--wait'], { env: { ...process.env, MNEMO_EMBEDDER: 'hashing' } });
    leaks.push(...scanText('CLI output', cli.stdout + cli.stderr, secrets));
    const cliJson = await run(process.execPath, [CLI, 'remember', corpus[5]!.text, '--profile', 'cli', '--data-dir', f.dir, '--json'], { env: { ...process.env, MNEMO_EMBEDDER: 'hashing' } });
    leaks.push(...scanText('CLI --json output', cliJson.stdout + cliJson.stderr, secrets));
  });
  afterAll(() => f?.close());

  it('stores every message and memory redacted: tables, full-text indexes, audit, job payloads', () => {
    for (const profile of ['vault', 'cli']) leaks.push(...scanDatabase(path.join(f.dir, 'profiles', `${profile}.db`), secrets));
    leaks.push(...scanText('request log', logs.join('\n'), secrets));
    const leaked = new Set(leaks.map((l) => l.secret));
    expect(leaks.map((l) => `${l.where}: ${l.secret.slice(0, 8)}…`)).toEqual([]);
    expect(leaked.size / secrets.length).toBeLessThanOrEqual(0.01);
  });

  it('still finds the conversation by its ordinary words', async () => {
    const stats = await (await f.call('GET', '/v1/profiles/vault/stats')).json() as { messages: number };
    expect(stats.messages).toBe(corpus.length);
  });
});
