import { describe, expect, it } from 'vitest';
import { contentOwnership } from '../src/recall/answerability.js';
import { askedContent } from '../src/recall/asked-content.js';
import { answerPhrase } from '../src/recall/answer-phrase.js';
import { bestSentence } from '../src/recall/best-sentence.js';
import { questionNames, unnamedInEvidence } from '../src/recall/name-binding.js';
import { relativeClauseHeads } from '../src/recall/presupposition.js';
import { bindSentences } from '../src/recall/subject-binding.js';
import { presupposedNames } from '../src/recall/unknown-names.js';
import { sentences } from '../src/text/sentences.js';

const who = (lines: string[]) => bindSentences(lines, ['ann', 'bob']).map((s) => [s.subject, s.strength]);

describe('binding each sentence of a chat line to its subject', () => {
  it('gives a claim to its author, a remark about "you" or a vocative to the listener, a person-less sentence to what came before', () => {
    expect(who(['Ann: I baked bread. It rose well.'])).toEqual([['ann', 1], ['ann', 0.75]]);
    expect(who(['Ann: Your garden looks lovely.'])).toEqual([['bob', 1]]);
    expect(who(['Ann: What got you into climbing?'])).toEqual([['bob', 0.75]]);
    expect(who(['Ann: That bridge photo is stunning, Bob!'])).toEqual([['bob', 0.5]]);
    expect(who(['Ann: Great weather today.'])).toEqual([['ann', 0.5]]);
  });

  it('counts what one line says of one subject together, across its sentences', () => {
    const lines = ['Bob: I ran a charity race on Saturday. It made me realize rest matters.'];
    expect(contentOwnership('What did Ann realize after the charity race?', lines)).toBeNull(); // Ann wrote nothing here
    const both = [...lines, 'Ann: Congrats on finishing!'];
    expect(contentOwnership('What did Ann realize after the charity race?', both)).toEqual({ own: 0, others: 1 });
    expect(contentOwnership('What did Bob realize after the charity race?', both)).toEqual({ own: 1, others: 0 });
  });
});

describe('what a question asks about', () => {
  it('leaves out its time expression and its frame words', () => {
    expect(askedContent('What kind of cake did Nate bake on 25 February, 2022?', ['nate'])).toEqual(['cake', 'bake']);
    expect(askedContent('According to Ann, what did she say about the lake last week?', ['ann'])).toEqual(['lake']);
  });
});

describe('names and relative clauses a question presupposes', () => {
  it('reads names as runs of capitalized words, without abbreviations or dates', () => {
    expect(questionNames('When did Joanna watch Eternal Sunshine of the Spotless Mind on Aug 15th?')).toEqual([['joanna'], ['eternal', 'sunshine', 'spotless', 'mind']]);
    expect(questionNames('Would Ann have Dr. Seuss books?')).toEqual([['ann'], ['seuss']]);
  });

  it('finds the presupposed name missing from the evidence, in three paraphrases', () => {
    const evidence = ['Jon: We spent a week in Rome, mostly eating gelato.'];
    expect(unnamedInEvidence('What did Jon do on his trip to Barcelona?', evidence, ['jon'])).toEqual([['barcelona']]);
    expect(unnamedInEvidence('Which dessert did Jon eat around Madrid?', evidence, ['jon'])).toEqual([['madrid']]);
    expect(unnamedInEvidence('How long was Jon away in Vienna?', evidence, ['jon'])).toEqual([['vienna']]);
    expect(unnamedInEvidence('How long was Jon in Rome?', evidence, ['jon'])).toEqual([]);
    expect(unnamedInEvidence('Which European cities has Jon seen?', ['Jon: Europe was amazing.'], ['jon'])).toEqual([]);
  });

  it('reads the head of a relative clause whatever links it', () => {
    expect(relativeClauseHeads('What do I call the puppy I adopted?')).toEqual(['puppy']);
    expect(relativeClauseHeads('Where is the cabin that we rented?')).toEqual(['cabin']);
    expect(relativeClauseHeads('How fast is the scooter my brother bought?')).toEqual(['scooter']);
    expect(relativeClauseHeads('What is the name of the dog Ann adopted?')).toEqual(['dog']);
    expect(relativeClauseHeads('What did I do at the party?')).toEqual([]);
    expect(presupposedNames('Where is the cabin that we rented?')).toContain('cabin');
  });
});

describe('answers keep words, names and numbers whole', () => {
  const terms = (q: string) => new Set((q.toLowerCase().match(/[a-z]+/g) ?? []).map((w) => w.slice(0, 5)));
  const cases: [string, string, string][] = [
    ['My sister moved to St. Louis in 2019 and loves it there.', 'where did my sister move', 'St. Louis'],
    ['Meet me at 5 p.m. tomorrow at the dock, bring snacks.', 'when should we meet at the dock', '5 p.m. tomorrow'],
    ['Call Dr. Seuss at 555-0123 about the parade.', 'who should I call about the parade', 'Dr. Seuss at 555-0123'],
    ['We paid $1,250.75 for the repairs; the garage was slow.', 'how much did we pay for repairs', '$1,250.75'],
    ['The temperature dropped to -4.5 degrees overnight, so the pipes froze.', 'how cold overnight', '-4.5 degrees'],
  ];

  it('never splits a sentence after an abbreviation or an initial', () => {
    expect(sentences('The U.S. Army band played. Then it rained.')).toEqual(['The U.S. Army band played. ', 'Then it rained.']);
  });

  it('extracts each answer with its name, time or amount whole', () => {
    for (const [text, question, whole] of cases) {
      const sentence = bestSentence(text, terms(question))!.text;
      expect(answerPhrase(sentence, terms(question)), text).toContain(whole);
    }
  });
});
