/** Splits turns longer than mnemo's content limit into consecutive parts sharing the evidence id. */
import type { BenchMessage } from './types.js';

/** Cuts at the last paragraph or line break before the limit when there is one, else hard. */
export function splitContent(content: string, maxChars: number): string[] {
  const parts: string[] = [];
  let rest = content;
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars);
    const breakAt = Math.max(window.lastIndexOf('\n\n'), window.lastIndexOf('\n'));
    const cut = breakAt > maxChars / 2 ? breakAt : maxChars;
    const part = rest.slice(0, cut);
    if (part.trim()) parts.push(part);
    rest = rest.slice(cut);
  }
  if (rest.trim()) parts.push(rest);
  return parts;
}

export function splitOversized(messages: readonly BenchMessage[], maxChars: number): BenchMessage[] {
  return messages.flatMap((m) => (m.content.length <= maxChars ? [m] : splitContent(m.content, maxChars).map((content) => ({ ...m, content }))));
}
