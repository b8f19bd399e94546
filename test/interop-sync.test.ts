import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi, ProfileApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { startSync, type SyncHandle, type SyncLogEntry } from '../src/interop/sync.js';
import { listActive } from '../src/interop/write-memories.js';

let dir: string;
let folder: string;
let mem: MnemoApi;
let p: ProfileApi;
let sync: SyncHandle | null;
let logs: SyncLogEntry[];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-sync-'));
  folder = path.join(dir, 'md');
  mem = openMemory({ dataDir: path.join(dir, 'data'), embedder: false, worker: { background: false } });
  p = mem.profile('synced');
  logs = [];
  sync = null;
});
afterEach(async () => {
  await sync?.stop();
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
});

// The deadline only bounds a failing run: a watcher on a loaded machine may take many times its quiet figure.
async function until<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; logs: ${JSON.stringify(logs)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const mdFiles = () => readdirSync(folder).filter((f) => f.endsWith('.md') && f !== 'MEMORY.md').sort();
const read = (f: string) => readFileSync(path.join(folder, f), 'utf8');
const start = async (pollMs = 100) => (sync = await startSync({ profile: p, dir: folder, debounceMs: 50, pollMs, onLog: (e) => logs.push(e) }));

describe('two-way Markdown sync', () => {
  it('writes files for the profile, and turns file edits, new files and deletions into memory changes', async () => {
    const db = await p.remember({ content: 'The project database is MySQL.', topicKey: 'project.database' });
    const rule = await p.remember({ content: 'Always run lint before deploying.', type: 'instruction' });
    await start();
    expect(mdFiles()).toHaveLength(2);
    expect(read('MEMORY.md')).toContain('The project database is MySQL.');
    const dbFile = mdFiles().find((f) => f.startsWith('project-database'))!;

    // edit → supersession through the topic key
    writeFileSync(path.join(folder, dbFile), read(dbFile).replaceAll('MySQL', 'Postgres'));
    const chain = await until(async () => {
      const h = await p.history('project.database');
      return h.length === 2 && h;
    }, 'the edit to supersede');
    expect(chain.map((m) => [m.content, m.status])).toEqual([['The project database is MySQL.', 'superseded'], ['The project database is Postgres.', 'active']]);
    await until(async () => read(dbFile).includes(`id: ${chain[1].id}`), 'the file to carry the new id');
    expect(chain[0].id).toBe(db.memory.id);

    // new file without an id → remembered, file gets the id
    writeFileSync(path.join(folder, 'staging.md'), '---\nname: Staging host\ntype: fact\ntopicKey: project.staging_host\n---\nStaging runs on Fly.io.\n');
    const staging = await until(async () => (await listActive(p)).find((m) => m.topicKey === 'project.staging_host'), 'the new file to be remembered');
    await until(async () => read('staging.md').includes(`id: ${staging.id}`), 'the new file to get its id');

    // delete → forget
    const ruleFile = mdFiles().find((f) => f.includes(rule.memory.id.slice(0, 8)))!;
    unlinkSync(path.join(folder, ruleFile));
    await until(async () => (await p.get(rule.memory.id)).status === 'forgotten', 'the deletion to forget');

    // new memory in the profile → file written; index follows
    const task = await p.remember({ content: 'Waiting on review for PR #123.', type: 'task' });
    await until(async () => mdFiles().some((f) => f.includes(task.memory.id.slice(0, 8))), 'a file for the new memory');
    await until(async () => read('MEMORY.md').includes('PR #123') && !read('MEMORY.md').includes('Always run lint'), 'the index to follow');

    // forgotten in the profile → file removed
    await p.forget(staging.id);
    // The file goes before its log line is written: wait for both.
    await until(async () => !existsSync(path.join(folder, 'staging.md')) && logs.some((l) => l.event === 'file-removed'), 'the file of a forgotten memory to go');
    expect(logs.map((l) => l.event)).toEqual(expect.arrayContaining(['file-written', 'memory-updated', 'file-created', 'memory-forgotten', 'file-removed']));
  });

  it('a file deleted or renamed while sync was stopped: deleted forgets its memory, renamed keeps it, a profile change wins', async () => {
    const gone = await p.remember({ content: 'The office wifi password rotates monthly.' });
    const renamed = await p.remember({ content: 'Standup is at 9:30 every weekday.' });
    const changed = await p.remember({ content: 'The team lunch is on Fridays.', topicKey: 'team.lunch_day' });
    await start(0);
    await sync!.stop();
    sync = null;
    const fileOf = (id: string) => mdFiles().find((f) => f.includes(id.slice(0, 8)))!;
    unlinkSync(path.join(folder, fileOf(gone.memory.id)));
    const renamedText = read(fileOf(renamed.memory.id));
    unlinkSync(path.join(folder, fileOf(renamed.memory.id)));
    writeFileSync(path.join(folder, 'standup.md'), renamedText);
    unlinkSync(path.join(folder, fileOf(changed.memory.id)));
    const newer = await p.remember({ content: 'The team lunch is on Thursdays.', topicKey: 'team.lunch_day' });

    await start(0);
    await sync!.flush();
    expect((await p.get(gone.memory.id)).status).toBe('forgotten');
    expect((await p.get(renamed.memory.id)).status).toBe('active');
    expect((await p.get(newer.memory.id)).status).toBe('active');
    expect(mdFiles()).toEqual(expect.arrayContaining(['standup.md', fileOf(newer.memory.id)]));
    expect(mdFiles()).toHaveLength(2);
    expect(logs.filter((l) => l.event === 'memory-forgotten').map((l) => l.memoryId)).toEqual([gone.memory.id]);
  });

  it('an unreadable saved state is reported and the sync goes on', async () => {
    await p.remember({ content: 'Deploys freeze on Fridays.' });
    await start(0);
    await sync!.stop();
    sync = null;
    writeFileSync(path.join(folder, '.mnemo-sync.json'), '{"version": 1, "files": "nope"}');
    await start(0);
    expect(logs.map((l) => l.event)).toContain('state-unreadable');
    expect(mdFiles()).toHaveLength(1);
    expect(JSON.parse(read('.mnemo-sync.json')).files).toHaveLength(1);
  });

  it('resolves a conflict by the newest write and logs it', async () => {
    const v1 = await p.remember({ content: 'The deploy target is Heroku.', topicKey: 'project.deploy_target' });
    await start(0);
    const file = mdFiles()[0];
    await sync!.stop();
    // while sync is stopped: the profile moves on, and later the file is edited too
    const v2 = await p.remember({ content: 'The deploy target is Render.', topicKey: 'project.deploy_target' });
    writeFileSync(path.join(folder, file), read(file).replaceAll('Heroku', 'Fly.io'));
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(folder, file), later, later);
    await start(0);
    const active = (await p.history('project.deploy_target')).filter((m) => m.status === 'active');
    expect(active.map((m) => m.content)).toEqual(['The deploy target is Fly.io.']);
    expect(logs.find((l) => l.event === 'conflict')?.message).toMatch(/file's edit is newer and wins/);
    expect([v1.memory.id, v2.memory.id]).not.toContain(active[0].id);
  });

  it('a profile change newer than the file edit wins', async () => {
    await p.remember({ content: 'The CI runs on Jenkins.', topicKey: 'project.ci' });
    await start(0);
    const file = mdFiles()[0];
    await sync!.stop();
    writeFileSync(path.join(folder, file), read(file).replaceAll('Jenkins', 'Travis'));
    const earlier = new Date(Date.now() - 60_000);
    utimesSync(path.join(folder, file), earlier, earlier);
    await p.remember({ content: 'The CI runs on GitHub Actions.', topicKey: 'project.ci' });
    await start(0);
    expect((await listActive(p)).map((m) => m.content)).toEqual(['The CI runs on GitHub Actions.']);
    expect(logs.find((l) => l.event === 'conflict')?.message).toMatch(/profile's change is newer and wins/);
    expect(mdFiles()).toHaveLength(1);
    expect(read(mdFiles()[0])).toContain('GitHub Actions');
  });

  it('logs a clear error for a bad file and changes nothing', async () => {
    await p.remember({ content: 'Staging runs on Fly.io.' });
    await start();
    writeFileSync(path.join(folder, 'bad.md'), '---\nname: Bad\ntype: mood\n---\nHappy.\n');
    await until(async () => logs.some((l) => l.event === 'invalid-file'), 'an invalid-file log');
    expect(logs.find((l) => l.event === 'invalid-file')).toMatchObject({ level: 'error', file: 'bad.md', message: expect.stringMatching(/unknown type "mood"/) });
    expect((await listActive(p)).map((m) => m.content)).toEqual(['Staging runs on Fly.io.']);
  });
});
