import type { Memory } from '../types.js';

/** Longer contents are cut: one huge memory must not crowd out the rest (and BPE is slow on it). */
export const MAX_LINE_CHARS = 600;

/**
 * One memory as one Markdown bullet. Newlines are folded and leading Markdown markers removed,
 * so a remembered text can never open a heading or a fake section of its own.
 */
export function memoryLine(memory: Memory, withDate: boolean): string {
  const text = oneLine(memory.content, MAX_LINE_CHARS);
  const date = withDate && memory.eventTime ? `${memory.eventTime.slice(0, 10)}: ` : '';
  return `- ${date}${text}`;
}

export function oneLine(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, ' ').replace(/^[#>\s-]+/, '').trim();
  return flat.length > maxChars ? `${flat.slice(0, maxChars - 1).trimEnd()}…` : flat;
}
