import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openMemory } from '../src/index.js';
import { HashingEmbedder } from '../src/models/embedders/hashing-embedder.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'mnemo-vec-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('vectors through the profile', () => {
  it('vectorizes in the background, never embeds tasks, and drops vectors of superseded memories', async () => {
    const mem = openMemory({ dataDir: tempDir(), embedder: new HashingEmbedder(64), worker: { background: false } });
    const p = mem.profile('v');
    await p.remember({ content: 'The team uses Linear for issue tracking.', topicKey: 'team.issue_tracker' });
    expect((await p.stats()).vectors).toBe(0);
    await p.drain();
    expect((await p.stats()).vectors).toBe(1);
    await p.remember({ content: 'The team moved issue tracking to Jira.', topicKey: 'team.issue_tracker' });
    await p.remember({ content: 'Review PR 482 before Friday.', type: 'task' });
    await p.drain();
    const stats = await p.stats();
    expect(stats.vectors).toBe(1);
    expect(stats.embedder).toBe('hashing-64@1#64');
    const r = await p.recall('which issue tracker does the team use');
    expect(r.memories[0].content).toContain('Jira');
    expect(r.memories[0].channels.map((c) => c.channel)).toContain('vector');
    await mem.close();
  });

  it('re-embeds in the background after the embedder changes, and recall works meanwhile', async () => {
    const dataDir = tempDir();
    const first = openMemory({ dataDir, embedder: new HashingEmbedder(64), worker: { background: false } });
    const p1 = first.profile('switch');
    await p1.ingest([{ role: 'user', content: 'Our CI runs on Buildkite with eight agents.' }], { wait: true });
    await p1.remember({ content: 'Deploys go out on Tuesdays.' });
    await p1.drain();
    const before = await p1.stats();
    await first.close();

    const second = openMemory({ dataDir, embedder: new HashingEmbedder(128), worker: { background: false } });
    const p2 = second.profile('switch');
    const during = await p2.recall('when do deploys go out');
    expect(during.memories[0]?.content).toContain('Tuesdays');
    await new Promise((r) => setTimeout(r, 50));
    await p2.drain();
    const after = await p2.stats();
    expect(after.embedder).toBe('hashing-128@1#128');
    expect(after.vectors).toBe(before.vectors);
    const r = await p2.recall('which CI system do we use');
    expect(r.messages.concat().some((m) => m.channels.some((c) => c.channel === 'vector'))).toBe(true);
    await second.close();
  });

  it('runs without vectors when embeddings are off', async () => {
    const mem = openMemory({ dataDir: tempDir(), embedder: false, worker: { background: false } });
    const p = mem.profile('novec');
    await p.remember({ content: 'The office wifi is called Orbit.' });
    await p.drain();
    expect((await p.stats()).vectors).toBe(0);
    expect((await p.recall('what is the office wifi called')).memories[0].content).toContain('Orbit');
    await mem.close();
  });
});
