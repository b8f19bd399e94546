import { describe, expect, it } from 'vitest';
import { loadBeam } from '../src/bench/datasets/beam.js';
import { parseBeamAnchor, parseLocomoDate, parseLongMemEvalDate } from '../src/bench/datasets/dates.js';
import { loadLocomo, resolveEvidence } from '../src/bench/datasets/locomo.js';
import { loadLongMemEval } from '../src/bench/datasets/longmemeval.js';
import { defaultBeamPath, defaultBenchDir, defaultLocomoPath } from '../src/bench/paths.js';
import { isRecallScored } from '../src/bench/types.js';

describe('benchmark dates', () => {
  it('parses the three formats as UTC', () => {
    expect(parseLocomoDate('1:56 pm on 8 May, 2023')).toBe('2023-05-08T13:56:00.000Z');
    expect(parseLocomoDate('12:09 am on 13 September, 2023')).toBe('2023-09-13T00:09:00.000Z');
    expect(parseBeamAnchor('March-15-2024')).toBe('2024-03-15T09:00:00.000Z');
    expect(parseLongMemEvalDate('2023/05/20 (Sat) 02:21')).toBe('2023-05-20T02:21:00.000Z');
    expect(() => parseLocomoDate('yesterday')).toThrow(/unrecognized/);
  });
});

describe('LoCoMo loader on locomo-dev', () => {
  const conversations = loadLocomo(defaultLocomoPath());

  it('loads every turn of the sessions that exist', () => {
    expect(conversations.map((c) => c.id)).toEqual(['conv-26', 'conv-30', 'conv-41', 'conv-42', 'conv-43']);
    expect(conversations.map((c) => c.messages.length)).toEqual([419, 369, 663, 629, 680]);
    expect(new Set(conversations[0].messages.map((m) => m.sessionId)).size).toBe(19);
  });

  it('formats turns and maps speakers to roles', () => {
    const [first, second] = conversations[0].messages;
    expect(first).toMatchObject({ role: 'user', content: 'Caroline: Hey Mel! Good to see you! How have you been?', timestamp: '2023-05-08T13:56:00.000Z', metadata: { evidenceId: 'D1:1' } });
    expect(second.role).toBe('assistant');
    expect(conversations[0].messages.some((m) => / \[shares a photo of .+\]$/.test(m.content))).toBe(true);
  });

  it('scores categories 1-4 with resolvable evidence and keeps category 5 as abstention probes', () => {
    const all = conversations.flatMap((c) => c.questions);
    expect(all.filter(isRecallScored)).toHaveLength(760);
    expect(all.filter((q) => q.abstain)).toHaveLength(237);
    expect(all.filter((q) => q.abstain).every((q) => q.category === 'adversarial' && q.gold.length === 0)).toBe(true);
    const last = conversations[0].messages.at(-1)!.timestamp;
    expect(conversations[0].questions.every((q) => q.referenceDate === last)).toBe(true);
  });

  it('splits evidence entries and drops unknown ids', () => {
    const known = new Set(['D8:6', 'D9:17', 'D1:3']);
    expect(resolveEvidence(['D8:6; D9:17', 'D', 'D:11:26', 'D1:3', 'D1:3'], known)).toEqual(['D8:6', 'D9:17', 'D1:3']);
  });
});

describe('BEAM loader on beam-100k-dev', () => {
  const chats = loadBeam(defaultBeamPath());

  it('loads ten chats with their messages and time anchors', () => {
    expect(chats).toHaveLength(10);
    expect(chats.reduce((n, c) => n + c.messages.length, 0)).toBe(2432);
    const first = chats[0].messages;
    expect(first[0].timestamp).toBe('2024-03-15T09:00:00.000Z');
    expect(first[0].content).not.toMatch(/->->/);
    expect(first.find((m) => m.metadata.evidenceId === '60')!.timestamp).toBe('2024-04-05T09:00:00.000Z');
    const times = first.map((m) => Date.parse(m.timestamp));
    expect(times.every((t, i) => i === 0 || t > times[i - 1])).toBe(true);
  });

  it('flattens gold ids and records knowledge updates', () => {
    const questions = chats.flatMap((c) => c.questions);
    expect(questions).toHaveLength(200);
    expect(questions.filter(isRecallScored)).toHaveLength(179);
    expect(questions.filter((q) => q.abstain)).toHaveLength(20);
    const updates = questions.filter((q) => q.update);
    expect(updates).toHaveLength(20);
    const ku = questions.find((q) => q.id === 'beam-1:knowledge_update:0')!;
    expect(ku.update).toEqual({ original: ['86'], updated: ['114'] });
    expect(ku.gold).toEqual(['86', '114']);
  });
});

describe('LongMemEval loader', () => {
  it('turns the haystack into one conversation with has_answer turns as gold', () => {
    const [conv] = loadLongMemEval(`${defaultBenchDir()}/longmemeval_s_single_e47becba.json`);
    expect(conv.messages).toHaveLength(550);
    expect(conv.questions[0]).toMatchObject({ question: 'What degree did I graduate with?', gold: ['answer_280352e9:4', 'answer_280352e9:5'], abstain: false });
  });
});
