import { describe, expect, it } from 'vitest';
import { entityMentions } from '../src/entities/extract.js';
import { questionEntities } from '../src/recall/answerability.js';

describe('entity mentions', () => {
  it('finds people, places, tools and titles by capitalization, and the author label', () => {
    expect(entityMentions('Mia: We moved the API from Flask to FastAPI after Matt Patterson left.')).toEqual(['mia', 'api', 'flask', 'fastapi', 'matt', 'patterson']);
    expect(entityMentions('I loved reading "Charlotte\'s Web" as a kid.')).toEqual(['charlotte', 'web']);
    expect(entityMentions('Deployed with iOS builds on GitHub today.')).toEqual(['ios', 'github']);
  });

  it('takes a sentence opener as a name only when the text or the index knows it as one', () => {
    expect(entityMentions('Wow. Honestly that was great.')).toEqual([]);
    expect(entityMentions('Luna and Oliver are asleep.')).toEqual(['luna', 'oliver']);
    expect(entityMentions('Biscuit ate my shoe.')).toEqual([]);
    expect(entityMentions('Biscuit ate my shoe.', (k) => k === 'biscuit')).toEqual(['biscuit']);
    expect(entityMentions('Then I saw Ann. Ann waved.')).toEqual(['ann']);
  });

  it('leaves out calendar words, pronouns, numbers and stopwords, and matches the keys a question gives', () => {
    expect(entityMentions('On Monday in March I met them at 10 and The end.')).toEqual([]);
    const question = "What did Matt Patterson's band play?";
    expect(questionEntities(question).every((k) => entityMentions(`Sam: saw ${'Matt Patterson'} live`).includes(k))).toBe(true);
  });
});
