/**
 * File-based agent memory interop: `important` and `decay` frontmatter, replace-mode import,
 * `note()` and the timeline JSONL, the index and timeline in context(), and OpenClaw export.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi, ProfileApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { exportMarkdown, importMarkdown } from '../src/interop/markdown/index.js';
import { exportOpenClaw, importOpenClaw } from '../src/interop/openclaw.js';
import { importThreeWs, renderThreeWs } from '../src/interop/threews.js';
import { listActive } from '../src/interop/write-memories.js';
import { runCli } from './fixtures/cli/run-cli.js';

const WORKSPACE = fileURLToPath(new URL('./fixtures/openclaw/workspace/', import.meta.url));

let dir: string;
let mnemo: MnemoApi;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-portable-'));
  mnemo = openMemory({ dataDir: path.join(dir, 'data'), embedder: { kind: 'hashing' }, worker: { background: false } });
});
afterEach(async () => {
  await mnemo.close();
  rmSync(dir, { recursive: true, force: true });
});

function folder(name: string, files: Record<string, string>): string {
  const root = path.join(dir, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const threeWsFolder = () => folder('threews', {
  'MEMORY.md': '# Memory\n\n## User\n- [user_units](user_units.md) — Prefers metric units\n',
  'user_units.md': '---\nname: user_units\ndescription: Prefers metric units\ntype: user\nimportant: true\ndecay: 90d\ncreated: 2026-03-01\nupdated: 2026-03-01\n---\n\nAlex is a mechanical engineer and prefers metric units.\n',
  'project_freeze.md': '---\nname: project_freeze\ndescription: Merge freeze\ntype: project\ndecay: slow\ncreated: 2026-03-02\nupdated: 2026-03-02\n---\n\nMerge freeze for the mobile release starts on Thursday.\n',
});

const byContent = <T extends { content: string }>(list: T[], text: string): T => list.find((m) => m.content.includes(text))!;

describe('important and decay frontmatter', () => {
  it('important: true pins the memory and decay is kept (a duration also sets the half-life), both ways', async () => {
    const p = mnemo.profile('tw');
    await importMarkdown(p, threeWsFolder());
    const first = await listActive(p);
    expect(byContent(first, 'metric units')).toMatchObject({ pinned: true, halfLifeDays: 90, metadata: { decay: '90d' } });
    expect(byContent(first, 'Merge freeze')).toMatchObject({ pinned: false, halfLifeDays: null, metadata: { decay: 'slow' } });

    const out = path.join(dir, 'exported');
    await exportMarkdown(first, out);
    const texts = readdirSync(out).filter((f) => f.endsWith('.md') && f !== 'MEMORY.md').map((f) => readFileSync(path.join(out, f), 'utf8'));
    const units = texts.find((t) => t.includes('metric units'))!;
    expect(units).toMatch(/^important: true$/m);
    expect(units).toMatch(/^decay: 90d$/m);
    expect(texts.find((t) => t.includes('Merge freeze'))).toMatch(/^decay: slow$/m);

    const copy = mnemo.profile('tw-copy');
    await importMarkdown(copy, out);
    const again = await listActive(copy);
    for (const text of ['metric units', 'Merge freeze']) {
      const [a, b] = [byContent(first, text), byContent(again, text)];
      expect({ pinned: b.pinned, halfLifeDays: b.halfLifeDays, metadata: b.metadata }).toEqual({ pinned: a.pinned, halfLifeDays: a.halfLifeDays, metadata: a.metadata });
    }
  });

  it('rejects a malformed important value, naming the file, and imports nothing', async () => {
    const bad = folder('bad', { 'x.md': '---\nname: x\ntype: user\nimportant: very\n---\n\nSomething.\n' });
    const p = mnemo.profile('bad');
    await expect(importMarkdown(p, bad)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('x.md: "important" must be true or false') });
    expect(await listActive(p)).toEqual([]);
  });
});

describe('three.ws export document', () => {
  const blob = {
    version: 'memory/0.1',
    index: '# Memory\n',
    files: {
      'user_units.md': '---\nname: user_units\ndescription: Prefers metric units\ntype: user\nimportant: true\ndecay: 90d\ncreated: 2026-03-01\n---\n\nAlex prefers metric units.',
      'MEMORY.md': '# Memory\n',
    },
    timeline: [
      { ts: '2026-03-02T08:00:00.000Z', type: 'session_start', text: 'Alex opened the workshop planner' },
      { ts: '2026-03-02T09:15:00.000Z', type: 'tool_call', tool: 'cad.export', format: 'step' },
    ],
  };

  it('imports files (pinned, decay kept) and timeline notes, and exports the same shape back', async () => {
    const p = mnemo.profile('tw-doc');
    const res = await importThreeWs(p, blob);
    expect(res).toMatchObject({ files: 1, notes: 2, written: 3 });
    const all = await listActive(p);
    expect(byContent(all, 'metric units')).toMatchObject({ pinned: true, halfLifeDays: 90, metadata: { decay: '90d' } });
    expect(byContent(all, 'workshop planner')).toMatchObject({ type: 'event', eventTime: '2026-03-02T08:00:00.000Z', metadata: { noteKind: 'session_start' } });
    expect((await p.recall('what did the cad export tool do?', { synthesize: false })).memories.map((m) => m.content).join(' ')).toContain('cad.export');

    const out = renderThreeWs(all);
    expect(out.version).toBe('memory/0.1');
    expect(out.timeline).toEqual([
      { ts: '2026-03-02T08:00:00.000Z', type: 'session_start', text: 'Alex opened the workshop planner' },
      { ts: '2026-03-02T09:15:00.000Z', type: 'tool_call', tool: 'cad.export', format: 'step', text: '{"tool":"cad.export","format":"step"}' },
    ]);
    const [file] = Object.values(out.files);
    expect(file).toMatch(/^important: true$/m);
    expect(file).toMatch(/^decay: 90d$/m);
    const again = mnemo.profile('tw-doc-2');
    await importThreeWs(again, out);
    expect((await listActive(again)).map((m) => [m.content, m.pinned, m.eventTime]).sort()).toEqual(all.map((m) => [m.content, m.pinned, m.eventTime]).sort());
    await expect(importThreeWs(p, { version: 'memory/0.1', timeline: [{ ts: 'yesterday-ish' }] })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('timeline[0]') });
  });
});

describe('replace-mode import', () => {
  it('the incoming side wins per memory; memories only in the profile survive', async () => {
    const source = mnemo.profile('src');
    const { memory: pm } = await source.remember({ content: 'The project uses pnpm', type: 'fact', topicKey: 'project.package_manager' });
    const doc = await source.export();
    const target = mnemo.profile('dst');
    const { memory: local } = await target.remember({ content: 'The staging host is db-2', type: 'fact' });
    const { memory: newer } = await target.remember({ content: 'The project uses bun', type: 'fact', topicKey: 'project.package_manager' });
    await target.import(doc, { strategy: 'replace' });
    expect((await target.get(local.id)).status).toBe('active');
    expect(await target.get(newer.id)).toMatchObject({ status: 'superseded', supersededBy: pm.id });
    expect((await target.get(pm.id)).status).toBe('active');
    expect((await target.recall('which package manager does the project use?', { synthesize: false })).memories[0]?.id).toBe(pm.id);
  });
});

describe('note() and the timeline', () => {
  it('appends an entry that is recalled, exported as a timeline JSON line, and shown in context()', async () => {
    const p = mnemo.profile('log');
    await p.remember({ content: 'Always run the linter before deploying', type: 'instruction' });
    const n = await p.note({ text: 'Deployed v2.3 to production', kind: 'deploy', data: { version: '2.3' }, at: '2026-04-15T09:30:00Z' });
    expect(n.created).toBe(true);
    expect(JSON.parse(n.line)).toMatchObject({ id: n.memory.id, eventTime: '2026-04-15T09:30:00.000Z', content: 'Deployed v2.3 to production', type: 'deploy', data: { version: '2.3' } });
    expect((await p.note({ text: 'Deployed v2.3 to production', kind: 'deploy', at: '2026-04-15T09:30:00Z' })).created).toBe(false);
    expect((await p.recall('when did we deploy v2.3?', { synthesize: false })).memories.map((m) => m.id)).toContain(n.memory.id);

    const out = path.join(dir, 'md');
    await exportMarkdown((await p.export()).memories, out);
    const lines = readFileSync(path.join(out, 'timeline', '2026-04-15.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual([expect.objectContaining({ id: n.memory.id, type: 'deploy', data: { version: '2.3' } })]);

    const roomy = await p.context({ maxTokens: 3000 });
    expect(roomy.text).toContain('## Memory index (MEMORY.md)');
    expect(roomy.text).toContain('## Recent timeline');
    expect(roomy.text).toContain(n.line);
    expect(roomy.sections.map((s) => s.name)).toEqual(expect.arrayContaining(['index', 'timeline']));
    expect(roomy.tokens).toBeLessThanOrEqual(3000);
    const tight = await p.context({ maxTokens: 60 });
    expect(tight.text).not.toContain('## Recent timeline');
    expect(tight.tokens).toBeLessThanOrEqual(60);
  });

  it('mnemo note appends the line to a folder timeline; bad --data is refused', async () => {
    const data = path.join(dir, 'cli-data');
    const folderDir = path.join(dir, 'synced');
    const r = await runCli(['note', 'Chose Postgres logical replication', '--kind', 'decision', '--at', '2026-03-15T10:00:00Z', '--folder', folderDir, '--json'], { dataDir: data });
    expect(r.code).toBe(0);
    const file = path.join(folderDir, 'timeline', '2026-03-15.jsonl');
    expect(readFileSync(file, 'utf8').trim()).toBe(r.json().line);
    const bad = await runCli(['note', 'x', '--data', '[1,2]'], { dataDir: data });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--data must be a JSON object');
  });
});

describe('OpenClaw export', () => {
  const row = (m: { type: string; content: string; eventTime: string | null }) => `${m.type} | ${m.content} | ${m.eventTime ?? ''}`;

  it('writes MEMORY.md and memory/YYYY-MM-DD.md that import back to the same memories', async () => {
    const a = mnemo.profile('oc-a');
    await importOpenClaw(a, WORKSPACE);
    await a.remember({ content: 'Package manager: pnpm', type: 'fact' });
    await a.remember({ content: 'Ship the release notes', type: 'task' });
    await a.remember({ content: 'Retro held with the payments team', type: 'event', eventTime: '2026-04-20T15:45:00Z' });
    const out = path.join(dir, 'oc-out');
    const res = await exportOpenClaw((await a.export()).memories, out);
    expect(res.files).toContain('MEMORY.md');
    expect(res.files).toContain('memory/2026-04-20.md');
    expect(readFileSync(path.join(out, 'memory', '2026-04-20.md'), 'utf8')).toContain('## 15:45\n- Retro held with the payments team');
    expect(readFileSync(path.join(out, 'MEMORY.md'), 'utf8')).toContain('- [ ] Ship the release notes');

    const b = mnemo.profile('oc-b');
    await importOpenClaw(b, out);
    const rows = async (p: ProfileApi) => (await listActive(p)).map(row).sort();
    expect(await rows(b)).toEqual(await rows(a));
  });
});
