/**
 * A synthetic profile for consolidation: people who mention their topics across sessions, with
 * a share of near-duplicate restatements. Deterministic for a seed, so ids repeat across runs.
 */
import { hashId } from '../../ids.js';
import type { NewMemory } from '../../types.js';
import { createRng } from '../perf/prng.js';

const NAMES = ['Ann', 'Bo', 'Cyd', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kai', 'Lu', 'Max', 'Ned', 'Oda', 'Pia', 'Quinn', 'Rae', 'Sol', 'Tia'];
const TOPICS = `pottery painting hiking cooking chess guitar running swimming gardening baking climbing cycling photography
  reading knitting surfing camping yoga dancing singing fishing skiing sailing writing woodwork archery tennis volleyball
  piano violin drums astronomy birdwatching chemistry robotics podcasts theater poetry sculpture origami calligraphy`.split(/\s+/).filter(Boolean);
const DETAILS = `with friends|at the community center|every weekend|for the first time|after work|with family|downtown|at the lake|
  in the morning|for charity|with the neighbours|on holiday|in the evening|at school|online`.split('|').map((d) => d.trim());
const PEOPLE = `Alex Bea Carl Dora Emil Frida Gert Hugo Ines Jan Karin Lars Mona Nils Olga Per Rita Sven Tove Ulf`.split(' ');
const PLACES = `Malmo Oslo Lisbon Porto Krakow Ghent Turku Bergen Aarhus Tartu Riga Graz Basel Lyon Bilbao Split Brno Cork Delft Utrecht`.split(' ');
const VERBS = ['started', 'enjoys', 'tried', 'practises', 'finished a project in', 'signed up for', 'talked about', 'is getting better at'];

export interface SyntheticOptions {
  memories: number;
  seed?: number;
  /** Memories per session (default 25). */
  perSession?: number;
  /** Share of restatements of an earlier memory (default 0.05). */
  duplicateShare?: number;
}

export function syntheticMemories(o: SyntheticOptions): NewMemory[] {
  const rng = createRng(o.seed ?? 7);
  const rand = () => rng.next();
  const pick = <T>(list: readonly T[]) => rng.pick(list);
  // Each person has a few favourite topics (most mentions) and occasional others.
  const favourites = new Map(NAMES.map((n) => [n, [pick(TOPICS), pick(TOPICS), pick(TOPICS)]]));
  const out: NewMemory[] = [];
  const start = Date.parse('2024-01-01T00:00:00Z');
  const perSession = o.perSession ?? 25;
  for (let i = 0; i < o.memories; i++) {
    const session = Math.floor(i / perSession);
    const at = new Date(start + session * 86_400_000 + (i % perSession) * 60_000).toISOString();
    const base = out.length > 0 && rand() < (o.duplicateShare ?? 0.05) ? out[Math.floor(rand() * out.length)]! : null;
    const name = base ? base.content.split(' ')[0]! : NAMES[(session * 7 + i) % NAMES.length]!;
    const topic = rand() < 0.7 ? pick(favourites.get(name)!) : pick(TOPICS);
    const content = base ? `${base.content} again` : `${name} ${pick(VERBS)} ${topic} ${pick(DETAILS)} with ${pick(PEOPLE)} near ${pick(PLACES)}`;
    const sourceMessageIds = [hashId('synthetic-message', String(i))];
    out.push({
      id: hashId('synthetic', String(o.seed ?? 7), String(i)),
      type: base ? base.type : rand() < 0.4 ? 'event' : 'fact',
      content,
      topicKey: null,
      eventTime: null,
      sessionId: `session-${session}`,
      sourceMessageIds,
      queries: [],
      tags: [topic],
      importance: 0.5,
      createdAt: at,
      updatedAt: at,
    });
  }
  return out;
}
