import {
  asksAcrossHistory, asksAssistantWords, asksDuration, asksHistory, asksMoney, asksOverview, asksOwnStatements, asksPointInTime, asksSequence, asksTime,
  asksTroubles,
} from './detectors.js';
import { type QuestionShape, shapeOf } from './shape.js';

/**
 * The kinds of question recall treats differently, each named for what the user wants. This is
 * the one place they are listed: a rule that reads the question's wording belongs here, with the
 * user-facing need it serves and what recall does about it. Signals that need no wording (a name
 * the question uses, a time expression chrono-node reads) are listed in `WORDLESS_SIGNALS`.
 */
export type QuestionClassId =
  | 'overview'
  | 'sequence'
  | 'own_statements'
  | 'assistant_words'
  | 'time'
  | 'history'
  | 'money'
  | 'duration'
  | 'point_in_time'
  | 'trouble'
  | 'across_history';

export interface QuestionClass {
  id: QuestionClassId;
  /** The user-facing need. */
  serves: string;
  example: string;
  /** What recall does for it. */
  effect: string;
  detect(q: QuestionShape): boolean;
}

export const QUESTION_CLASSES: readonly QuestionClass[] = [
  {
    id: 'overview',
    serves: 'a summary of a topic across sessions',
    example: 'How has my garden project developed so far?',
    effect: 'searches the topic words only; ranks whole exchanges from every session; answers offline with a dated timeline',
    detect: asksOverview,
  },
  {
    id: 'sequence',
    serves: 'the order in which several things happened or were said',
    example: 'Which came first, the move or the new job?',
    effect: 'searches the topic words only; spreads the results over the whole history; answers offline with a dated timeline',
    detect: asksSequence,
  },
  {
    id: 'own_statements',
    serves: "the user's own past statements (what they raised, asked or told)",
    example: 'What concerns did I raise about the lease?',
    effect: "in a sequence question, the user's own turns rank higher",
    detect: asksOwnStatements,
  },
  {
    id: 'assistant_words',
    serves: "the assistant's own past words (its advice, suggestions, answers)",
    example: 'What was your advice about the database index?',
    effect: "the assistant's turns rank higher",
    detect: asksAssistantWords,
  },
  {
    id: 'time',
    serves: 'when something happened, how long ago, or how events relate in time',
    example: 'At what point did Ann adopt her puppy?',
    effect: 'date facts computed in code; rules and preferences are not lifted; newer restatements do not replace older ones',
    detect: asksTime,
  },
  {
    id: 'history',
    serves: 'earlier values and how something changed',
    example: 'What car did I drive prior to the Tesla?',
    effect: 'superseded memories are searched too; newer restatements do not replace older ones',
    detect: asksHistory,
  },
  {
    id: 'money',
    serves: 'an amount of money (a price, a cost, a payment)',
    example: 'How expensive was my new bike?',
    effect: 'evidence holding an amount of money ranks higher',
    detect: asksMoney,
  },
  {
    id: 'duration',
    serves: 'a length of time (how long something lasted or took)',
    example: 'What was the duration of my stay in Lisbon?',
    effect: 'evidence holding a duration ranks higher',
    detect: asksDuration,
  },
  {
    id: 'point_in_time',
    serves: 'a date or time as the answer',
    example: 'In which season did I plant the tulips?',
    effect: 'the offline answer is the date of the best evidence',
    detect: asksPointInTime,
  },
  {
    id: 'trouble',
    serves: 'what went wrong: the errors, obstacles and difficulties met, and how they were handled',
    example: 'Which obstacles did I run into while setting up the home server?',
    effect: 'evidence telling of an error or of something not working ranks higher',
    detect: asksTroubles,
  },
  {
    id: 'across_history',
    serves: 'what was said at several moments of the history: counts, totals and comparisons gathered over sessions',
    example: 'How many new columns did I want to add to the transactions table across my requests?',
    effect: "outside overviews and sequences, a session's second and later turns rank below the other sessions' best ones",
    detect: asksAcrossHistory,
  },
];

/** Signals recall reads without any wording rule. */
export const WORDLESS_SIGNALS = [
  { signal: 'named person', source: 'capitalized names in the question that the profile knows', effect: 'turns written by that person rank higher' },
  { signal: 'answer to a question', source: "a turn by someone the question does not name, ending in a question mark, and the named person's next turn", effect: 'the reply ranks with the question it answers' },
  { signal: 'time range', source: 'a time expression read by chrono-node', effect: 'evidence inside the range ranks higher' },
  { signal: 'request for help', source: 'none of time, history, overview or sequence', effect: 'the rules and preferences the user gave rank higher' },
] as const;

const BY_ID = new Map(QUESTION_CLASSES.map((c) => [c.id, c]));

/** Every class the question belongs to. */
export function classifyQuestion(query: string): Set<QuestionClassId> {
  const q = shapeOf(query);
  return new Set(QUESTION_CLASSES.filter((c) => c.detect(q)).map((c) => c.id));
}

/** Whether the question belongs to one class. */
export function isQuestionClass(query: string, id: QuestionClassId): boolean {
  return BY_ID.get(id)!.detect(shapeOf(query));
}
