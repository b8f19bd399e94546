import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openMemory } from '../src/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('HyDE search when the statement embeds as the question does', () => {
  it('still reports the hyde channel, with the vector channel\'s hits, for both searches by vector', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-hyde-'));
    dirs.push(dir);
    // The hashing embedder reads only content words: "What database does the billing service use?" and its
    // statement "database does the billing service use" embed alike.
    const m = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false }, recallCacheMs: 0, onWarning: () => {} });
    const p = m.profile('hyde');
    await p.remember({ content: 'The billing service uses PostgreSQL as its database.', type: 'fact', topicKey: 'project.billing.database' });
    await p.remember({ content: 'The search cluster runs in the eu-west region.', type: 'fact', topicKey: 'project.search.region' });
    await p.drain();
    const res = await p.recall('What database does the billing service use?');
    const top = res.memories[0]!;
    expect(top.content).toContain('PostgreSQL');
    const vector = top.channels.find((c) => c.channel === 'vector');
    const hyde = top.channels.find((c) => c.channel === 'hyde');
    expect(vector).toBeDefined();
    expect(hyde).toEqual({ ...vector, channel: 'hyde' });
    await m.close();
  });
});
