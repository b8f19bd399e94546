/** `mnemo ingest` through the built binary: formats, idempotency, all-or-nothing validation. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURES, runCli } from './fixtures/cli/run-cli.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-cli-ingest-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const fixture = (name: string) => path.join(FIXTURES, name);

describe('mnemo ingest', () => {
  it('ingests a JSON array and JSONL, extracts with --wait, and is idempotent', async () => {
    const a = await runCli(['ingest', fixture('chat.json'), '--session', 's1', '--wait', '--json'], { dataDir: dir });
    expect(a.code, a.stderr).toBe(0);
    expect(a.json()).toMatchObject({ profile: 'default', messages: 4, inserted: 4, duplicates: 0 });
    expect(a.json().memories.length).toBeGreaterThan(0);

    const b = await runCli(['ingest', fixture('chat.jsonl'), '--wait', '--json'], { dataDir: dir });
    expect(b.code, b.stderr).toBe(0);
    expect(b.json()).toMatchObject({ messages: 3, inserted: 3, duplicates: 0 });

    const before = (await runCli(['list', '--json', '--limit', '1000'], { dataDir: dir })).json();
    expect(before.items.length).toBe(a.json().memories.length + b.json().memories.length);
    expect(before.items.some((m: any) => m.sessionId === 's2')).toBe(true);
    expect(before.items.some((m: any) => /pnpm/.test(m.content))).toBe(true);

    const again = await runCli(['ingest', fixture('chat.json'), '--session', 's1', '--wait', '--json'], { dataDir: dir });
    expect(again.json()).toMatchObject({ inserted: 0, duplicates: 4, jobIds: [] });
    const after = (await runCli(['list', '--json', '--limit', '1000'], { dataDir: dir })).json();
    expect(after.items.map((m: any) => m.id).sort()).toEqual(before.items.map((m: any) => m.id).sort());
  });

  it('reads stdin with - and prints a human summary', async () => {
    const input = '{"role":"user","content":"Our staging cluster runs in eu-west-1."}\n';
    const res = await runCli(['ingest', '-', '--profile', 'piped'], { dataDir: dir, input });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('ingested 1 messages into profile "piped": 1 new, 0 already known');
    expect(res.stdout).toContain('extraction queued');
  });

  it('names the line of malformed JSONL and writes nothing', async () => {
    const res = await runCli(['ingest', fixture('malformed.jsonl')], { dataDir: dir });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^mnemo: .*line 3 is not valid JSON/);
    expect(res.stderr).not.toMatch(/\n\s+at /);
    const profiles = await runCli(['profiles', '--json'], { dataDir: dir });
    expect(profiles.json()).toEqual([]);
    expect((await runCli(['list'], { dataDir: dir })).code).toBe(3);
  });

  it('names the message index and field of invalid messages, and writes nothing', async () => {
    const res = await runCli(['ingest', fixture('invalid-field.jsonl'), '--json'], { dataDir: dir });
    expect(res.code).toBe(2);
    const { error } = JSON.parse(res.stderr);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('message 2 (line 2): role');
    expect(error.message).toContain('message 3 (line 3): content: content is empty');
    expect((await runCli(['profiles', '--json'], { dataDir: dir })).json()).toEqual([]);
  });

  it('reports the position of malformed JSON', async () => {
    const file = path.join(dir, 'broken.json');
    writeFileSync(file, '[\n  {"role": "user", "content": "hi"},\n  {"role": "user",, "content": "x"}\n]\n');
    const res = await runCli(['ingest', file], { dataDir: dir });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/is not valid JSON: .*\(line 3, column \d+\)/);
  });

  it('rejects oversized content with exit 2 before writing anything', async () => {
    const file = path.join(dir, 'big.jsonl');
    const ok = JSON.stringify({ role: 'user', content: 'A fine message.' });
    // Past 32,768 characters a message is stored in parts; past the whole-call limit it is refused.
    const big = JSON.stringify({ role: 'user', content: 'x'.repeat(1_000_001) });
    writeFileSync(file, `${ok}\n${big}\n`);
    const res = await runCli(['ingest', file], { dataDir: dir });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/message 2 \(line 2\): content: content is longer than 1000000 characters/);
    expect((await runCli(['profiles', '--json'], { dataDir: dir })).json()).toEqual([]);
  });

  it('splits more than 500 messages into batches', async () => {
    const file = path.join(dir, 'many.json');
    writeFileSync(file, JSON.stringify(Array.from({ length: 1203 }, (_, i) => ({ role: 'user', content: `message number ${i}` }))));
    const res = await runCli(['ingest', file, '--json'], { dataDir: dir });
    expect(res.code, res.stderr).toBe(0);
    expect(res.json()).toMatchObject({ messages: 1203, inserted: 1203 });
    expect(res.json().jobIds).toHaveLength(3);
  });

  it('reports a missing file as not found (exit 3)', async () => {
    const res = await runCli(['ingest', path.join(dir, 'nope.jsonl')], { dataDir: dir });
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/^mnemo: no such file/);
  });
});
