/**
 * The bundled binary compiles the CLI through a V8 code cache kept in $MNEMO_CACHE_DIR: recall
 * answers the same from a cold cache (which it then writes), from the warm cache, and from a
 * corrupt or unwritable one, which it ignores without a word.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli } from './fixtures/cli/run-cli.js';

const SLOW = 120_000;
const QUESTION = 'which database does the project use?';

let dir: string;
let dataDir: string;
let remembered: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-code-cache-'));
  dataDir = path.join(dir, 'data');
  const r = await runCli(['remember', 'The project uses PostgreSQL 16 for storage.', '--json'], { dataDir, env: { MNEMO_CACHE_DIR: path.join(dir, 'unused') } });
  expect(r.code, r.stderr).toBe(0);
  remembered = r.json().memory.id;
}, SLOW);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function recall(cacheDir: string) {
  const r = await runCli(['recall', QUESTION, '--json'], { dataDir, env: { MNEMO_CACHE_DIR: cacheDir } });
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe('');
  expect(r.json().memories[0].id).toBe(remembered);
}

const cacheFiles = (cacheDir: string) => readdirSync(cacheDir).map((f) => path.join(cacheDir, f));

describe('the CLI code cache', () => {
  it('is written by a cold run and read, unchanged, by the next', async () => {
    const cacheDir = path.join(dir, 'cold');
    await recall(cacheDir);
    const [file, ...more] = cacheFiles(cacheDir);
    expect(more).toEqual([]);
    const written = statSync(file);
    expect(written.size).toBeGreaterThan(100_000);
    await recall(cacheDir);
    // A cache V8 rejected would have been replaced by a new file.
    expect(cacheFiles(cacheDir)).toEqual([file]);
    expect(statSync(file).ino).toBe(written.ino);
    expect(statSync(file).mtimeMs).toBe(written.mtimeMs);
  }, SLOW);

  it('ignores a corrupt cache and replaces it', async () => {
    const cacheDir = path.join(dir, 'corrupt');
    await recall(cacheDir);
    const [file] = cacheFiles(cacheDir);
    const good = readFileSync(file);
    const bad = Buffer.from(good);
    // Same length and header, garbage in the compiled code: only the checksum can tell.
    bad.fill(0xa5, bad.length >> 1, (bad.length >> 1) + 4096);
    writeFileSync(file, bad);
    await recall(cacheDir);
    expect(readFileSync(file).equals(bad)).toBe(false);
    writeFileSync(file, 'not a cache');
    await recall(cacheDir);
  }, SLOW);

  it('is written by a long-running command that ends by a signal', async () => {
    const cacheDir = path.join(dir, 'mcp');
    const child = spawn(process.execPath, [CLI, 'mcp', '--data-dir', dataDir], { cwd: ROOT, env: { ...process.env, MNEMO_EMBEDDER: 'hashing', MNEMO_CACHE_DIR: cacheDir }, stdio: ['pipe', 'ignore', 'ignore'] });
    try {
      await expect.poll(() => existsSync(cacheDir) && readdirSync(cacheDir).some((f) => f.endsWith('.v8')), { timeout: 90_000, interval: 500 }).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
  }, SLOW);

  it('leaves no file for a failed command', async () => {
    const cacheDir = path.join(dir, 'typo');
    const r = await runCli(['recal', QUESTION], { dataDir, env: { MNEMO_CACHE_DIR: cacheDir } });
    expect(r.code).not.toBe(0);
    expect(existsSync(cacheDir) ? readdirSync(cacheDir) : []).toEqual([]);
  }, SLOW);

  it('removes old caches of other builds when it writes one, and keeps recent ones', async () => {
    const cacheDir = path.join(dir, 'upgraded');
    mkdirSync(cacheDir, { recursive: true });
    const month = (Date.now() - 30 * 24 * 3600 * 1000) / 1000;
    const old = ['cli-00000000deadbeef-recall-v20.20.2-x64.v8', 'cli-00000000deadbeef-list-v18.0.0-x64.v8', 'cli-00000000deadbeef-recall-v20.20.2-x64.v8.4242.tmp'];
    const recent = 'cli-00000000cafebabe-recall-v20.20.2-x64.v8';
    const unrelated = 'notes.txt';
    for (const name of [...old, recent, unrelated]) writeFileSync(path.join(cacheDir, name), 'x');
    for (const name of [...old, unrelated]) utimesSync(path.join(cacheDir, name), month, month);
    await recall(cacheDir);
    const left = readdirSync(cacheDir);
    for (const name of old) expect(left).not.toContain(name);
    expect(left).toContain(recent);
    expect(left).toContain(unrelated);
    expect(left.filter((f) => f.endsWith('.v8'))).toHaveLength(2);
  }, SLOW);

  it('runs without a cache it cannot write', async () => {
    const blocker = path.join(dir, 'a-file');
    writeFileSync(blocker, '');
    await recall(path.join(blocker, 'cache'));
    await recall(path.join(blocker, 'cache'));
  }, SLOW);
});
