import type { RecallResult } from '../api.js';

/**
 * A recall result as JSON text in two parts: `timings` (`{"analyze":0.4,…}`) and `rest`, the
 * result without its timings minus the opening brace (`"query":…}`; never empty: a result has
 * memories). A recall thread sends its result this way: one JSON.stringify there and one
 * JSON.parse here cost about half a structured clone, and the kept text spares the server's
 * serialization and the result cache's (which stores `rest`).
 */
export interface RecallText {
  timings: string;
  rest: string;
}

const SERIALIZED = Symbol('mnemo.recall.serialized');

/** Serializes a result for `fromRecallText`. */
export function toRecallText(result: RecallResult): RecallText {
  const { timings, ...rest } = result;
  return { timings: JSON.stringify(timings), rest: JSON.stringify(rest).slice(1) };
}

/** The result parsed from its text (`timings` first), the text kept for `serializedRecall` and `restOfRecall`. */
export function fromRecallText(t: RecallText): RecallResult {
  const text = `{"timings":${t.timings},${t.rest}`;
  const result = JSON.parse(text) as RecallResult;
  Object.defineProperty(result, SERIALIZED, { value: { text, rest: t.rest } });
  return result;
}

function kept(result: unknown): { text: string; rest: string } | undefined {
  return result !== null && typeof result === 'object' ? (result as { [SERIALIZED]?: { text: string; rest: string } })[SERIALIZED] : undefined;
}

/** The JSON text of a result that came from text (a recall thread's or the result cache's); undefined for one built here. */
export function serializedRecall(result: unknown): string | undefined {
  return kept(result)?.text;
}

/** `rest` of a result's text (see RecallText), kept or serialized now. */
export function restOfRecall(result: RecallResult): string {
  return kept(result)?.rest ?? toRecallText(result).rest;
}
