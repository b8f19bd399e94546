import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOfflineAnalyzer } from '../src/recall/offline-analyzer.js';
import { openSqliteStore, type SqliteStore } from '../src/store/sqlite/index.js';
import { mem } from './contract/harness.js';

const KEYS = [
  'person.diego_j_larsen.hobby', 'person.diego_m_larsen.favorites', 'person.ann_b.hobby', 'person.ann.hobbies',
  'project.database', 'project.deploy_checks', 'user.package_manager', 'user.theme', 'team.deployment_day',
  'person.priya_walsh.editor', 'service.globex_auth.cloud', 'person.larsen.city',
];

describe('the topic keys a question can match, read without reading every key', () => {
  let dir: string;
  let store: SqliteStore;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-keys-'));
    store = openSqliteStore(path.join(dir, 'p.db'), 'p');
    await store.writeMemories(KEYS.map((topicKey, i) => mem(`statement ${i}`, { topicKey })));
    // Keys of memories that are no longer active are not offered.
    const [gone] = (await store.writeMemories([mem('an old fact', { topicKey: 'person.diego_x.hobby' })])).written;
    await store.forget(gone.id, { purge: false });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('returns what filtering the full read gives, within the same first keys', async () => {
    for (const limit of [3, 7, 5000]) {
      const all = await store.topicKeys(undefined, limit);
      for (const parts of [['hobby'], ['larsen', 'deploy'], ['nothing'], ['e']]) {
        expect(await store.topicKeysContaining(parts, limit), `${parts} within ${limit}`).toEqual(all.filter((k) => parts.some((p) => k.includes(p))));
      }
    }
    expect(await store.topicKeysContaining([], 5000)).toEqual([]);
  });

  it('lets the offline analyzer pick the same keys as from every key', async () => {
    const analyzer = createOfflineAnalyzer();
    const all = await store.topicKeys(undefined, 5000);
    const referenceDate = new Date('2026-06-01T00:00:00Z');
    for (const query of ['What hobby does Diego J. Larsen have?', 'Which checks run before a deploy?', 'What is our package manager?', 'Where does Larsen live?', 'hobbies of Ann']) {
      const few = await store.topicKeysContaining(analyzer.topicKeyParts!(query), 5000);
      expect(few.length).toBeLessThan(all.length);
      const fromFew = await analyzer.analyze(query, { referenceDate, topicKeys: few });
      const fromAll = await analyzer.analyze(query, { referenceDate, topicKeys: all });
      expect(fromFew.topicKeys, query).toEqual(fromAll.topicKeys);
    }
    expect((await analyzer.analyze('What hobby does Diego J. Larsen have?', { referenceDate, topicKeys: all })).topicKeys[0]).toBe('person.diego_j_larsen.hobby');
  });
});
