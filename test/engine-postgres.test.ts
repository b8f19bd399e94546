import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresProvider, openMemory } from '../src/index.js';
import { runCli } from './fixtures/cli/run-cli.js';
import { locomoMessages } from './support/locomo.js';
import { startPostgres } from './support/postgres-server.js';

const server = await startPostgres();

if (!server.ok) {
  console.warn(`[engine-postgres] SKIPPED: ${server.reason}`);
  describe.skip(`mnemo on PostgreSQL (skipped: ${server.reason})`, () => { it('needs a PostgreSQL server', () => {}); });
} else {
  const url = await server.createDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mnemo-pg-'));
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await server.dropDatabase(url);
    await server.stop();
  });

  describe('mnemo on PostgreSQL', () => {
    it('migrates, then ingests idempotently, supersedes and isolates profiles like the embedded store', async () => {
      const migrated = await runCli(['migrate', '--store', url, '--json']);
      expect(migrated.code).toBe(0);
      expect(migrated.json().to).toBeGreaterThan(0);

      const mem = openMemory({ store: createPostgresProvider({ connectionString: url, onWarning: () => {} }), embedder: false, worker: { background: false } });
      const a = mem.profile('pg-a');
      const msgs = locomoMessages('conv-26').slice(0, 120);
      await a.ingest(msgs, { wait: true });
      const first = await a.stats();
      await a.ingest(msgs, { wait: true });
      expect(await a.stats()).toEqual(first);
      await a.remember({ content: 'The team uses Linear.', topicKey: 'team.tracker' });
      await a.remember({ content: 'The team uses Jira now.', topicKey: 'team.tracker' });
      expect((await a.history('team.tracker')).map((m) => m.status)).toEqual(['superseded', 'active']);
      expect((await a.recall('which tracker does the team use')).memories[0].content).toContain('Jira');
      await expect(mem.profile('pg-b').list()).rejects.toMatchObject({ code: 'not_found' });
      await mem.close();
    });

    it('serves the CLI against the same database with --store', async () => {
      const remembered = await runCli(['remember', 'Deploys happen on Tuesdays.', '--store', url, '--profile', 'pg-cli', '--json'], { dataDir });
      expect(remembered.code).toBe(0);
      const recalled = await runCli(['recall', 'when do deploys happen', '--store', url, '--profile', 'pg-cli', '--json'], { dataDir });
      expect(recalled.code).toBe(0);
      expect(recalled.json().memories[0].content).toContain('Tuesdays');
      const profiles = await runCli(['profiles', '--store', url, '--json'], { dataDir });
      expect(profiles.json()).toEqual(expect.arrayContaining(['pg-a', 'pg-cli']));
      const bad = await runCli(['list', '--store', 'mysql://nope'], { dataDir });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/--store must be/);
    });
  });
}
