import { describe, expect, it } from 'vitest';
import { messageId } from '../src/ids.js';
import { createRuleExtractor } from '../src/ingest/rules/index.js';
import { deriveTopicKey } from '../src/ingest/topic-key.js';
import type { Role, StoredMessage } from '../src/types.js';

function msg(content: string, role: Role = 'user'): StoredMessage {
  return { id: messageId('s1', role, content), sessionId: 's1', role, content, timestamp: '2023-05-08T13:56:00.000Z', metadata: null, seq: 0, createdAt: '' };
}

async function contents(text: string): Promise<string[]> {
  return (await createRuleExtractor().extract({ messages: [msg(text)], existingTopicKeys: [] })).memories.map((m) => m.content);
}

describe('extractor precision', () => {
  it('leaves no dangling subordinate clause when splitting a sentence', async () => {
    const out = await contents('Kim: We all have our own paths, but if we share them, we show people that they are not alone in their struggles.');
    expect(out.some((c) => /\bif\b/.test(c))).toBe(false);
    expect(await contents('Kim: Since we last spoke, I took my kids to the zoo yesterday.')).toEqual(['Kim took Kim\'s kids to the zoo yesterday (2023-05-07)']);
  });

  it('dates a plan or a remembered day that is not typed as an event', async () => {
    const [m] = (await createRuleExtractor().extract({ messages: [msg('Kim: I am putting together an art show next month.')], existingTopicKeys: [] })).memories;
    expect(m).toMatchObject({ type: 'fact', eventTime: '2023-06-08T13:56:00.000Z' });
  });

  it('rewrites we-contractions and "used to"', async () => {
    expect(await contents("Kim: I used to go horseback riding with my dad. We'd ride through the fields near the lake.")).toEqual([
      'Kim used to go horseback riding with Kim\'s dad',
      'Kim and others would ride through the fields near the lake',
    ]);
  });

  it('keys a preference on what is preferred, not on an adjective or a purpose', () => {
    expect(deriveTopicKey('I prefer simple, minimal dependencies to keep the app lightweight', 'User')).toBe('user.preferred_dependencies');
    expect(deriveTopicKey('I prefer detailed proofs with diagrams to fully grasp it', 'User')).toBe('user.preferred_proofs');
    expect(deriveTopicKey('I prefer light mode in the evening', 'User')).toBe(deriveTopicKey('I prefer dark mode', 'User'));
    expect(deriveTopicKey('I prefer using bullet points with quantified results over paragraphs', 'User')).toBe('user.preferred_points');
    expect(deriveTopicKey('I prefer submitting applications early', 'User')).toBe('user.preferred_submitting_applications');
    expect(deriveTopicKey('I prefer writing in the mornings', 'User')).toBe('user.preferred_writing');
  });
});
