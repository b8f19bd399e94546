/**
 * Scope, metadata filters and revise on both stores (the contract also runs inside the full
 * store suites); plus the filter parser's refusals.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isMnemoError } from '../src/errors.js';
import { parseFilter } from '../src/filters/parse.js';
import { createPostgresProvider } from '../src/store/postgres/index.js';
import { createSqliteProvider } from '../src/store/sqlite/index.js';
import { useHarness } from './contract/harness.js';
import { scopeContract } from './contract/scope.contract.js';
import { startPostgres } from './support/postgres-server.js';

describe('scope contract: sqlite', () => {
  scopeContract(useHarness(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mnemo-scope-'));
    return { provider: createSqliteProvider({ dataDir }), cleanup: () => rm(dataDir, { recursive: true, force: true }) };
  }));
});

const server = await startPostgres();
if (!server.ok) {
  describe.skip(`scope contract: postgres (skipped: ${server.reason})`, () => { it('needs a PostgreSQL server', () => {}); });
} else {
  const dbUrl = await server.createDatabase();
  afterAll(async () => {
    await server.dropDatabase(dbUrl);
    await server.stop();
  });
  let n = 0;
  describe('scope contract: postgres', () => {
    scopeContract(useHarness(async () => {
      const schema = `scope${++n}_${Date.now() % 100000}`;
      const pg = (await import('pg')).default;
      const admin = new pg.Client({ connectionString: dbUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const url = new URL(dbUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return {
        provider: createPostgresProvider({ connectionString: url.toString(), poolSize: 2, onWarning: () => {} }),
        cleanup: async () => {
          const c = new pg.Client({ connectionString: dbUrl });
          await c.connect();
          await c.query(`DROP SCHEMA ${schema} CASCADE`);
          await c.end();
        },
      };
    }));
  });
}

describe('filter syntax', () => {
  const refusal = (input: unknown): string => {
    try {
      parseFilter(input);
    } catch (err) {
      expect(isMnemoError(err) && err.code).toBe('invalid_input');
      return (err as Error).message;
    }
    throw new Error('expected the filter to be refused');
  };

  it('names an unknown operator, an unknown field and a bad value', () => {
    expect(refusal({ userId: { ne: 'x' } })).toMatch(/unknown filter operator "ne".*eq, in, gte, lte/);
    expect(refusal({ colour: 'red' })).toMatch(/unknown filter field "colour"/);
    expect(refusal({ userId: { gte: 'a' } })).toMatch(/gte and lte apply to numbers and dates/);
    expect(refusal({ createdAt: { gte: 'last tuesday-ish' } })).toMatch(/must be a date/);
    expect(refusal({ 'metadata.a"b': 1 })).toMatch(/metadata keys are letters/);
    expect(refusal('{not json')).toMatch(/not valid JSON/);
    expect(refusal({ or: [] })).toMatch(/non-empty list/);
  });

  it('reads shorthand equality, JSON strings and nesting', () => {
    expect(parseFilter('{"userId":"a"}')).toEqual({ kind: 'cmp', field: { kind: 'column', name: 'userId', valueType: 'string' }, op: 'eq', value: 'a' });
    expect(parseFilter({})).toBeUndefined();
    const node = parseFilter({ or: [{ 'metadata.x.y': { in: [1, 2] } }, { importance: { gte: 0.5 } }] });
    expect(node).toMatchObject({ kind: 'or', nodes: [{ op: 'in', field: { kind: 'metadata', path: ['x', 'y'] } }, { op: 'gte', value: 0.5 }] });
  });
});

describe('filtered recall in recall threads', () => {
  it('answers only from the scope, also when recall runs on a worker thread', async () => {
    const { openMemory } = await import('../src/index.js');
    const dataDir = await mkdtemp(join(tmpdir(), 'mnemo-scope-threads-'));
    const memory = openMemory({ dataDir, embedder: { kind: 'hashing' }, recallThreads: 1 });
    try {
      const p = memory.profile('shared');
      await p.remember({ content: 'The user flies to Lisbon on Friday.', type: 'event', userId: 'alice' });
      await p.remember({ content: 'The user flies to Oslo on Friday.', type: 'event', userId: 'bob' });
      await p.drain();
      for (const [user, city, other] of [['alice', 'Lisbon', 'Oslo'], ['bob', 'Oslo', 'Lisbon']]) {
        const r = await p.recall('where does the user fly on Friday?', { userId: user });
        expect(r.memories.map((m) => m.content).join(' ')).toContain(city);
        expect(JSON.stringify(r)).not.toContain(other);
      }
      await expect(p.recall('where?', { filter: { userId: { near: 'x' } } })).rejects.toThrow(/unknown filter operator "near"/);
    } finally {
      await memory.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('update of a cold memory', () => {
  it('makes the new version hot with a fresh access time, and leaves the old one superseded', async () => {
    const { openMemory } = await import('../src/index.js');
    const dataDir = await mkdtemp(join(tmpdir(), 'mnemo-revise-cold-'));
    const memory = openMemory({ dataDir, embedder: { kind: 'hashing' }, worker: { background: false } });
    try {
      const p = memory.profile('cold');
      const { memory: old } = await p.remember({ content: 'The archive server is in Frankfurt.', type: 'fact' });
      const store = await (p as unknown as { store(): Promise<{ setTier(ids: string[], tier: 'hot' | 'cold'): Promise<unknown> }> }).store();
      await store.setTier([old.id], 'cold');
      expect((await p.get(old.id)).tier).toBe('cold');
      const startedAt = new Date().toISOString();
      const { memory: next } = await p.update(old.id, { content: 'The archive server is in Dublin.' });
      expect(next).toMatchObject({ tier: 'hot', content: 'The archive server is in Dublin.' });
      expect(next.lastAccessedAt! >= startedAt).toBe(true);
      expect((await p.get(next.id)).tier).toBe('hot');
      expect(await p.get(old.id)).toMatchObject({ status: 'superseded', supersededBy: next.id });
    } finally {
      await memory.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
