import { describe, expect, it } from 'vitest';
import { useTempProfile } from './support/temp-profile.js';
import { type QuestionClassId, QUESTION_CLASSES, classifyQuestion } from '../src/recall/question/classes.js';
import type { MessageInput } from '../src/schemas.js';
import { words } from '../src/text/tokenize.js';
import type { Candidate } from '../src/recall/candidate.js';
import { spreadOverTime } from '../src/recall/timeline-spread.js';

/**
 * Every class is checked with paraphrases that share none of the words the class's original rule
 * was keyed on (its trigger words), so each class is known to read a kind of request, not a phrasing.
 */
const CASES: Record<QuestionClassId, { triggers: string[]; paraphrases: string[]; not: string[] }> = {
  overview: {
    triggers: ['summarize', 'summarise', 'summary', 'summaries', 'recap', 'sum', 'overview', 'rundown'],
    paraphrases: [
      'Catch me up on everything about my vegetable garden.',
      'How has my marathon training evolved since we started talking?',
      'Give me the gist of my thesis work to date.',
      'Could you fill me in on where the house hunt stands so far?',
    ],
    not: ['Where did I save the quarterly summary?', 'How did Ann get to the airport?', 'What did I name my dog?', 'How has the weather been?'],
  },
  sequence: {
    triggers: ['order', 'chronological', 'chronologically', 'timeline'],
    paraphrases: [
      'Put the stages of my kitchen renovation in sequence.',
      'List what I raised about my novel, from the earliest to the latest.',
      'Which came first: adopting the cat or moving to Denver?',
      'Sort the things I asked about the garden by date.',
    ],
    not: ['What did I do in order to lose weight?', 'What did I order for lunch?', 'What order did I place at the bakery?', 'When did I first visit Rome?', 'What advice does Gina give Jon about a successful business?'],
  },
  own_statements: {
    triggers: ['brought', 'bring', 'mentioned', 'mention'],
    paraphrases: ['Which concerns did I raise about the lease?', "What had I told you about my sister's wedding?", 'Remind me what I asked regarding the tax forms.'],
    not: ['What did Ann raise money for?', 'Which concerns does the landlord have?', 'What should I ask my doctor?'],
  },
  assistant_words: {
    triggers: ['did', 'have', 'had', 'recommended', 'suggested', 'advised', 'proposed', 'told', 'said', 'mentioned', 'explained', 'outlined', 'shared', 'provided', 'gave', 'showed', 'shown'],
    paraphrases: [
      'What was your advice about the database index?',
      'Remind me of the book you pointed me to.',
      'Which chart library was it that you favoured for my dashboard?',
    ],
    not: ['Can you suggest a recipe for dinner?', 'Would you recommend Rust for this?', 'Could you explain closures?', 'What did I say about the deadline?'],
  },
  time: {
    triggers: ['when', 'long', 'many', 'day', 'date', 'year', 'month', 'time', 'before', 'after', 'first', 'ago', 'since', 'until', 'earlier', 'later'],
    paraphrases: [
      'At what point did Ann adopt her puppy?',
      'In which season did I plant the tulips?',
      'How recently did I speak to my landlord?',
      'What was the duration of my stay in Lisbon?',
    ],
    not: ['What is my favourite colour?', 'Where does Ann live?', 'How many times has Ann been to the beach?'],
  },
  history: {
    triggers: ['used', 'previously', 'originally', 'formerly', 'anymore', 'changed', 'change', 'switch', 'switched', 'history', 'before', 'old', 'earlier', 'initially'],
    paraphrases: ['What car did I drive prior to the Tesla?', 'What did I replace my blender with?', 'Is Ann no longer vegetarian?', 'Which gym was I going to at first?'],
    not: ['What car do I drive?', 'What is the name of my one-year-old niece?', 'Which gym is closest to work?'],
  },
  money: {
    triggers: ['much', 'cost', 'costs', 'pay', 'paid', 'spend', 'spent', 'charge', 'earn', 'worth', 'price', 'fee', 'fees', 'rent', 'salary', 'budget'],
    paraphrases: ['How expensive was my new bike?', 'What was the fare for the ferry to Naxos?', 'What amount in dollars did the repairs come to?', 'How pricey were the concert tickets?'],
    not: ['How many dogs do I have?', 'What is my budget tracker built with?', 'Which colour is the new sofa in the catalogue?'],
  },
  duration: {
    // The rule was "how long"; "how" alone opens most questions.
    triggers: ['long'],
    paraphrases: ['What was the duration of my stay in Lisbon?', 'For how many weeks did the pottery course run?', 'How much time did the drive to Boston take?'],
    not: ['How long ago did I move to Denver?', 'How many times did I go swimming?', 'How many dogs do I have?'],
  },
  point_in_time: {
    // The rule was "when" or "what day / date / month / year / time" at the start.
    triggers: ['when', 'day', 'date', 'month', 'year', 'time'],
    paraphrases: ['At which point did I get my promotion?', 'In which season did I plant the tulips?', 'On which weekday was the interview?', 'How long ago did Ann move to Paris?'],
    not: ['Where did I plant the tulips?', 'Which classes does the gym offer for kids?', 'Who did I meet at the interview?'],
  },
  trouble: {
    // The rule was read off questions about "challenges", "issues" and "errors".
    triggers: ['challenge', 'challenges', 'issue', 'issues', 'error', 'errors'],
    paraphrases: [
      'Which obstacles did I run into while setting up the home server?',
      'What went wrong with the deployment last spring?',
      'How did I debug the login page?',
      'What hurdles held up my visa application?',
    ],
    not: ['How many coding challenges did I finish this month?', 'Have I worked on geometry problems before?', 'What did I cook for the party?', 'Summarize my garden project.'],
  },
  across_history: {
    // The rule was read off questions asking "across my sessions / requests / questions / conversations".
    triggers: ['across', 'sessions', 'session', 'requests', 'questions', 'conversations'],
    paraphrases: [
      'How many new columns have I wanted in the transactions table so far?',
      'What totals did I report for my weekly word count over the past months?',
      'How many days off did I take throughout our chats?',
      'Which features have I asked for since we started talking?',
    ],
    not: ['How many columns does the transactions table have?', 'What did I say at the last meeting?', 'How many dogs do I have?', 'Where did I go across the bridge?'],
  },
};

describe('question classes', () => {
  it('are all listed with the need they serve and what recall does', () => {
    expect(QUESTION_CLASSES.map((c) => c.id).sort()).toEqual(Object.keys(CASES).sort());
    for (const c of QUESTION_CLASSES) {
      expect(c.serves.length).toBeGreaterThan(10);
      expect(c.effect.length).toBeGreaterThan(10);
      expect(classifyQuestion(c.example).has(c.id), `${c.id}: ${c.example}`).toBe(true);
    }
  });

  for (const [id, { triggers, paraphrases, not }] of Object.entries(CASES) as [QuestionClassId, (typeof CASES)[QuestionClassId]][]) {
    it(`${id}: found in paraphrases that share none of the original trigger words`, () => {
      expect(paraphrases.length).toBeGreaterThanOrEqual(3);
      const banned = new Set(triggers);
      for (const q of paraphrases) {
        expect(words(q).filter((w) => banned.has(w)), q).toEqual([]);
        expect(classifyQuestion(q).has(id), q).toBe(true);
      }
    });

    it(`${id}: not found in questions of another kind`, () => {
      for (const q of not) expect(classifyQuestion(q).has(id), q).toBe(false);
    });
  }
});

describe('spreading a sequence over the history', () => {
  it('lets a moment from elsewhere in the history pass near-copies of the best one', () => {
    const c = (id: string, day: number, score: number): Candidate => ({
      kind: 'message', id, score, own: score, hits: [],
      message: { id, sessionId: 's', role: 'user', content: id, timestamp: new Date(Date.UTC(2024, 0, day)).toISOString(), metadata: null, seq: 0, createdAt: '2024-01-01T00:00:00.000Z' },
    });
    const ranked = [c('a', 1, 1), c('b', 2, 0.9), c('c', 3, 0.8), c('far', 100, 0.6)];
    expect(spreadOverTime(ranked, 0.5, 0.1).map((x) => x.id)).toEqual(['a', 'far', 'b', 'c']);
    // Off: the ranking is returned as it is.
    expect(spreadOverTime([c('a', 1, 1), c('b', 2, 0.9), c('far', 100, 0.6)], 1, 0.1).map((x) => x.id)).toEqual(['a', 'b', 'far']);
  });
});

const temp = useTempProfile('mnemo-classes-');

const at = (day: number, minute: number) => new Date(Date.UTC(2024, 2, day, 9, minute)).toISOString();
const turn = (role: 'user' | 'assistant', content: string, sessionId: string, day: number, minute: number): MessageInput => ({ role, content, sessionId, timestamp: at(day, minute) });

describe('recall of paraphrased questions (SQLite profile)', () => {
  it('answers a summary asked without the word "summary" with a dated timeline from every session', async () => {
    await temp.profile.ingest(
      [
        turn('user', 'I started training for the marathon with three short runs a week.', 'jan', 1, 0),
        turn('assistant', 'Keep the runs easy and add one long run on Sundays.', 'jan', 1, 1),
        turn('user', 'My marathon training hit a snag: a sore knee after the long run.', 'feb', 8, 0),
        turn('assistant', 'Rest two days, then cut the long run by a third.', 'feb', 8, 1),
        turn('user', 'The marathon training is back on track, I ran 30 km today.', 'mar', 20, 0),
        turn('assistant', 'Great, taper for the last two weeks.', 'mar', 20, 1),
        turn('user', 'Can you help me pick a birthday present for my sister?', 'other', 3, 0),
        turn('assistant', 'A book by her favourite author is a safe choice.', 'other', 3, 1),
      ],
      { wait: true },
    );
    const result = await temp.profile.recall('How has my marathon training evolved since we started talking?', { limit: 10 });
    expect(result.reading.kind).toBe('overview');
    expect(result.reading.terms).toEqual(expect.arrayContaining(['marathon', 'training']));
    const lines = result.answer!.split('\n');
    expect(lines[0]).toBe('- 1 March 2024: I started training for the marathon with three short runs a week.');
    expect(lines.some((l) => l.startsWith('- 20 March 2024:'))).toBe(true);
  });

  it('ranks the user\'s own statements first and covers the whole history when asked for a sequence', async () => {
    const messages: MessageInput[] = [];
    const topics = ['the tiles', 'the cabinets', 'the plumbing', 'the lighting'];
    topics.forEach((topic, i) => {
      messages.push(turn('user', `For the kitchen renovation I am now looking at ${topic}.`, `s${i}`, 1 + i * 7, 0));
      // Long replies that repeat the topic words several times.
      messages.push(turn('assistant', `Kitchen renovation tip: kitchen renovation budgets for ${topic} vary; a kitchen renovation of ${topic} takes planning.`, `s${i}`, 1 + i * 7, 1));
    });
    await temp.profile.ingest(messages, { wait: true });
    const result = await temp.profile.recall('Put the kitchen renovation stages I raised in sequence.', { limit: 4 });
    expect(result.reading.kind).toBe('order');
    expect(result.messages.map((m) => m.role)).toEqual(['user', 'user', 'user', 'user']);
    expect(new Set(result.messages.map((m) => m.sessionId)).size).toBe(4);
  });

  it('lifts the assistant\'s turn when asked for its past advice in other words', async () => {
    await temp.profile.ingest(
      [
        turn('user', 'The database index on orders is slow, what should I do about the index?', 'a', 1, 0),
        turn('assistant', 'Use a composite index on customer and date.', 'a', 1, 1),
      ],
      { wait: true },
    );
    const result = await temp.profile.recall('What was your advice about the database index?', { limit: 2 });
    expect(result.messages[0]!.role).toBe('assistant');
  });

  it('searches replaced memories when asked about an earlier value in other words', async () => {
    const old = await temp.profile.remember({ content: 'I drive a green Volkswagen Golf.', topicKey: 'user.car' });
    const now = await temp.profile.remember({ content: 'I drive a Tesla Model 3 now.', topicKey: 'user.car' });
    expect(now.superseded).toEqual([old.memory.id]);
    const earlier = await temp.profile.recall('Which car did I drive prior to the Tesla?', { limit: 5 });
    expect(earlier.reading.history).toBe(true);
    expect(earlier.memories.map((m) => m.content)).toContain('I drive a green Volkswagen Golf.');
    const current = await temp.profile.recall('Which car do I drive?', { limit: 5 });
    expect(current.memories.map((m) => m.content)).not.toContain('I drive a green Volkswagen Golf.');
  });

  it('answers with the date when asked for a point in time in other words', async () => {
    await temp.profile.ingest(
      [
        turn('user', 'I planted the tulip bulbs along the front fence today.', 'a', 4, 0),
        turn('user', 'The roses by the shed need pruning.', 'b', 9, 0),
      ],
      { wait: true },
    );
    const result = await temp.profile.recall('In which season did I plant the tulip bulbs?', { limit: 3 });
    expect(result.answer).toBe('4 March 2024');
    const what = await temp.profile.recall('Where did I plant the tulip bulbs?', { limit: 3 });
    expect(what.answer).not.toBe('4 March 2024');
  });

  it('prefers the amount when asked how expensive something was', async () => {
    const PRICE = 'The new bike came to $1,200 with the lights.';
    await temp.profile.ingest(
      [
        turn('user', 'My new bike is a blue gravel bike with wide tyres.', 'a', 1, 0),
        turn('user', 'I rode the new bike to work, the new bike is fast.', 'b', 2, 0),
        turn('user', PRICE, 'c', 3, 0),
      ],
      { wait: true },
    );
    const result = await temp.profile.recall('How expensive was my new bike?', { limit: 3 });
    expect(result.messages[0]!.content).toBe(PRICE);
  });
});
