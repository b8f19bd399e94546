import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MnemoApi, ProfileApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { importOpenClaw, readOpenClawWorkspace } from '../src/interop/openclaw.js';
import { listActive } from '../src/interop/write-memories.js';

const WORKSPACE = fileURLToPath(new URL('./fixtures/openclaw/workspace/', import.meta.url));

const countBy = (items: { type: string }[]) => items.reduce<Record<string, number>>((acc, m) => ({ ...acc, [m.type]: (acc[m.type] ?? 0) + 1 }), {});

describe('OpenClaw workspace reading', () => {
  it('turns MEMORY.md sections and bullets into facts and instructions, daily notes into dated events', async () => {
    const r = await readOpenClawWorkspace(WORKSPACE);
    expect(r.errors).toEqual([]);
    expect(r.files).toEqual(['MEMORY.md', 'memory/2026-04-14.md', 'memory/2026-04-15.md', 'memory/2026-04-16.md']);
    expect(r.ignoredFiles).toEqual(['memory/notes-scratch.md']);
    expect(countBy(r.memories)).toEqual({ fact: 10, instruction: 5, event: 10, task: 2 });
    const find = (s: string) => r.memories.find((m) => m.content.includes(s))!;
    expect(find('Dana Whitfield')).toMatchObject({ type: 'fact', topicKey: 'user.name', content: 'About the User — Name: Dana Whitfield' });
    expect(find('Never use emojis')).toMatchObject({ type: 'instruction' });
    expect(find("Don't deploy payments")).toMatchObject({ type: 'instruction' });
    expect(find('Code style')).toMatchObject({ type: 'instruction', topicKey: 'user.code_style' });
    expect(find('Flaky tests')).toMatchObject({ type: 'fact' });
    expect(find('Ledger v2 (active)').content).toBe('Ledger v2 (active): Goal: replace the nightly batch reconciliation with streaming; Status: shadow mode in staging since March');
    expect(find('Priya — tech lead')).toMatchObject({ type: 'fact', topicKey: 'people.priya' });
    expect(find('Chose Postgres logical replication')).toMatchObject({ type: 'event', eventTime: '2026-03-15T00:00:00.000Z' });
    expect(find('5% of merchants')).toMatchObject({ type: 'event', eventTime: '2026-04-14T09:40:00.000Z', content: 'Ledger v2 rollout: Enabled streaming reconciliation for 5% of merchants in production' });
    expect(find('Fraud engine:')).toMatchObject({ type: 'event', eventTime: '2026-04-16T11:05:00.000Z' });
    expect(find('rollback runbook for the ledger')).toMatchObject({ type: 'task' });
    expect(find('Waiting on Marcus')).toMatchObject({ type: 'task', content: 'Waiting on Marcus for the replication-lag postmortem' });
    expect(find('Rollback runbook drafted')).toMatchObject({ type: 'event', eventTime: '2026-04-15T00:00:00.000Z' });
    expect(find('Lisbon')).toMatchObject({ type: 'event', eventTime: '2026-04-15T00:00:00.000Z' });
  });
});

describe('OpenClaw import into a profile', () => {
  let dir: string;
  let mem: MnemoApi;
  let p: ProfileApi;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-oc-'));
    mem = openMemory({ dataDir: path.join(dir, 'data'), embedder: false, worker: { background: false } });
    p = mem.profile('claw');
  });
  afterEach(async () => {
    await mem.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports every note once, with dated events, and is idempotent', async () => {
    const res = await importOpenClaw(p, WORKSPACE);
    expect(res).toMatchObject({ written: 27, skipped: 0, superseded: 0, conflicts: [] });
    const active = await listActive(p);
    expect(countBy(active)).toEqual({ fact: 10, instruction: 5, event: 10, task: 2 });
    const events = active.filter((m) => m.type === 'event').map((m) => m.eventTime!.slice(0, 10)).sort();
    expect(events).toEqual(['2026-03-15', '2026-03-28', '2026-04-14', '2026-04-14', '2026-04-14', '2026-04-15', '2026-04-15', '2026-04-15', '2026-04-15', '2026-04-16']);
    const r = await p.recall('who is the tech lead of the risk team', { synthesize: false });
    expect(r.memories[0].content).toMatch(/Priya/);
    expect(await importOpenClaw(p, WORKSPACE)).toMatchObject({ written: 0, skipped: 27 });
  });

  it('rejects a workspace with a bad note or an escaping symlink and writes nothing', async () => {
    const ws = path.join(dir, 'ws');
    cpSync(WORKSPACE, ws, { recursive: true });
    writeFileSync(path.join(ws, 'memory', '2026-02-30.md'), '- Impossible day\n');
    const outside = path.join(dir, 'outside.md');
    writeFileSync(outside, '- secret outside the workspace\n');
    symlinkSync(outside, path.join(ws, 'memory', '2026-04-17.md'));
    await expect(importOpenClaw(p, ws)).rejects.toMatchObject({
      code: 'invalid_input',
      details: { errors: [
        { file: 'memory/2026-02-30.md', message: '2026-02-30.md is not a real calendar date' },
        { file: 'memory/2026-04-17.md', message: expect.stringMatching(/symlink "memory\/2026-04-17\.md" points outside the folder/) },
      ] },
    });
    expect(await listActive(p)).toEqual([]);
  });

  it('says when a folder is not an OpenClaw workspace', async () => {
    await expect(importOpenClaw(p, dir)).rejects.toThrow(/not an OpenClaw workspace/);
  });
});
