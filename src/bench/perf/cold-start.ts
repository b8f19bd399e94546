/**
 * Cold start of a server process on an existing data directory: spawn, poll GET /healthz until
 * it answers, then time the first recall on the big profile (which loads indexes and word vectors).
 * Uses the built binary (`dist/bin/mnemo.cjs serve`) when built, else a tiny script over dist's startHttpServer.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from '../paths.js';
import { bundledCli } from './cli-cold.js';

export interface ColdStart {
  /** `cli` (mnemo serve) or `http-script` (startHttpServer from dist). */
  via: 'cli' | 'http-script';
  healthzMs: number;
  firstRecallMs: number;
  /** The server's peak RSS after the first recall (Linux VmHWM), or null elsewhere. */
  serverPeakRssBytes: number | null;
}

function peakRssOf(pid: number | undefined): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

function spawnServer(dataDir: string, port: number, cli: string): { child: ChildProcess; via: ColdStart['via'] } | null {
  const dist = join(repoRoot(), 'dist');
  const opts = { stdio: ['ignore', 'ignore', 'pipe'] as ('ignore' | 'pipe')[], env: { ...process.env, MNEMO_LOG: 'off' } };
  if (existsSync(cli)) return { child: spawn(process.execPath, [cli, 'serve', '--port', String(port), '--data-dir', dataDir], opts), via: 'cli' };
  if (!existsSync(join(dist, 'http', 'index.js'))) return null;
  const script = `
    const { openMemory } = await import(${JSON.stringify(join(dist, 'index.js'))});
    const { startHttpServer } = await import(${JSON.stringify(join(dist, 'http', 'index.js'))});
    const mnemo = openMemory({ dataDir: ${JSON.stringify(dataDir)}, onWarning: () => {} });
    await startHttpServer({ mnemo, port: ${port}, logger: false });`;
  return { child: spawn(process.execPath, ['--input-type=module', '-e', script], opts), via: 'http-script' };
}

/**
 * Null when neither the CLI nor the HTTP module is built (run `npm run build`). `cli`: another
 * build's binary to start instead of this tree's (an A/B against an older tree, bench/server-cold.ts).
 */
export async function measureColdStart(dataDir: string, profile: string, query: string, timeoutMs = 120_000, cli = bundledCli()): Promise<ColdStart | null> {
  const port = await freePort();
  const t0 = performance.now();
  const started = spawnServer(dataDir, port, cli);
  if (!started) return null;
  const { child, via } = started;
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-2000); });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
      if (performance.now() - t0 > timeoutMs) throw new Error(`server did not answer /healthz within ${timeoutMs} ms: ${stderr}`);
      const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const healthzMs = performance.now() - t0;
    const t1 = performance.now();
    const res = await fetch(`${base}/v1/profiles/${profile}/recall`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, synthesize: true }),
    });
    if (!res.ok) throw new Error(`first recall failed: HTTP ${res.status} ${await res.text()}`);
    await res.json();
    const firstRecallMs = performance.now() - t1;
    return { via, healthzMs, firstRecallMs, serverPeakRssBytes: peakRssOf(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}
