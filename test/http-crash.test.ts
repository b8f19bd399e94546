/**
 * SIGKILL under load: `mnemo serve` is killed while 16 connections send `remember`, restarted on
 * the same data dir, and every write it acknowledged (2xx) must be there exactly once. Each start
 * takes a free port from the system (`--port 0`): a port chosen here and reused across restarts
 * could be taken by another test's connection while the server is down.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = path.join(ROOT, 'dist/cli/main.js');
const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-http-crash-'));
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `mnemo serve` and resolves once it prints its URL. */
function serve(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--json', '--port', '0', '--data-dir', dir], {
    cwd: ROOT, env: { ...process.env, MNEMO_EMBEDDER: 'hashing' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '', err = '';
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-2000)));
  return new Promise((resolve, reject) => {
    // Loose: a loaded machine may take many seconds to start node and open the data dir.
    const timer = setTimeout(() => reject(new Error(`serve did not start in 40 s: ${err}`)), 40_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

const P = '/v1/profiles/crash';
const post = (url: string, body: unknown) => fetch(`${url}${P}/remember`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** 16 loops of `remember`; SIGKILL once `killAfter` writes are acknowledged. Returns id → content of every 2xx. */
async function loadAndKill(url: string, child: ChildProcess, round: number, killAfter: number) {
  const acked = new Map<string, string>();
  let inFlight = 0, inFlightAtKill = -1, failed = 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await Promise.all(Array.from({ length: 16 }, async (_, w) => {
    for (let i = 0; i < 500 && child.exitCode === null && child.signalCode === null; i++) {
      const content = `Round ${round} writer ${w} note ${i}: build ${round}-${w}-${i} is stored in bucket r${round}w${w}n${i}.`;
      inFlight++;
      try {
        const res = await post(url, { content, tags: [`r${round}`] });
        const body = (await res.json()) as { memory?: { id: string } };
        if (res.status >= 200 && res.status < 300 && body.memory) acked.set(body.memory.id, content);
        else failed++;
      } catch {
        failed++; // the connection died with the server: not acknowledged
      } finally {
        inFlight--;
      }
      if (acked.size >= killAfter && inFlightAtKill < 0) {
        inFlightAtKill = inFlight;
        child.kill('SIGKILL');
      }
    }
  }));
  await exited;
  return { acked, inFlightAtKill, failed };
}

describe('HTTP server crash safety', () => {
  it('keeps every acknowledged remember, exactly once, across SIGKILL and restart under load', async () => {
    const acked = new Map<string, string>();
    for (let round = 1; round <= 2; round++) {
      const { child, url } = await serve();
      const r = await loadAndKill(url, child, round, 300);
      expect(child.signalCode).toBe('SIGKILL');
      expect(r.acked.size).toBeGreaterThanOrEqual(300);
      expect(r.inFlightAtKill).toBeGreaterThan(0); // killed mid-load, with requests on the wire
      for (const [id, content] of r.acked) acked.set(id, content);
    }

    const { child, url } = await serve();
    const doc = (await (await fetch(`${url}${P}/export`)).json()) as { memories: { id: string; content: string; status: string }[] };
    const byId = new Map(doc.memories.map((m) => [m.id, m]));
    const lost = [...acked].filter(([id, content]) => byId.get(id)?.content !== content);
    expect(lost).toEqual([]);
    expect(byId.size).toBe(doc.memories.length);
    const contents = doc.memories.map((m) => m.content);
    expect(new Set(contents).size).toBe(contents.length); // nothing written twice
    for (const id of [...acked.keys()].slice(0, 20)) expect((await fetch(`${url}${P}/memories/${id}`)).status).toBe(200);

    // The restarted server takes writes again and shuts down cleanly.
    const after = await post(url, { content: 'After the crash the server still accepts memories.' });
    expect(after.status).toBe(201);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
