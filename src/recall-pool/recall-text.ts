import type { RecallResult } from '../api.js';

/** The memories a recall returned, as recording their access needs them: ids, and those in the cold tier. */
export interface RecallAccess {
  ids: string[];
  cold: string[];
}

/**
 * A recall result as JSON text in two parts: `timings` (`{"analyze":0.4,…}`) and `rest`, the
 * result without its timings minus the opening brace (`"query":…}`; never empty: a result has
 * memories), with what recording its access needs. A recall thread answers this way: its one
 * JSON.stringify costs about what a structured clone's serializing half does, and a server sends
 * the text as it came, where a clone cost a deserialization and the server another serialization.
 * The result cache keeps `rest` and `access` for reuse.
 */
export interface RecallText {
  timings: string;
  rest: string;
  access: RecallAccess;
}

/**
 * A recall's outcome: the result built on this thread, or its text (a recall thread's answer, or
 * a reused one: `reused`), parsed only when a caller wants the object.
 */
export type RecallAnswer = { result: RecallResult } | { text: RecallText; reused?: boolean };

export function accessOf(result: RecallResult): RecallAccess {
  const ids: string[] = [], cold: string[] = [];
  for (const m of result.memories) {
    ids.push(m.id);
    if (m.tier === 'cold') cold.push(m.id);
  }
  return { ids, cold };
}

export function toRecallText(result: RecallResult): RecallText {
  const { timings, ...rest } = result;
  return { timings: JSON.stringify(timings), rest: JSON.stringify(rest).slice(1), access: accessOf(result) };
}

/** The text of an answer (`JSON.stringify` of its result; from text, with `timings` first). */
export function jsonOf(answer: RecallAnswer): string {
  return 'text' in answer ? `{"timings":${answer.text.timings},${answer.text.rest}` : JSON.stringify(answer.result);
}

export function resultOf(answer: RecallAnswer): RecallResult {
  return 'text' in answer ? (JSON.parse(jsonOf(answer)) as RecallResult) : answer.result;
}

/** An answer as text (serialized now when it was built here). */
export function textOf(answer: RecallAnswer): RecallText {
  return 'text' in answer ? answer.text : toRecallText(answer.result);
}
