import { describe, expect, it } from 'vitest';
import { useTempProfile } from './support/temp-profile.js';
import { formatRecall } from '../src/cli/commands/recall.js';
import { boostAnswerTypes, expectedAnswerType } from '../src/recall/answer-type.js';
import type { Candidate } from '../src/recall/candidate.js';
import { synthesisPrompt } from '../src/recall/model/synthesis-prompt.js';
import { createOfflineAnalyzer } from '../src/recall/offline-analyzer.js';
import { isOrderQuestion, isOverviewQuestion, overviewTerms } from '../src/recall/overview.js';
import { boostGuidance } from '../src/recall/guidance-boost.js';
import { spreadSessions } from '../src/recall/session-spread.js';
import { timelineAnswer } from '../src/recall/timeline-answer.js';
import type { MessageInput } from '../src/schemas.js';
import type { MemoryType } from '../src/types.js';

function candidate(id: string, content: string, score: number, sessionId = 's'): Candidate {
  const message = { id, sessionId, role: 'user' as const, content, timestamp: null, metadata: null, seq: 0, createdAt: '2024-01-01T00:00:00.000Z' };
  return { kind: 'message', id, score, own: score, hits: [], message };
}

describe('overview questions', () => {
  it('are told apart from questions about one thing', () => {
    expect(isOverviewQuestion('Can you summarize how my garden project went?')).toBe(true);
    expect(isOverviewQuestion('Give me a recap of the deployment work')).toBe(true);
    expect(isOverviewQuestion('I need an overview of the budget discussions')).toBe(true);
    expect(isOverviewQuestion('When did I plant the tomatoes?')).toBe(false);
    expect(isOverviewQuestion('What is the summer schedule?')).toBe(false);
    expect(isOverviewQuestion('Where did I save the quarterly summary?')).toBe(false);
  });

  it('include questions about the order of things, but not "in order to"', () => {
    expect(isOrderQuestion('Can you list the order in which I brought up the parts of my thesis?')).toBe(true);
    expect(isOrderQuestion('In what order did I visit the three cities?')).toBe(true);
    expect(isOrderQuestion('List my job changes in chronological order')).toBe(true);
    expect(isOrderQuestion('In order to deploy, what do I run first?')).toBe(false);
    expect(isOrderQuestion('What is the order of operations?')).toBe(false);
    expect(isOrderQuestion('What did I order for lunch?')).toBe(false);
  });

  it('search the topic words, not the words of the request', async () => {
    const analysis = await createOfflineAnalyzer().analyze('Can you give me a comprehensive summary of how my garden project progressed over time?', {
      referenceDate: new Date('2024-06-01T00:00:00Z'),
      topicKeys: [],
    });
    expect(analysis.overview).toBe(true);
    expect(analysis.terms).toEqual(['garden', 'project']);
    expect(overviewTerms(['summary', 'recap'])).toEqual(['summary', 'recap']);
    const order = await createOfflineAnalyzer().analyze('Can you list the order in which I brought up different aspects of my thesis?', {
      referenceDate: new Date('2024-06-01T00:00:00Z'),
      topicKeys: [],
    });
    expect([order.order, order.overview]).toEqual([true, false]);
    expect(order.terms).toEqual(['thesis']);
  });

  // How many items to list and the span of the history frame the request; the thesis is the topic.
  for (const question of [
    'Can you list the order in which I brought up different aspects of my thesis across our conversations? Mention ONLY five items.',
    'In what sequence did I raise thesis matters throughout our chats? Name 3 points.',
    'Give me a timeline of my thesis work across these sessions, seven key steps.',
  ]) {
    it(`searches no item count nor history span: "${question}"`, async () => {
      const analysis = await createOfflineAnalyzer().analyze(question, { referenceDate: new Date('2024-06-01T00:00:00Z'), topicKeys: [] });
      expect(analysis.terms).toContain('thesis');
      for (const frame of ['five', '3', 'seven', 'across', 'sessions', 'chats']) expect(analysis.terms).not.toContain(frame);
    });
  }
});

describe('a model asked an overview question', () => {
  it('is told to answer with a dated, chronological summary (and only then)', () => {
    const input = { query: 'Summarize my garden project', referenceDate: new Date('2024-06-01T00:00:00Z'), evidence: [], temporal: [], confidence: 0.8 };
    expect(synthesisPrompt({ ...input, timeline: true }).prompt).toContain('chronological summary');
    expect(synthesisPrompt(input).prompt).not.toContain('chronological summary');
  });
});

describe('standing guidance', () => {
  it('lifts instructions and stated preferences, and nothing else', () => {
    const memory = (id: string, type: MemoryType, topicKey: string | null): Candidate => ({
      kind: 'memory',
      id,
      score: 1,
      own: 1,
      hits: [],
      memory: { id, type, content: id, topicKey, eventTime: null, sessionId: null, sourceMessageIds: [], queries: [], tags: [], importance: 0.5, status: 'active', supersededBy: null, createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z', tier: 'hot', accessCount: 0, lastAccessedAt: null, pinned: false, halfLifeDays: null, metadata: {}, userId: null, agentId: null, runId: null, derivedFrom: [], expiresAt: null, attachment: null },
    });
    const out = boostGuidance([memory('rule', 'instruction', 'user.rule.lint'), memory('pref', 'fact', 'user.preferred_editor'), memory('fact', 'fact', 'user.city'), candidate('turn', 'turn', 1)], 1.5);
    expect(Object.fromEntries(out.map((c) => [c.id, c.score]))).toEqual({ rule: 2.5, pref: 2.5, fact: 1, turn: 1 });
  });
});

describe('session spread', () => {
  it('lowers each further message of a session, in rank order, and leaves memories alone', () => {
    const msg = (id: string, sessionId: string, score: number) => candidate(id, id, score, sessionId);
    const memory: Candidate = { kind: 'memory', id: 'm', score: 1, own: 1, hits: [] };
    const out = spreadSessions([msg('a1', 'a', 1), msg('a2', 'a', 1), msg('b1', 'b', 1), msg('a3', 'a', 1), memory], 0.5);
    expect(Object.fromEntries(out.map((c) => [c.id, c.score]))).toEqual({ a1: 1, a2: 0.5, b1: 1, a3: 0.25, m: 1 });
  });
});

describe('questions that name the kind of value they want', () => {
  it('expect money for costs and a duration for "how long"', () => {
    expect(expectedAnswerType('How much does my gym membership cost each month?')?.name).toBe('money');
    expect(expectedAnswerType("What's the rent for the flat?")?.name).toBe('money');
    expect(expectedAnswerType('How long have I been learning Spanish?')?.name).toBe('duration');
    expect(expectedAnswerType('How many dogs do I have?')).toBeNull();
    expect(expectedAnswerType('What did I say about my budget tracker app?')).toBeNull();
    expect(expectedAnswerType('What is my budget tracker built with?')).toBeNull();
    expect(expectedAnswerType('What is my budget for the trip?')?.name).toBe('money');
    expect(expectedAnswerType('Which snags did the kitchen remodel hit?')?.name).toBe('trouble');
    expect(expectedAnswerType('How many challenges did I complete?')).toBeNull();
  });

  it('lift turns telling of something not working for a question about troubles, by their own share', () => {
    const turn = (id: string, content: string, score: number) => candidate(id, content, score);
    const ranked = [turn('a', 'The router sits in the hall.', 1), turn('b', "The router isn't working after the update.", 0.8), turn('c', 'I keep getting a DNS error.', 0.5)];
    const scores = Object.fromEntries(boostAnswerTypes('What hurdles did I hit with the home network?', ranked, 0.5, 1).map((c) => [c.id, c.score]));
    expect(scores).toEqual({ a: 1, b: 1.6, c: 1 });
    const off = boostAnswerTypes('What hurdles did I hit with the home network?', [turn('b', 'It keeps failing.', 0.8)], 0.5, 0);
    expect(off[0]!.score).toBe(0.8);
  });

  it('lift only the candidates holding such a value', () => {
    const turn = (id: string, content: string, score: number) => candidate(id, content, score);
    const ranked = [turn('a', 'The membership has a pool.', 1), turn('b', 'It is $45/month.', 0.8), turn('c', 'Costs 30 euros a visit.', 0.5)];
    const scores = Object.fromEntries(boostAnswerTypes('How much does the membership cost?', ranked, 0.5).map((c) => [c.id, c.score]));
    expect(scores).toEqual({ a: 1, b: 1.2000000000000002, c: 0.75 });
    const untouched = boostAnswerTypes('Where is the gym?', [turn('b', 'It is $45/month.', 0.8)], 0.5);
    expect(untouched[0]!.score).toBe(0.8);
  });
});

const temp = useTempProfile('mnemo-kinds-');

const at = (day: number, minute: number) => new Date(Date.UTC(2024, 2, day, 9, minute)).toISOString();
function exchange(sessionId: string, day: number, minute: number, user: string, assistant: string): MessageInput[] {
  return [
    { role: 'user', content: user, sessionId, timestamp: at(day, minute) },
    { role: 'assistant', content: assistant, sessionId, timestamp: at(day, minute + 1) },
  ];
}

describe('a question asking for a member of a class ("what kind of…")', () => {
  it('searches the class asked about, not the classifier', async () => {
    const analyze = (q: string) => createOfflineAnalyzer().analyze(q, { referenceDate: new Date('2024-06-01T00:00:00Z'), topicKeys: [] });
    expect((await analyze('What kind of art does Caroline make?')).terms).toEqual(['art', 'caroline', 'make']);
    expect((await analyze('Which sorts of bread did I bake?')).terms).not.toContain('sorts');
    // Used otherwise, the word stays: "kind" as an adjective, "type" as a verb.
    expect((await analyze('Is Ann a kind neighbour?')).terms).toContain('kind');
    expect((await analyze('How fast do I type?')).terms).toContain('type');
  });

  it('finds the class member before turns that only share the classifier', async () => {
    await temp.profile.ingest(
      [
        { role: 'user', content: 'Ann: You are so kind to make me tea, kind as always!', sessionId: 'chat-1' },
        { role: 'user', content: 'Ann: How kind of you to make dinner for the kids.', sessionId: 'chat-1' },
        { role: 'user', content: 'Ann: My art is watercolour landscapes of the coast.', sessionId: 'chat-2' },
        ...['went hiking today', 'bought new running shoes', 'fixed the bike', 'read a novel about sailors', 'cooked a curry'].map((s) => ({
          role: 'user' as const, content: `Bob: I ${s}.`, sessionId: 'chat-3',
        })),
      ],
      { wait: true },
    );
    const result = await temp.profile.recall('What kind of art does Ann make?', { limit: 3 });
    expect(result.messages[0]!.content).toBe('Ann: My art is watercolour landscapes of the coast.');
  });
});

describe('recall of an overview question (end to end)', () => {
  it('returns the exchanges from every session on the topic, replies included', async () => {
    const messages: MessageInput[] = [
      ...exchange('march', 1, 0, 'I am starting a vegetable garden project in the backyard with tomatoes and beans.', 'Raised beds with compost suit tomatoes and beans; start the seeds indoors six weeks before the last frost.'),
      ...exchange('april', 10, 0, 'The tomatoes in my garden project caught blight.', 'Remove the spotted leaves, water at the base and rotate the bed next season.'),
      ...exchange('may', 12, 0, 'First harvest from the garden project: two kilos of beans!', 'Blanch and freeze what you cannot eat this week.'),
    ];
    ['fixed the fence', 'watered the beds', 'weeded the path'].forEach((chore, i) =>
      messages.push(...exchange('june', 20, i * 2, `For the garden project I ${chore} today.`, 'Good, that is done.')),
    );
    ['car insurance renewal', 'birthday party', 'new laptop setup', 'marathon training', 'tax return forms', 'piano lessons'].forEach((topic, i) =>
      messages.push(...exchange(`other-${i}`, 2 + i, 0, `Can you help me with the ${topic}?`, `Sure, here is a plan for the ${topic}.`)),
    );
    // Turns that share only the words of the request ("summary", "progressed", "time").
    messages.push(
      ...exchange('work', 25, 0, 'Give me a summary of the quarterly report, it progressed slowly this time.', 'Here is a summary: revenue progressed over time, costs fell.'),
      ...exchange('work', 25, 2, 'Summary of the meeting: time ran out before the budget item.', 'A summary noted; the budget item moves to next time.'),
    );
    await temp.profile.ingest(messages, { wait: true });

    const result = await temp.profile.recall('Can you give me a summary of how my garden project progressed over time?', { limit: 12 });
    const top = result.messages.slice(0, 12);
    expect(new Set(top.map((m) => m.sessionId))).toEqual(new Set(['march', 'april', 'may', 'june']));
    const contents = top.map((m) => m.content);
    expect(contents).toContain('Raised beds with compost suit tomatoes and beans; start the seeds indoors six weeks before the last frost.');
    expect(contents).toContain('Remove the spotted leaves, water at the base and rotate the bed next season.');
    expect(contents).toContain('Blanch and freeze what you cannot eat this week.');
    expect(result.reading).toMatchObject({ kind: 'overview', terms: ['garden', 'project'] });
    // The offline answer is a timeline: one dated line per step, oldest first.
    const lines = result.answer!.split('\n');
    expect(lines[0]).toBe('- 1 March 2024: I am starting a vegetable garden project in the backyard with tomatoes and beans.');
    expect(lines).toContain('- 10 March 2024: The tomatoes in my garden project caught blight.');
    expect(lines.length).toBeGreaterThanOrEqual(4);

    // An order question gets the same kind of answer: the steps in sequence.
    const ordered = await temp.profile.recall('In what order did the garden project things happen?', { limit: 12 });
    expect(ordered.reading.kind).toBe('order');
    const steps = ordered.answer!.split('\n');
    expect(steps[0]).toBe('- 1 March 2024: I am starting a vegetable garden project in the backyard with tomatoes and beans.');
    expect(steps.indexOf('- 10 March 2024: The tomatoes in my garden project caught blight.')).toBeGreaterThan(0);
  });

  it('puts the rule for answering first when asked for help, but not when asked about the past', async () => {
    await temp.profile.remember({ content: 'Always include version numbers when I ask about the libraries of the project.' });
    await temp.profile.remember({ content: 'The project uses the libraries React and Zod for the frontend forms.' });
    await temp.profile.remember({ content: 'The project libraries were updated last week, including the chart libraries.' });
    for (const other of ['The dentist is on Main Street.', 'My sister lives in Porto.', 'The car needs new tyres.', 'I run 5 km on Sundays.', 'The cat is called Miso.', 'Our standup is at 9:30.', 'I am learning Spanish.']) {
      await temp.profile.remember({ content: other });
    }
    const help = await temp.profile.recall('Which libraries does the project use?', { limit: 3 });
    expect(help.memories[0]!.content).toBe('Always include version numbers when I ask about the libraries of the project.');
    const past = await temp.profile.recall('When did the project libraries get updated?', { limit: 3 });
    expect(past.memories[0]!.content).toBe('The project libraries were updated last week, including the chart libraries.');
  });

  it('finds the amount when the question asks what something costs', async () => {
    const PRICE = 'The gym membership went up to $45 after the owners changed.';
    const fillers = ['car insurance', 'tax forms', 'piano lessons', 'flight to Lisbon', 'book club', 'dentist visit', 'new laptop', 'kitchen paint'];
    await temp.profile.ingest(
      [
        { role: 'user', content: 'My gym membership also covers the yoga classes.', sessionId: 'a', timestamp: at(1, 0) },
        { role: 'user', content: 'I renewed my membership at the gym yesterday, the one near work.', sessionId: 'b', timestamp: at(5, 0) },
        { role: 'user', content: PRICE, sessionId: 'c', timestamp: at(9, 0) },
        ...fillers.map((topic, i) => ({ role: 'user' as const, content: `Help me plan the ${topic}.`, sessionId: `f${i}`, timestamp: at(12 + i, 0) })),
      ],
      { wait: true },
    );
    const result = await temp.profile.recall('How much does my gym membership cost each month?', { limit: 3 });
    expect(result.messages[0]!.content).toBe(PRICE);
    expect(result.messages[0]!.score).toBeGreaterThan(result.messages[1]!.score);
  });
});

describe('the timeline answer', () => {
  it('dates each step, oldest first, matches topic words only and says a repeated sentence once', () => {
    const ev = (id: string, content: string, time: string) => ({ id, kind: 'message' as const, content, time, score: 1 });
    const answer = timelineAnswer(
      [
        ev('b', 'The garden tomatoes caught blight. We talked about it for a long time.', '2024-04-10T09:00:00.000Z'),
        ev('a', 'I started the garden project.', '2024-03-01T09:00:00.000Z'),
        ev('c', 'I started the garden project', '2024-03-02T09:00:00.000Z'),
        ev('d', 'Here is a summary of the meeting.', '2024-05-01T09:00:00.000Z'),
      ],
      new Set(overviewTerms(['summary', 'garden', 'project']).map((w) => w.slice(0, 5))),
    );
    expect(answer).toEqual({
      answer: '- 1 March 2024: I started the garden project.\n- 10 April 2024: The garden tomatoes caught blight.',
      citedIds: ['a', 'b'],
    });
  });
});

describe('the CLI', () => {
  it('prints a multi-line answer under its label, one step per line', () => {
    const result = { query: 'q', answer: '- 1 March 2024: a\n- 2 March 2024: b', confidence: 0.7, abstained: false, memories: [], messages: [], temporal: [], reading: { kind: 'overview' as const, terms: ['q'], timeRange: null, temporal: false, history: false }, timings: {} };
    expect(formatRecall(result).slice(0, 3)).toEqual(['answer:\n- 1 March 2024: a\n- 2 March 2024: b', 'confidence: 0.70', 'read as: overview; searched: q']);
  });
});
