import { describe, expect, it } from 'vitest';
import type { IngestResult, ProfileApi, RecallResult, RecalledMemory, RecalledMessage } from '../src/api.js';
import { buildEvidenceMap, rankedEvidenceIds } from '../src/bench/evidence.js';
import { mnemoSystem, profileNameFor } from '../src/bench/mnemo-system.js';
import { splitOversized } from '../src/bench/split-oversized.js';
import type { BenchConversation, BenchMessage } from '../src/bench/types.js';
import { messageId } from '../src/ids.js';

const msg = (evidenceId: string, content: string, role: 'user' | 'assistant' = 'user'): BenchMessage => ({
  role,
  content,
  sessionId: 's1',
  timestamp: '2024-01-01T00:00:00.000Z',
  metadata: { evidenceId },
});

const messages = [msg('D1:1', 'I like tea'), msg('D1:2', 'Tea is great', 'assistant'), msg('D1:3', 'I moved to Paris'), msg('D1:4', 'I like tea')];
const id = (m: BenchMessage) => messageId(m.sessionId, m.role, m.content);

const memory = (score: number, sources: string[]) => ({ score, sourceMessageIds: sources }) as unknown as RecalledMemory;
const message = (score: number, m: BenchMessage, withMetadata = true) =>
  ({ score, id: id(m), metadata: withMetadata ? m.metadata : null }) as unknown as RecalledMessage;

describe('evidence mapping', () => {
  const map = buildEvidenceMap(messages);

  it('maps content-addressed ids, keeping both turns of identical content', () => {
    expect(map.get(id(messages[0]))).toEqual(['D1:1', 'D1:4']);
    expect(map.get(id(messages[2]))).toEqual(['D1:3']);
  });

  it('merges memories and messages by score and drops duplicates', () => {
    const result = {
      memories: [memory(0.9, [id(messages[2]), id(messages[1])]), memory(0.5, [id(messages[2])])],
      messages: [message(0.95, messages[1]), message(0.7, messages[2]), message(0.1, messages[0], false)],
    };
    expect(rankedEvidenceIds(result, map)).toEqual(['D1:2', 'D1:3', 'D1:1', 'D1:4']);
  });

  it('puts memories before messages on equal scores', () => {
    const result = { memories: [memory(0.5, [id(messages[2])])], messages: [message(0.5, messages[1])] };
    expect(rankedEvidenceIds(result, map)).toEqual(['D1:3', 'D1:2']);
  });
  describe('a merged memory counts for one of the turns that said its statement', () => {
    const merged = (score: number, tags: string[] = []) =>
      ({ score, sourceMessageIds: [id(messages[1]), id(messages[2])], derivedFrom: ['m1', 'm2'], tags }) as unknown as RecalledMemory;
    const found = (score: number, m: BenchMessage) => ({ ...message(score, m), channels: [{ channel: 'messages', score }] }) as unknown as RecalledMessage;

    it('the one the question found best', () => {
      const result = { memories: [merged(0.9)], messages: [found(0.4, messages[1]), found(0.8, messages[2])] };
      expect(rankedEvidenceIds(result, map)).toEqual(['D1:3', 'D1:2']);
    });

    it('the first (whose words it keeps) when the question found none of them; a turn joined only through it is no find', () => {
      const result = { memories: [merged(0.9)], messages: [message(0.5, messages[2]), found(0.3, messages[0])] };
      expect(rankedEvidenceIds(result, map)).toEqual(['D1:2', 'D1:3', 'D1:1']);
    });

    it('a topic or session digest counts for every turn it quotes', () => {
      const result = { memories: [merged(0.9, ['semantic', 'tea'])], messages: [found(0.8, messages[2])] };
      expect(rankedEvidenceIds(result, map)).toEqual(['D1:2', 'D1:3']);
    });
  });
});

describe('mnemo system adapter', () => {
  it('ingests in batches with wait, recalls with the reference date and maps the result', async () => {
    const ingested: number[] = [];
    const recalls: unknown[] = [];
    let drained = 0;
    const profile = {
      name: 'conv-1',
      async ingest(batch: BenchMessage[], opts: { wait?: boolean }) {
        expect(opts.wait).toBe(true);
        ingested.push(batch.length);
        return { messageIds: batch.map(id) } as IngestResult;
      },
      async drain() {
        drained++;
      },
      async recall(query: string, opts: unknown) {
        recalls.push(opts);
        return { query, answer: 'Paris', abstained: false, memories: [memory(1, [id(messages[2])])], messages: [] } as unknown as RecallResult;
      },
    } as unknown as ProfileApi;
    let closed = false;
    const system = mnemoSystem(async (name) => {
      expect(name).toBe('conv-1');
      return { profile, close: async () => void (closed = true) };
    });
    const many = Array.from({ length: 1203 }, (_, i) => msg(`D${i}`, `turn ${i}`));
    const conversation: BenchConversation = { id: 'Conv 1', messages: many, questions: [] };
    const prepared = await system.prepare(conversation);
    expect(ingested).toEqual([500, 500, 203]);
    expect(drained).toBe(1); // settled before the first question
    const question = { id: 'q', question: 'Where?', gold: ['D1:3'], category: 'x', abstain: false, referenceDate: '2024-02-01T00:00:00.000Z' };
    const reply = await prepared.query(question, 50);
    expect(recalls[0]).toEqual({ limit: 50, referenceDate: '2024-02-01T00:00:00.000Z' });
    expect(reply).toEqual({ ranked: [], answer: 'Paris', abstained: false });
    await prepared.close();
    expect(closed).toBe(true);
  });

  it('derives valid profile names', () => {
    expect(profileNameFor('Conv 26')).toBe('conv-26');
    expect(profileNameFor('beam-3')).toBe('beam-3');
    expect(profileNameFor('__x')).toBe('x');
  });
});

describe('oversized turns', () => {
  it('split into parts under the limit that keep the evidence id', () => {
    const long = msg('7', `${'a'.repeat(60)}\n${'b'.repeat(60)}`);
    const parts = splitOversized([msg('1', 'short'), long], 100);
    expect(parts.map((p) => p.metadata.evidenceId)).toEqual(['1', '7', '7']);
    expect(parts.every((p) => p.content.length <= 100)).toBe(true);
    expect(parts.slice(1).map((p) => p.content).join('')).toBe(long.content);
  });
});
