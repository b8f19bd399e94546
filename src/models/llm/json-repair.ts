/**
 * Best-effort recovery of a JSON object from model text: code fences, prose around the object,
 * trailing commas and smart quotes are common with small models. Returns undefined when nothing parses.
 */
export function repairJson(text: string): unknown {
  const attempts = new Set<string>();
  const trimmed = text.trim();
  attempts.add(trimmed);
  const unfenced = stripFences(trimmed);
  attempts.add(unfenced);
  for (const candidate of jsonObjectsBySize(unfenced)) attempts.add(candidate);
  for (const attempt of attempts) {
    for (const variant of [attempt, withoutTrailingCommas(attempt), withoutTrailingCommas(straightQuotes(attempt))]) {
      try {
        return JSON.parse(variant);
      } catch {
        // try the next variant
      }
    }
  }
  return undefined;
}

function stripFences(text: string): string {
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(text);
  return fenced ? fenced[1]!.trim() : text;
}

function withoutTrailingCommas(text: string): string {
  return text.replace(/,(\s*[}\]])/g, '$1');
}

function straightQuotes(text: string): string {
  return text.replace(/[“”]/g, '"');
}

/** Balanced `{…}` spans (string-aware), largest first. */
function jsonObjectsBySize(text: string): string[] {
  const spans: string[] = [];
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    const end = matchingBrace(text, start);
    if (end !== -1) spans.push(text.slice(start, end + 1));
    if (spans.length > 50) break;
  }
  return spans.sort((a, b) => b.length - a.length);
}

function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  return -1;
}
