/**
 * A throwaway PostgreSQL cluster that can be restarted (the shared test helper can only start and
 * stop): initdb into a temp dir as the postgres user when root, pg_ctl on a free loopback port,
 * with durable commits (fsync, synchronous_commit on) since the test kills it mid-write.
 * Resolves to `{ ok: false, reason }` where no server binaries are installed.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Cluster {
  ok: true;
  url: string;
  /** Stops the server at once (`-m immediate`: connections drop mid-query), then starts it again after `downMs`. */
  restart(downMs: number): Promise<void>;
  close(): void;
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const v = readdirSync(root).filter((x) => existsSync(join(root, x, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a))[0];
  return v ? join(root, v, 'bin') : null;
}

const freePort = () => new Promise<number>((resolve, reject) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
  s.once('error', reject);
});

export async function startCluster(): Promise<Cluster | { ok: false; reason: string }> {
  const bin = binDir();
  if (!bin) return { ok: false, reason: 'no PostgreSQL server binaries under /usr/lib/postgresql' };
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-pgrel-'));
  if (root) {
    const id = (f: string) => Number(execFileSync('id', [f, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const run = (cmd: string, args: string[]) => (root
    ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' })
    : execFileSync(join(bin, cmd), args, { stdio: 'pipe' }));
  const data = join(dir, 'data');
  const port = await freePort();
  const start = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`, 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync']);
    start();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return { ok: false, reason: `PostgreSQL did not start: ${(err as Error).message}` };
  }
  const cleanup = () => {
    try { stop(); } catch { /* already stopped */ }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', cleanup);
  return {
    ok: true,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(downMs) {
      stop();
      await new Promise((r) => setTimeout(r, downMs));
      start();
    },
    close() {
      process.removeListener('exit', cleanup);
      cleanup();
    },
  };
}
