import { WordFamily } from './shape.js';

/**
 * The word families the question classes read. A family holds every word that plays one role in
 * a request ("a summary", "a sequence", "a unit of time"), so a class does not hang on a phrasing.
 */

/** Asking to condense a topic: the nouns (a summary of…) and the verbs (summarize…). */
export const SUMMARY_NOUN = new WordFamily(['summary', 'summaries', 'recap', 'overview', 'rundown', 'synopsis', 'digest', 'gist', 'roundup', 'highlights', 'recapitulation', 'debrief']);
export const SUMMARY_VERB = new WordFamily(['summarize', 'summarise', 'summarizing', 'summarising', 'recap', 'recapitulate', 'condense', 'debrief']);

/** How something went over time: its development. */
export const DEVELOPMENT = new WordFamily([
  'develop', 'developed', 'progress', 'progressed', 'evolve', 'evolved', 'grow', 'grew', 'grown', 'change', 'changed',
  'advance', 'advanced', 'unfold', 'unfolded', 'shift', 'shifted', 'mature', 'matured', 'improve', 'improved', 'went', 'gone', 'come', 'came',
]);

/** A sequence: the nouns of order. */
export const SEQUENCE_NOUN = new WordFamily(['order', 'sequence', 'chronology', 'ordering']);

/** Saying something, in its past forms too (irregular ones listed): "I brought up", "you told me". */
export const SPEECH = new WordFamily([
  'mention', 'mentioned', 'raise', 'raised', 'bring', 'brought', 'ask', 'asked', 'say', 'said', 'tell', 'told', 'talk', 'talked',
  'discuss', 'discussed', 'share', 'shared', 'describe', 'described', 'explain', 'explained', 'note', 'noted', 'write', 'wrote',
  'written', 'speak', 'spoke', 'spoken', 'complain', 'complained', 'express', 'expressed', 'cover', 'covered', 'touch', 'touched',
]);

/** What advice is made of: recommending, suggesting, pointing to, coming up with. */
export const ADVICE_VERB = new WordFamily([
  'recommend', 'suggest', 'advise', 'propose', 'outline', 'provide', 'give', 'gave', 'given', 'show', 'showed', 'shown',
  'point', 'warn', 'list', 'name', 'teach', 'taught', 'walk', 'come', 'came', 'pick', 'choose', 'chose', 'chosen', 'favour',
  'favor', 'think', 'thought', 'send', 'sent', 'offer', 'flag', 'highlight', 'mean', 'meant', 'find', 'found', 'make', 'made',
]);
export const ADVICE_NOUN = new WordFamily([
  'advice', 'suggestion', 'recommendation', 'tip', 'answer', 'explanation', 'idea', 'pick', 'take', 'opinion', 'proposal',
  'feedback', 'guidance', 'instructions', 'reply', 'response', 'verdict', 'warning',
]);
/** Irregular past forms (regular ones end in -ed). */
export const IRREGULAR_PAST = new Set(['said', 'told', 'gave', 'given', 'showed', 'shown', 'taught', 'came', 'chose', 'chosen', 'thought', 'sent', 'meant', 'found', 'made', 'brought', 'wrote', 'written', 'spoke', 'spoken', 'put', 'got', 'gotten', 'went', 'gone', 'knew', 'known', 'saw', 'seen', 'did', 'done', 'had', 'was', 'were']);

/** Units of time and calendar words. */
export const TIME_UNIT = new WordFamily([
  'second', 'minute', 'hour', 'day', 'night', 'week', 'weekend', 'fortnight', 'month', 'year', 'decade', 'century', 'season',
  'spring', 'summer', 'autumn', 'winter', 'morning', 'afternoon', 'evening', 'weekday', 'date', 'time', 'semester', 'quarter',
]);
/** Relations in time. */
export const TIME_RELATION = new WordFamily([
  'when', 'ago', 'since', 'until', 'till', 'before', 'after', 'earlier', 'later', 'first', 'prior', 'recent', 'recently',
  'lately', 'duration', 'afterwards', 'beforehand',
]);

/** What was true before: earlier values. */
export const PRIOR = new WordFamily(['previous', 'previously', 'prior', 'original', 'originally', 'former', 'formerly', 'initial', 'initially', 'old', 'older', 'earlier', 'before', 'history', 'anymore', 'still']);
/** Replacing one thing by another. */
export const CHANGE = new WordFamily(['change', 'switch', 'replace', 'swap', 'quit', 'stop', 'stopped', 'abandon', 'convert', 'upgrade', 'downgrade']);

/** Money: what a value in money is called, and the verbs of paying. */
export const MONEY = new WordFamily([
  'cost', 'pay', 'paid', 'spend', 'spent', 'charge', 'earn', 'worth', 'price', 'fee', 'rent', 'salary', 'budget', 'expense',
  'expensive', 'cheap', 'afford', 'bill', 'invoice', 'tuition', 'fare', 'wage', 'income', 'refund', 'dollar', 'euro', 'pound',
  'buck', 'donate', 'loan', 'debt', 'owe', 'mortgage', 'sell', 'sold', 'deposit', 'premium',
]);
export const MONEY_NOUN = new WordFamily(['price', 'cost', 'fee', 'salary', 'rent', 'budget', 'fare', 'tuition', 'wage', 'bill', 'income', 'deposit', 'premium', 'expense']);
export const PRICEY = new WordFamily(['expensive', 'cheap', 'pricey', 'costly', 'affordable', 'dear']);

/**
 * Something that went wrong or stood in the way: the words a question about troubles uses.
 * "Problem" is left out: it names an exercise as often ("my area calculation problems").
 */
export const TROUBLE = new WordFamily([
  'issue', 'challenge', 'difficulty', 'error', 'bug', 'trouble', 'obstacle', 'setback', 'hurdle', 'struggle',
  'glitch', 'failure', 'pitfall', 'snag', 'hiccup', 'roadblock', 'blocker', 'mistake', 'troubleshoot', 'debug',
]);

/** The span of a shared history ("so far", "over time", "across our chats"). */
export const HISTORY_SPAN = /\b(over time|so far|to date|throughout|across (?:our|the|my|all|these|those)|since (?:we|i|then|the start|the beginning)|along the way|all this time|over the (?:past|last|years|months|weeks|course)|(?:our|these|those|the) (?:conversations?|chats?|discussions?|sessions?|talks?))\b/;
