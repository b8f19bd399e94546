import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportDocument, MnemoApi } from '../src/api.js';
import { openMemory } from '../src/index.js';
import { comparableExport, parseExportDocument } from '../src/interop/json.js';
import { locomoMessages } from './support/locomo.js';

const at = '2026-04-15T10:00:00.000Z';
const memory = {
  id: 'a'.repeat(32), type: 'fact', content: 'The project uses pnpm.', topicKey: 'project.package_manager', eventTime: null,
  sessionId: 's1', sourceMessageIds: [], queries: [], tags: [], importance: 0.5, status: 'active', supersededBy: null, createdAt: at, updatedAt: at,
};
const doc = () => ({ format: 'mnemo-export', version: 1, profile: 'p', exportedAt: at, messages: [], memories: [structuredClone(memory)], audit: [] });

function problems(input: unknown): string {
  try {
    parseExportDocument(input);
  } catch (err) {
    expect((err as { code: string }).code).toBe('invalid_input');
    return (err as Error).message;
  }
  throw new Error('expected a validation error');
}

describe('export document schema', () => {
  it('accepts a valid document', () => {
    expect(parseExportDocument(doc()).memories[0].content).toBe('The project uses pnpm.');
  });

  it('names the path and the problem of each malformed field', () => {
    expect(problems(null)).toMatch(/invalid export document/);
    expect(problems({ ...doc(), format: 'other' })).toMatch(/format: format must be "mnemo-export"/);
    expect(problems({ ...doc(), version: 2 })).toMatch(/version: unsupported version; this mnemo reads version 1/);
    const bad = doc() as any;
    bad.memories[0].type = 'opinion';
    bad.memories[0].importance = 3;
    bad.memories[0].createdAt = 'yesterday';
    const msg = problems(bad);
    expect(msg).toMatch(/memories\[0\]\.type: /);
    expect(msg).toMatch(/memories\[0\]\.importance: /);
    expect(msg).toMatch(/memories\[0\]\.createdAt: not an ISO-8601 time/);
    expect(problems({ ...doc(), messages: [{ id: 'x' }] })).toMatch(/messages\[0\]\.id: must be 32 lowercase hex/);
    expect(problems({ ...doc(), audit: 'none' })).toMatch(/^invalid export document: audit: /);
  });

  it('rejects duplicate ids and dangling supersession pointers', () => {
    const dup = doc();
    dup.memories.push(structuredClone(memory));
    expect(problems(dup)).toMatch(/memories\[1\]\.id: duplicate of memories\[0\]\.id/);
    const dangling = doc();
    dangling.memories[0].supersededBy = 'b'.repeat(32) as any;
    expect(problems(dangling)).toMatch(/memories\[0\]\.supersededBy: points at b+, which is not in the document/);
  });
});

describe('JSON round trip through profiles (LoCoMo conv-26)', () => {
  let dir: string;
  let mem: MnemoApi;
  let first: ExportDocument;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mnemo-json-'));
    mem = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
    const p = mem.profile('source');
    const messages = locomoMessages('conv-26');
    for (let i = 0; i < messages.length; i += 200) await p.ingest(messages.slice(i, i + 200), { wait: true });
    await p.remember({ content: 'The project uses npm.', topicKey: 'project.package_manager' });
    await p.remember({ content: 'The project uses pnpm.', topicKey: 'project.package_manager' });
    const forgotten = await p.remember({ content: 'Temporary note to forget.' });
    await p.forget(forgotten.memory.id);
    first = await p.export();
  });
  afterAll(async () => {
    await mem.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('export → import into a new profile → export gives the same document, minus documented fields', async () => {
    expect(first.messages.length).toBe(locomoMessages('conv-26').length);
    expect(first.memories.length).toBeGreaterThan(50);
    expect(new Set(first.memories.map((m) => m.status))).toEqual(new Set(['active', 'superseded', 'forgotten']));
    const json = JSON.parse(JSON.stringify(first));
    const target = mem.profile('target');
    const res = await target.import(json);
    expect(res).toEqual({ messages: first.messages.length, memories: first.memories.length });
    const second = await target.export();
    expect(second.profile).toBe('target');
    expect(comparableExport(second)).toEqual(comparableExport(first));
    expect(parseExportDocument(json)).toEqual(first);
  });
});
