/**
 * A PostgreSQL server for tests and benchmarks.
 *
 * - `MNEMO_TEST_PG_URL` (an admin URL, e.g. postgres://postgres@localhost/postgres) uses that server.
 * - Otherwise a throwaway cluster: `initdb` into a temp dir (as the `postgres` user when running as
 *   root, since initdb refuses root), started with `pg_ctl` on a free loopback port with trust
 *   auth and fsync off, stopped and deleted afterwards. Needs only the server binaries
 *   (/usr/lib/postgresql/<v>/bin), never touches an installed cluster, works on a fresh CI box.
 *
 * Each caller gets fresh databases via `createDatabase()`. When no server can be had, `start`
 * resolves to `{ ok: false, reason }` so suites can skip with a logged reason.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PostgresServer {
  ok: true;
  /** Admin URL (database `postgres`). */
  adminUrl: string;
  /** Creates an empty database and returns its URL. */
  createDatabase(prefix?: string): Promise<string>;
  dropDatabase(url: string): Promise<void>;
  stop(): Promise<void>;
}

export type StartResult = PostgresServer | { ok: false; reason: string };

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

function postgresUid(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

function serverFor(adminUrl: string, stopServer: () => void): PostgresServer {
  const admin = new pg.Pool({ connectionString: adminUrl, max: 2 });
  admin.on('error', () => {});
  return {
    ok: true,
    adminUrl,
    async createDatabase(prefix = 'mnemo_test') {
      const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
      await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async dropDatabase(url: string) {
      const name = new URL(url).pathname.slice(1);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
    async stop() {
      await admin.end();
      stopServer();
    },
  };
}

/** A throwaway cluster; returns null with a reason when it cannot start. */
async function throwawayCluster(): Promise<StartResult> {
  const bin = binDir();
  if (!bin) return { ok: false, reason: 'no PostgreSQL server binaries (initdb) found and MNEMO_TEST_PG_URL not set' };
  const root = process.getuid?.() === 0;
  const owner = root ? postgresUid() : null;
  if (root && !owner) return { ok: false, reason: 'running as root but there is no postgres user to run initdb as' };
  const dir = mkdtempSync(join(tmpdir(), 'mnemo-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (cmd: string, args: string[]) => root
    ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' })
    : execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  const data = join(dir, 'data');
  const port = await freePort();
  const stop = () => {
    try { run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']); } catch { /* already stopped */ }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync']);
    run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`, 'start']);
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? '';
    stop();
    return { ok: false, reason: `throwaway PostgreSQL cluster did not start: ${(err as Error).message} ${stderr}`.trim() };
  }
  process.once('exit', stop);
  return serverFor(`postgres://postgres@127.0.0.1:${port}/postgres`, () => {
    process.removeListener('exit', stop);
    stop();
  });
}

export async function startPostgres(): Promise<StartResult> {
  const url = process.env.MNEMO_TEST_PG_URL;
  if (url) {
    const server = serverFor(url, () => {});
    try {
      const probe = new pg.Client({ connectionString: url });
      await probe.connect();
      await probe.end();
      return server;
    } catch (err) {
      await server.stop();
      return { ok: false, reason: `MNEMO_TEST_PG_URL is set but unreachable: ${(err as Error).message}` };
    }
  }
  return throwawayCluster();
}
