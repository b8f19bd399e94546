import { describe, expect, it } from 'vitest';
import { createRuleExtractor } from '../src/ingest/rules/index.js';
import { messageId } from '../src/ids.js';
import type { Role, StoredMessage } from '../src/types.js';

function msg(content: string, role: Role = 'user', timestamp: string | null = '2023-05-08T13:56:00.000Z'): StoredMessage {
  return { id: messageId('s1', role, content), sessionId: 's1', role, content, timestamp, metadata: null, seq: 0, createdAt: '' };
}

async function extract(...messages: StoredMessage[]) {
  return (await createRuleExtractor().extract({ messages, existingTopicKeys: [] })).memories;
}

describe('rule extractor', () => {
  it('has id rules@1', () => expect(createRuleExtractor().id).toBe('rules@1'));

  it('types an instruction', async () => {
    const [m] = await extract(msg('Always run the linter before deploying to production.'));
    expect(m?.type).toBe('instruction');
    expect(m?.importance).toBeGreaterThan(0.8);
  });

  it('ignores a trailing symbol marker after a statement', async () => {
    const [m] = await extract(msg('Always provide security best practices when I ask about auth. ->-> 3,28'));
    expect(m).toMatchObject({ type: 'instruction', content: 'Always provide security best practices when User asks about auth' });
  });

  it('types a preference fact with a topic key and rewrites the speaker', async () => {
    const [m] = await extract(msg('My favorite color is blue.'));
    expect(m).toMatchObject({ type: 'fact', topicKey: 'user.favorite_color', content: "User's favorite color is blue" });
  });

  it('types a dated past event and resolves the relative date', async () => {
    const [m] = await extract(msg('Caroline: I went to a LGBTQ support group yesterday and it was so powerful.'));
    expect(m?.type).toBe('event');
    expect(m?.eventTime?.slice(0, 10)).toBe('2023-05-07');
    expect(m?.content).toContain('Caroline went to a LGBTQ support group yesterday (2023-05-07)');
    expect(m?.queries).toContain('When did Caroline go to a LGBTQ support group?');
  });

  it('types a task', async () => {
    const [m] = await extract(msg('I need to finish the quarterly report by Friday.'));
    expect(m?.type).toBe('task');
  });

  it('drops questions, greetings and chit-chat', async () => {
    const out = await extract(
      msg('Hey Mel! Good to see you! How have you been?'),
      msg("That's so cool, I'm so happy for you!"),
      msg('Can you help me set up the database?'),
    );
    expect(out).toEqual([]);
  });

  it('keeps the statement before a trailing request', async () => {
    const [m] = await extract(msg("I'm using Postgres 15 for the database in production, can you help me tune it?"));
    expect(m?.content).toBe('User is using Postgres 15 for the database in production');
    expect(m?.topicKey).toBe('user.database');
  });

  it('skips an agent’s own advice but reads named dialogue speakers', async () => {
    expect(await extract(msg('You should always index foreign keys in your schema design.', 'assistant'))).toEqual([]);
    const [m] = await extract(msg('Melanie: I painted that lake sunrise last year.', 'assistant'));
    expect(m).toMatchObject({ type: 'event', content: 'Melanie painted that lake sunrise last year (2022)' });
  });

  it('records provenance, 3-5 questions and idempotent ids', async () => {
    const m1 = msg('I have been learning the piano for two years and I practice every evening.');
    const a = await extract(m1);
    const b = await extract(m1);
    expect(a.length).toBeGreaterThan(0);
    expect(a.map((m) => m.id)).toEqual(b.map((m) => m.id));
    for (const m of a) {
      expect(m.sourceMessageIds).toEqual([m1.id]);
      expect(m.sessionId).toBe('s1');
      expect(m.queries.length).toBeGreaterThanOrEqual(3);
      expect(m.queries.length).toBeLessThanOrEqual(5);
    }
  });

  it('reuses an existing topic key that differs only by a plural', async () => {
    const out = await createRuleExtractor().extract({
      messages: [msg('My favorite colors are green and teal.')],
      existingTopicKeys: ['user.favorite_color'],
    });
    expect(out.memories[0]?.topicKey).toBe('user.favorite_color');
  });

  it('never stores a secret verbatim', async () => {
    const out = await extract(msg('I use the key sk-proj-abcDEF1234567890abcdefGHIJ for the OpenAI account.'));
    expect(out.map((m) => m.content).join(' ')).not.toContain('sk-proj-abcDEF');
  });
});
