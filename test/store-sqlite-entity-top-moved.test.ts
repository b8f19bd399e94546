import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type EntityHit, rankWeighed, weighMentions } from '../src/store/entity-store.js';
import { RECENT_MENTIONS_MOVED_AT } from '../src/store/sqlite/entities.js';
import { openSqliteStore } from '../src/store/sqlite/index.js';
import type { Store } from '../src/store/store.js';
import { mem, msg } from './contract/harness.js';

/** The ranking rule applied in code to every mention (the reference for the SQL ranking). */
async function byRule(store: Store, weights: [string, number][], limit: number, kind?: EntityHit['kind']): Promise<EntityHit[]> {
  const rows = [];
  for (const [at, [entity]] of weights.entries()) {
    for (const m of await store.entityMentions([entity], { limit: 100_000 })) if (!kind || m.kind === kind) rows.push({ kind: m.kind, id: m.id, at });
  }
  return rankWeighed(weighMentions(rows, weights), limit);
}

const rowsIn = (path: string, table: string): number => {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('SQLite best mentions of two or three names, across both tables of the index', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mnemo-entity-top-moved-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('ranks as the rule in code does when mentions are in the moved table and the recent one', async () => {
    const path = join(dir, 'p.db');
    const store = openSqliteStore(path, 'p');
    // Every third message names both, the others one of them; Quintavalle joins every fifth.
    const line = (i: number) => `Then ${['Marisol met Okonkwo', 'Marisol wrote', 'Okonkwo called'][i % 3]}${i % 5 === 0 ? ' and Quintavalle' : ''} in step ${i}.`;
    const moved = Math.ceil(RECENT_MENTIONS_MOVED_AT / 1.2);
    await store.insertMessages(Array.from({ length: moved }, (_, i) => msg(`s${i % 7}`, 'user', line(i))));
    await store.indexEntities();
    await store.insertMessages(Array.from({ length: 40 }, (_, i) => msg('s8', 'user', line(i + 1))));
    await store.writeMemories(Array.from({ length: 12 }, (_, i) => mem(`${line(i)} (noted)`)));
    await store.indexEntities();
    expect(rowsIn(path, 'entity_mentions')).toBeGreaterThan(RECENT_MENTIONS_MOVED_AT);
    expect(rowsIn(path, 'entity_mentions_recent')).toBeGreaterThan(40);

    const cases: [string, number][][] = [
      [['marisol', 1], ['okonkwo', 1]],
      [['okonkwo', 0.5], ['marisol', 1.5]],
      [['marisol', 1], ['absent-name', 3]],
      // A weight of 0: naming both ties with naming Marisol alone (that mask read EXCEPT Okonkwo's).
      [['marisol', 1], ['okonkwo', 0]],
      [['quintavalle', 2], ['okonkwo', 1], ['marisol', 1]],
      [['marisol', 1], ['okonkwo', 1], ['quintavalle', 2]],
    ];
    for (const weights of cases) {
      for (const kind of [undefined, 'message', 'memory'] as const) {
        for (const limit of [1, 50, Math.ceil(moved / 3) - 1, Math.ceil(moved / 3) + 30, 100_000]) {
          expect(await store.topEntityMentions(weights, { limit, kind }), `${weights.map((w) => w.join(':'))} ${kind} ${limit}`)
            .toEqual(await byRule(store, weights, limit, kind));
        }
      }
    }
    await store.close();
  }, 120_000);
});
