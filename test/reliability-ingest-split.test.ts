/**
 * A message longer than the content limit (a pasted log or file) no longer fails the batch: it
 * is stored as parts that keep the message's session, role, time and metadata, re-ingesting it
 * changes nothing, the result says what was split, and the batch limit still applies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/limits.js';
import { splitContent } from '../src/ingest/split-message.js';
import { startFixture, type Fixture } from './support/http-fixture.js';

const logLines = (n: number) => Array.from({ length: n }, (_, i) => `2026-04-15T10:${String(i % 60).padStart(2, '0')} GET /api/items/${i} 200 ${i % 97}ms`).join('\n');

describe('long messages', () => {
  let f: Fixture;
  beforeAll(async () => (f = await startFixture({ logger: false })));
  afterAll(() => f?.close());

  it('splits at line ends, keeps every character, never breaks a surrogate pair', () => {
    const text = logLines(4_000);
    const parts = splitContent(text);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join('')).toBe(text);
    for (const p of parts.slice(0, -1)) expect(p.endsWith('\n')).toBe(true);
    const emoji = '😀'.repeat(LIMITS.maxContentChars);
    const eParts = splitContent(emoji);
    expect(eParts.join('')).toBe(emoji);
    for (const p of eParts) expect(p.length).toBeLessThanOrEqual(LIMITS.maxContentChars);
    for (const p of eParts) expect(/^(?:😀)+$/u.test(p)).toBe(true);
  });

  it('stores the parts with the message metadata, says so, and is idempotent (HTTP)', async () => {
    const long = logLines(3_000);
    const messages = [
      { role: 'user', content: 'Here is the access log from this morning.' },
      { role: 'tool', content: long, metadata: { tool: 'read_file', path: 'access.log' }, timestamp: '2026-04-15T10:00:00Z' },
      { role: 'assistant', content: 'The slowest request took 96 ms.' },
    ];
    const res = await f.call('POST', '/v1/profiles/logs/ingest', { body: { messages, sessionId: 's1', wait: true } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { messageIds: string[]; inserted: number; split: { index: number; messageId: string; partIds: string[] }[] };
    expect(body.split).toHaveLength(1);
    expect(body.split[0]!.index).toBe(1);
    const parts = body.split[0]!.partIds;
    expect(parts.length).toBe(Math.ceil(long.length / LIMITS.maxContentChars));
    expect(body.inserted).toBe(2 + parts.length);
    expect(body.messageIds).toEqual(expect.arrayContaining(parts));

    const exported = (await (await f.call('GET', '/v1/profiles/logs/export')).json()) as { messages: { id: string; content: string; role: string; sessionId: string; timestamp: string; metadata: Record<string, unknown> | null }[] };
    const stored = exported.messages.filter((m) => parts.includes(m.id));
    const byId = new Map(stored.map((m) => [m.id, m]));
    expect(parts.map((id) => byId.get(id)!.content).join('')).toBe(long);
    parts.forEach((id, i) => {
      const m = byId.get(id)!;
      expect(m.role).toBe('tool');
      expect(m.sessionId).toBe('s1');
      expect(m.timestamp).toBe('2026-04-15T10:00:00.000Z');
      expect(m.metadata).toEqual({ tool: 'read_file', path: 'access.log', split: { messageId: body.split[0]!.messageId, part: i + 1, parts: parts.length } });
    });
    const found = await f.call('GET', `/v1/profiles/logs/recall?q=${encodeURIComponent('GET /api/items/2999')}`);
    expect(found.status).toBe(200);

    const again = (await (await f.call('POST', '/v1/profiles/logs/ingest', { body: { messages, sessionId: 's1' } })).json()) as { inserted: number; duplicates: number };
    expect(again).toMatchObject({ inserted: 0, duplicates: 2 + parts.length });
  });

  it('still refuses a batch past the whole-call limit, writing nothing', async () => {
    const huge = 'x '.repeat(LIMITS.maxIngestChars / 2 + 10);
    const res = await f.mnemo.profile('logs2').ingest([{ role: 'user', content: huge }]).then(() => null, (e: Error & { code?: string }) => e);
    expect(res?.code).toBe('invalid_input');
    expect(res?.message).toMatch(/characters/);
    expect((await f.mnemo.listProfiles()).includes('logs2')).toBe(false);
  });
});
