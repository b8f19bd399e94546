import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMemory } from '../src/index.js';
import { ENTITY_BATCH, ENTITY_MESSAGE_MARK } from '../src/store/entity-store.js';
import { createSqliteProvider } from '../src/store/sqlite/provider.js';
import { msg } from './contract/harness.js';

let dir: string;
beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'mnemo-entities-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function messageMark(): Promise<number> {
  const provider = createSqliteProvider({ dataDir: dir });
  const value = await (await provider.open('bulk')).getMeta(ENTITY_MESSAGE_MARK);
  await provider.close();
  return Number(value ?? 0);
}

describe('a bulk entity-index backlog', () => {
  it('is left by recall threads to the writing side, which indexes it in batches', async () => {
    const provider = createSqliteProvider({ dataDir: dir });
    const store = await provider.open('bulk');
    const rows = Array.from({ length: ENTITY_BATCH + 50 }, (_, i) => msg(`s${i % 20}`, 'user', i === 7 ? 'Quintavalle signed the lease in Porto.' : `Marisol reviewed ticket ${i} with Okonkwo.`));
    await store.insertMessages(rows);
    await provider.close();

    const m = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false }, recallThreads: 1 });
    try {
      const p = m.profile('bulk');
      // Answered at once; the writing side indexes the backlog a batch at a time meanwhile.
      expect((await p.recall('What did Marisol review?')).messages.length).toBeGreaterThan(0);
      await p.warm();
      expect(await messageMark()).toBeGreaterThanOrEqual(ENTITY_BATCH + 50);
      const r = await p.recall('What did Quintavalle do?');
      expect(r.messages[0]?.content).toBe('Quintavalle signed the lease in Porto.');
    } finally {
      await m.close();
    }
  });
});
