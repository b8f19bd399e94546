import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createBaselines } from '../src/bench/baselines/index.js';
import { compareResults, formatComparison } from '../src/bench/compare.js';
import { formatReport } from '../src/bench/report.js';
import { runBench, updatedRanksFirst } from '../src/bench/runner.js';
import type { BenchSystem } from '../src/bench/system.js';
import type { BenchConversation, BenchQuestion } from '../src/bench/types.js';
import type { Embedder } from '../src/models/embedder.js';

/** Bag-of-words hashed into 64 dimensions, unit length: enough to rank lexical overlap. */
const hashingEmbedder: Embedder = {
  id: 'test-hash-64',
  dimensions: 64,
  async embed(texts) {
    return texts.map((text) => {
      const v = new Float32Array(64);
      for (const w of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) v[createHash('md5').update(w).digest()[0] % 64] += 1;
      const norm = Math.hypot(...v) || 1;
      return v.map((x) => x / norm);
    });
  },
};

const turns = ['I adopted a dog named Rex', 'Rex loves the beach', 'My sister lives in Lisbon', 'We painted the kitchen blue', 'I started learning the cello'];
const question = (id: string, text: string, gold: string[], extra: Partial<BenchQuestion> = {}): BenchQuestion => ({
  id, question: text, gold, category: extra.abstain ? 'adversarial' : 'single-hop', abstain: false, referenceDate: '2024-01-02T00:00:00.000Z', answer: 'Rex', locomoCategory: 4, ...extra,
});
const conversation: BenchConversation = {
  id: 'conv-t',
  messages: turns.map((content, i) => ({ role: i % 2 ? 'assistant' : 'user', content, sessionId: 's1', timestamp: '2024-01-01T00:00:00.000Z', metadata: { evidenceId: `D1:${i + 1}` } })),
  questions: [
    question('q1', 'What is the name of the dog?', ['D1:1']),
    question('q2', 'Where does the sister live?', ['D1:3']),
    question('q3', 'Which instrument is being learned?', ['D1:5'], { category: 'multi-hop', locomoCategory: 1 }),
    question('q4', 'What is the name of the cat?', [], { abstain: true }),
  ],
};

/** A stand-in for mnemo: always returns D1:1 first, answers "Rex", abstains on the cat. */
const oracle: BenchSystem = {
  name: 'mnemo',
  answersAbstention: true,
  async prepare() {
    return {
      query: async (q) => ({ ranked: ['D1:1', 'D1:1', ...q.gold], answer: 'Rex', abstained: q.abstain }),
      close: async () => {},
    };
  },
};

describe('benchmark runner and report', () => {
  it('runs every system on the same questions and prints mnemo first with a ratio row', async () => {
    const systems = [oracle, ...createBaselines(['bm25', 'vector', 'hybrid', 'orama'], hashingEmbedder)];
    const result = await runBench({ benchmark: 'test', dataPath: 'mem', conversations: [conversation], systems, scoreF1: true, progress: false });
    expect(result.systems.map((s) => s.name)).toEqual(['mnemo', 'BM25', 'vector', 'hybrid 0.7v+0.3t', 'Orama']);
    expect(result.scoredQuestions).toBe(3);
    const [mnemo, bm25] = result.systems;
    expect(mnemo.recall.overall['5']).toBe(100);
    expect(mnemo.questions).toHaveLength(4);
    expect(bm25.questions).toHaveLength(3);
    expect(mnemo.f1).toMatchObject({ questions: 3 });
    expect(mnemo.f1!.byCategory['single-hop']).toBe(100);
    expect(mnemo.abstention).toMatchObject({ correct: 1, total: 1, accuracy: 100, falseAbstentionRate: 0 });
    expect(bm25.abstention).toBeUndefined();
    expect(bm25.recall.byCategory['single-hop']['50']).toBe(100);

    const report = formatReport(result);
    const lines = report.split('\n');
    const row = (name: string) => lines.findIndex((l) => l.startsWith(`| ${name} |`));
    expect(row('mnemo')).toBeGreaterThan(0);
    expect(row('mnemo')).toBeLessThan(row('BM25'));
    expect(report).toContain('| mnemo / BM25 |');
    expect(report).toContain('### R@50 by category');
    expect(report).toContain('abstention accuracy');
  });

  it('compares two results metric by metric', async () => {
    const a = await runBench({ benchmark: 'test', dataPath: 'mem', conversations: [conversation], systems: createBaselines(['bm25']), progress: false });
    const b = structuredClone(a);
    b.systems[0].recall.overall['5'] += 10;
    const cmp = compareResults(a, b);
    expect(cmp.warnings).toEqual([]);
    expect(cmp.deltas.find((d) => d.system === 'BM25' && d.metric === 'R@5')!.delta).toBeCloseTo(10);
    expect(cmp.deltas.find((d) => d.metric === 'R@10')!.delta).toBe(0);
    expect(formatComparison(cmp)).toContain('| R@5 |');
  });

  it('tells whether an updated value ranks above the original', () => {
    expect(updatedRanksFirst(['9', '3', '7'], { original: ['7'], updated: ['3'] })).toBe(true);
    expect(updatedRanksFirst(['7', '3'], { original: ['7'], updated: ['3'] })).toBe(false);
    expect(updatedRanksFirst(['3'], { original: ['7'], updated: ['3'] })).toBe(true);
    expect(updatedRanksFirst(['7'], { original: ['7'], updated: ['3'] })).toBe(false);
  });
});
