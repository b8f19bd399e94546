/**
 * Synthetic two-year agent history for the lifecycle benchmark: topics (a person or project and
 * a subject) whose popularity follows a Zipf law; memories spread over two years; accesses that
 * follow the same popularity and favour recent memories; questions that name a topic and the
 * details of one gold memory.
 */
import { hashId } from '../src/ids.js';
import { createRng, deriveSeed } from '../src/bench/perf/prng.js';
import { CITIES, DATABASES, FIRST_NAMES, FOODS, FRAMEWORKS, HOBBIES, LANGUAGES, LAST_NAMES, PROJECTS, TEAMS, TOOLS, TOPICS } from '../src/bench/perf/vocabulary.js';
import type { NewMemory } from '../src/types.js';

const DAY_MS = 86_400_000;
export const SPAN_DAYS = 730;
const MEMORIES_PER_TOPIC = 50;
const ZIPF_S = 1.07;
const DETAIL_A = [...CITIES, ...DATABASES, ...FRAMEWORKS, ...LANGUAGES];
const DETAIL_B = [...TOOLS, ...FOODS, ...HOBBIES, ...TEAMS];
const EVENT_VERBS = ['discussed', 'reviewed', 'decided on', 'reported', 'planned', 'shipped', 'fixed', 'compared'];

export interface Topic {
  entity: string;
  first: string;
  subject: string;
  slug: string;
}

export interface LifecycleData {
  topics: Topic[];
  /** Cumulative Zipf weights over topics, for sampling by popularity. */
  cumulative: Float64Array;
  now: number;
}

export function lifecycleData(size: number, now = Date.UTC(2026, 5, 1)): LifecycleData {
  const count = Math.max(20, Math.round(size / MEMORIES_PER_TOPIC));
  const topics: Topic[] = [];
  for (let t = 0; t < count; t++) {
    const rng = createRng(deriveSeed(7, t));
    const person = rng.chance(0.6);
    const first = person ? rng.pick(FIRST_NAMES) : rng.pick(PROJECTS);
    const entity = person ? `${first} ${rng.pick(LAST_NAMES)}` : `Project ${first}`;
    const subject = rng.pick(TOPICS);
    topics.push({ entity, first, subject, slug: `${entity.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${t}.${subject}` });
  }
  const cumulative = new Float64Array(count);
  let sum = 0;
  for (let t = 0; t < count; t++) cumulative[t] = sum += 1 / (t + 1) ** ZIPF_S;
  for (let t = 0; t < count; t++) cumulative[t] /= sum;
  return { topics, cumulative, now };
}

/** A topic index drawn by popularity. */
export function zipfTopic(data: LifecycleData, u: number): number {
  let lo = 0;
  let hi = data.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (data.cumulative[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface GeneratedMemory {
  memory: NewMemory;
  topic: number;
  details: [string, string, string];
}

/** Memory `i`: its topic by popularity, a time in the last two years, accesses by popularity and recency. */
export function memoryAt(data: LifecycleData, i: number): GeneratedMemory {
  const rng = createRng(deriveSeed(11, i));
  const topic = zipfTopic(data, rng.next());
  const tp = data.topics[topic];
  const ageDays = rng.next() * SPAN_DAYS;
  const created = new Date(data.now - ageDays * DAY_MS).toISOString();
  const a = rng.pick(DETAIL_A);
  const b = rng.pick(DETAIL_B);
  const n = String(1000 + rng.int(9000));
  const roll = rng.next();
  const type = roll < 0.55 ? 'event' : roll < 0.92 ? 'fact' : roll < 0.96 ? 'instruction' : 'task';
  const content = type === 'event'
    ? `${tp.entity} ${rng.pick(EVENT_VERBS)} the ${tp.subject} work with ${a} and ${b}, ticket ${n}.`
    : type === 'fact' ? `${tp.entity}'s ${tp.subject} setup uses ${a} with ${b}, option ${n}.`
      : type === 'instruction' ? `For ${tp.entity}'s ${tp.subject}, always check ${a} before ${b} (rule ${n}).`
        : `Waiting on ${tp.entity} for the ${tp.subject} change to ${a} and ${b}, item ${n}.`;
  // Popular topics and recent memories are read more; reads fade after the memory's first weeks.
  const popularity = 1 / (topic + 1) ** 0.5;
  const recency = Math.exp(-ageDays / 120);
  const reads = Math.floor(rng.next() * 6 * popularity * (0.2 + recency));
  const lastRead = reads > 0 ? new Date(data.now - ageDays * rng.next() * DAY_MS).toISOString() : null;
  const memory: NewMemory = {
    id: hashId('lifecycle', String(i)),
    type,
    content,
    topicKey: type === 'fact' || type === 'instruction' ? `${tp.slug}_${i}` : null,
    eventTime: type === 'event' ? created : null,
    sessionId: `s-${topic}-${Math.floor(ageDays / 7)}`,
    sourceMessageIds: [],
    queries: [],
    tags: [],
    importance: type === 'instruction' ? 0.7 : 0.5,
    createdAt: created,
    updatedAt: created,
    accessCount: reads,
    lastAccessedAt: lastRead,
  };
  return { memory, topic, details: [a, b, n] };
}

export interface LifecycleQuestion {
  query: string;
  goldId: string;
}

/** Questions by topic popularity: each names the topic's entity and subject and two details of a gold memory. */
export function lifecycleQuestions(data: LifecycleData, size: number, count: number): LifecycleQuestion[] {
  const rng = createRng(deriveSeed(13, count));
  const out: LifecycleQuestion[] = [];
  while (out.length < count) {
    const g = memoryAt(data, rng.int(size));
    const tp = data.topics[g.topic];
    // Ask about popular topics more often: accept the draw with the topic's relative popularity.
    if (!rng.chance(Math.min(1, 8 / (g.topic + 8) ** 0.5))) continue;
    const [a, b, n] = g.details;
    out.push({ query: `What about ${tp.first}'s ${tp.subject} with ${a} and ${b}, number ${n}?`, goldId: g.memory.id });
  }
  return out;
}
