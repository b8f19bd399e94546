import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MnemoApi } from '../src/api.js';
import { openMemory } from '../src/index.js';

// Each class of unanswerable question, asked of a real SQLite profile in three paraphrases that
// share no wording, next to the answerable question it was made from.
const CHAT = [
  // What one line says of its author counts together, across its sentences.
  'Omar: I finished my first marathon last Sunday. The race took four hours flat.',
  'Lena: Four hours is impressive, congrats Omar!',
  // Asking "did you…?" is about the listener, not the one who asks.
  'Lena: Which instrument did you pick up this spring?',
  'Omar: The cello, and my teacher praises my bowing.',
  // A remark that calls the listener by name is about the listener's kitten.
  'Lena: That grey kitten from the shelter is adorable, Omar!',
  'Omar: It sleeps on my keyboard all day.',
  'Omar: We spent a week in Lisbon eating custard pastries and riding old trams.',
  'Lena: Pastries and trams, what a week.',
];

let dir: string;
let mem: MnemoApi;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mnemo-abstain-classes-'));
  mem = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
  await mem.profile('pair').ingest(
    CHAT.map((content, i) => ({ role: 'user' as const, content, timestamp: `2026-03-0${i + 1}T10:00:00Z` })),
    { sessionId: 's1', wait: true },
  );
  await mem.profile('me').ingest(
    [
      { role: 'user', content: 'I planted tomatoes and basil in the back garden this weekend.' },
      { role: 'user', content: 'Our team standup moved to 9:30 on Tuesdays.' },
      // Each shares words with a question below, but not the thing the question takes for granted.
      { role: 'user', content: 'I adopted a new habit of calling my parents on Sundays.' },
      { role: 'user', content: 'We rented bikes for the trip to the lake, where it rained.' },
      { role: 'user', content: 'My brother bought a fast laptop for his studies.' },
    ],
    { sessionId: 's1', wait: true },
  );
});
afterAll(async () => {
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
});

async function abstains(profile: string, question: string): Promise<boolean> {
  return (await mem.profile(profile).recall(question)).abstained;
}

describe('class: a question asks one person about what only the other said or did', () => {
  it('abstains on each swapped paraphrase and answers the original', async () => {
    const pairs: [swapped: string, original: string, answer: RegExp][] = [
      ["How long did Lena's marathon race take?", "How long did Omar's marathon race take?", /marathon|four hours/],
      // Answered from Omar's reply (the memory extracted from it), not by quoting Lena's question back.
      ['Which instrument did Lena pick up?', 'Which instrument did Omar pick up?', /cello|bowing/],
      ["Where does Lena's kitten sleep?", "Where does Omar's kitten sleep?", /keyboard/],
    ];
    for (const [swapped, original, answer] of pairs) {
      expect(await abstains('pair', swapped), swapped).toBe(true);
      const r = await mem.profile('pair').recall(original);
      expect(r.abstained, original).toBe(false);
      expect(r.answer, original).toMatch(answer);
    }
  });
});

describe('class: a question presupposes a named place or thing the evidence never names', () => {
  it('abstains when the question moves the event to a name the profile does not connect, and answers the real one', async () => {
    for (const q of ['What did Omar eat during his week in Madrid?', 'Which trams did Omar ride in Porto?', 'How were the pastries Omar had around Seville?']) {
      expect(await abstains('pair', q), q).toBe(true);
    }
    const r = await mem.profile('pair').recall('What did Omar eat during his week in Lisbon?');
    expect(r.abstained).toBe(false);
    expect(r.answer).toMatch(/pastries/);
  });
});

describe('class: a question presupposes a thing through a relative clause', () => {
  it('abstains on three phrasings of a thing never mentioned, and answers about one that was', async () => {
    for (const q of ['What do I call the puppy I adopted?', 'Where is the cabin that we rented?', 'How fast is the scooter my brother bought?']) {
      expect(await abstains('me', q), q).toBe(true);
    }
    const r = await mem.profile('me').recall('Which plants went into the garden I have?');
    expect(r.abstained).toBe(false);
    expect(r.answer).toMatch(/tomatoes/);
  });
});
