import { describe, expect, it } from 'vitest';
import { messageId } from '../src/ids.js';
import { formatPerfReport, generateBatch, ingestMessages, parseSizes, recallQuestions, runPerfBench } from '../src/bench/perf/index.js';

describe('bench perf: synthetic profile generator', () => {
  it('is deterministic: the same seed gives the same memories and messages', () => {
    const a = generateBatch(7, 0, 300);
    const b = generateBatch(7, 0, 300);
    expect(b).toEqual(a);
    expect(generateBatch(8, 0, 300).memories.map((m) => m.content)).not.toEqual(a.memories.map((m) => m.content));
    expect(recallQuestions(7, 300, 20)).toEqual(recallQuestions(7, 300, 20));
    expect(ingestMessages(7, 30)).toEqual(ingestMessages(7, 30));
  });

  it('generates ingest messages that are all new: no repeats within a stream or across two seeds', () => {
    const ids = [...ingestMessages(7, 2000), ...ingestMessages(8, 2000)].map((m) => messageId(m.sessionId ?? '', m.role, m.content));
    expect(new Set(ids).size).toBe(4000);
  });

  it('generates any slice independently, identical to the same slice of a larger batch', () => {
    const whole = generateBatch(3, 0, 1000);
    const slice = generateBatch(3, 400, 200);
    expect(slice.memories).toEqual(whole.memories.slice(400, 600));
    expect(slice.messages).toEqual(whole.messages.filter((m) => slice.memories.some((x) => x.sourceMessageIds[0] === m.id)));
  });

  it('builds realistic, varied text of every memory type with keys, questions and event times', () => {
    const { memories, messages } = generateBatch(42, 0, 2000);
    expect(new Set(memories.map((m) => m.type))).toEqual(new Set(['fact', 'instruction', 'event', 'task']));
    expect(new Set(memories.map((m) => m.content)).size).toBeGreaterThan(1950);
    expect(messages).toHaveLength(1000);
    for (const m of memories) {
      expect(m.content).toMatch(/^[A-Z][^]*[.]$/);
      expect(m.queries.length).toBe(3);
      if (m.type === 'fact' || m.type === 'instruction') expect(m.topicKey).toMatch(/^[a-z0-9_]+(\.[a-z0-9_]+)+$/);
      if (m.type === 'event') expect(m.eventTime).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
  });

  it('parses sizes', () => {
    expect(parseSizes('10k,100K,1m,500')).toEqual([10_000, 100_000, 1_000_000, 500]);
    expect(() => parseSizes('ten')).toThrow(/bad size/);
  });
});

describe('bench perf: a tiny run', () => {
  it('produces every metric', async () => {
    const result = await runPerfBench({
      sizes: [500], queries: 15, remembers: 10, ingestMessages: 20, embedder: { kind: 'hashing' }, log: () => {},
    });
    const [s] = result.sizes;
    expect(s.build.memories).toBeGreaterThan(450);
    expect(s.build.messages).toBe(250);
    expect(s.memoryVectors).toBeGreaterThan(0);
    const finite = [
      s.build.seconds.total, s.recall.recall.p50, s.recall.recall.p95, s.recall.recall.p99, s.recall.ftsBaseline.p50, s.recall.firstMs,
      s.remember.remember.p50, s.remember.remember.p99, s.remember.writeBaseline.p50, s.ingest.profile.messagesPerSecond,
      s.ingest.empty.messagesPerSecond, s.ingest.profile.acknowledged!.ackPerSecond, s.ingest.empty.acknowledged!.searchablePerSecond, s.disk.total, s.peakRssBytes, s.vectors!.exact.p50, s.vectors!.hnsw.p99,
      s.vectors!.hnswRecallAt10,
    ];
    for (const x of finite) expect(Number.isFinite(x) && x >= 0).toBe(true);
    expect(s.disk.db).toBeGreaterThan(0);
    expect(s.recall.stages.total).toBeGreaterThan(0);
    expect(s.coldStart).not.toBeNull();
    expect(s.coldStart!.healthzMs).toBeGreaterThan(0);
    expect(s.coldStart!.firstRecallMs).toBeGreaterThan(0);
    const report = formatPerfReport(result);
    expect(report).toContain('| metric | 500 |');
    expect(report).toMatch(/recall\*\* ms p50/);
    expect(report).toContain('HNSW recall@10');
    expect(JSON.parse(JSON.stringify(result)).sizes[0].size).toBe(500);
  });
});
