import { createHash } from 'node:crypto';

/** What a ranked-results comparison reads of a recall result. */
export interface Ranked {
  answer: string | null;
  memories: { content: string; score: number; channels: { channel: string }[] }[];
  messages: { content: string; score: number; channels: { channel: string }[] }[];
}

/** A digest of the ranked memories and messages (contents, channels, scores to 6 digits) and the answer. */
export function digest(res: Ranked): string {
  const items = [...res.memories, ...res.messages].map((x) => `${x.content} ${x.score.toPrecision(6)} ${x.channels.map((c) => c.channel).join(',')}`);
  return createHash('sha256').update(`${res.answer}\n${items.join('\n')}`).digest('hex').slice(0, 16);
}

/**
 * A response's whole content but its `timings` (stage times differ on every call), numbers to 6
 * significant digits (salience ages with the clock between two servers' answers to one question).
 */
export function contentDigest(res: object): string {
  const { timings: _, ...rest } = res as Record<string, unknown>;
  const text = JSON.stringify(rest, (_key, v: unknown) => (typeof v === 'number' ? Number(v.toPrecision(6)) : v));
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}
