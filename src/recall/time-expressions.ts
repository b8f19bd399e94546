import * as chrono from 'chrono-node/en';

/**
 * A question's time expressions as chrono reads them, in UTC against `ref`. A recall reads them
 * twice (its time range, then blanking them before names and content words are read) and parsing
 * costs more than the rest of the analysis, so the last parses are kept. Which spans chrono finds
 * does not depend on the reference date, so blanking reuses a parse made against any date.
 */
const KEPT = 64;
const parsed = new Map<string, { ref: number; results: chrono.ParsedResult[] }>();

export function timeExpressions(text: string, ref: Date): chrono.ParsedResult[] {
  const hit = parsed.get(text);
  if (hit && hit.ref === ref.getTime()) return hit.results;
  const results = chrono.parse(text, { instant: ref, timezone: 0 }, { forwardDate: false });
  parsed.delete(text);
  parsed.set(text, { ref: ref.getTime(), results });
  if (parsed.size > KEPT) parsed.delete(parsed.keys().next().value!);
  return results;
}

/** The text of each time expression in `text`, in order. */
export function timeSpans(text: string): string[] {
  const results = parsed.get(text)?.results ?? timeExpressions(text, new Date());
  return results.map((r) => r.text);
}

/** Time expressions of several forms (weekday, date, month, relative, time of day) for warmTimeParser. */
const WARM_TEXTS = ['What did we plan for next Friday at 5pm?', 'Where was Mary two weeks ago, on March 3rd 2024?', 'How long since yesterday morning?'];

/**
 * Runs chrono's patterns once more than a warm-up recall does. V8 compiles a regular expression
 * to machine code on its second run, and chrono runs all of its (large) patterns on every text it
 * parses: the first question after warm-up that may hold a time otherwise pays ~0.5 s for them.
 */
export function warmTimeParser(): void {
  for (const text of WARM_TEXTS) chrono.parse(text, { instant: new Date(0), timezone: 0 }, { forwardDate: false });
}
