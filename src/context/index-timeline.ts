/**
 * After the packed sections, a context block gets the profile's `MEMORY.md` index and its recent
 * timeline (the JSON lines of `timeline/YYYY-MM-DD.jsonl`) when the budget has room left, the
 * way a file-based agent memory injects its index and log. Lines are added whole, in order,
 * while they fit; the exact token count of the final text is checked.
 */
import type { ContextBlock } from '../api.js';
import type { Memory } from '../types.js';
import { renderIndex } from '../interop/markdown/index-file.js';
import { fileNameFor, uniqueNames } from '../interop/markdown/names.js';
import { timelineEntry, timelineOrder } from '../interop/markdown/timeline.js';
import { countTokens } from './tokens.js';

export const INDEX_HEADER = '## Memory index (MEMORY.md)';
export const TIMELINE_HEADER = '## Recent timeline (JSON lines)';
const TIMELINE_ENTRIES = 20;

interface ExtraLine {
  line: string;
  memoryId: string | null;
}

/** The index's lines (group headings and one bullet per memory), without its title. */
export function indexLines(memories: Memory[]): ExtraLine[] {
  const names = uniqueNames(memories);
  const entries = memories.map((m) => ({ memory: m, name: names.get(m.id)!, file: fileNameFor(m, names.get(m.id)) }));
  const idByFile = new Map(entries.map((e) => [encodeURI(e.file), e.memory.id]));
  const lines = renderIndex(entries).split('\n');
  return lines.flatMap((line): ExtraLine[] => {
    if (line.startsWith('## ')) return [{ line: `### ${line.slice(3)}`, memoryId: null }];
    if (!line.startsWith('- [')) return [];
    const file = /\]\(([^)]+)\)/.exec(line)?.[1];
    return [{ line: line.replace(/\s+/g, ' '), memoryId: (file && idByFile.get(file)) ?? null }];
  });
}

/** The newest timeline entries, oldest first; backticks escaped so no entry can close the fence. */
export function timelineLines(events: Memory[], count = TIMELINE_ENTRIES): ExtraLine[] {
  return timelineOrder(events).slice(-count).map((m) => ({ line: JSON.stringify(timelineEntry(m)).replace(/`/g, '\\u0060'), memoryId: m.id }));
}

export function withIndexAndTimeline(block: ContextBlock, index: ExtraLine[], timeline: ExtraLine[]): ContextBlock {
  if (!block.text) return block;
  let budget = block.maxTokens - block.tokens;
  const take = (header: string, lines: ExtraLine[], framing: number): ExtraLine[] => {
    const fixed = countTokens(header) + framing + 2;
    if (!lines.some((l) => l.memoryId) || budget < fixed) return [];
    const chosen: ExtraLine[] = [];
    let used = fixed;
    for (const l of lines) {
      const cost = countTokens(l.line) + 1;
      if (used + cost > budget) break;
      used += cost;
      chosen.push(l);
    }
    if (!chosen.some((l) => l.memoryId)) return [];
    budget -= used;
    return chosen;
  };
  const pickedIndex = take(INDEX_HEADER, index, 0);
  const pickedTimeline = take(TIMELINE_HEADER, timeline, 4);
  for (;;) {
    const text = render(block.text, pickedIndex, pickedTimeline);
    const tokens = countTokens(text);
    if (tokens <= block.maxTokens) return { ...block, text, tokens, sections: [...block.sections, ...summary(pickedIndex, pickedTimeline)] };
    if (!pickedTimeline.pop() && !pickedIndex.pop()) return block;
  }
}

function render(base: string, index: ExtraLine[], timeline: ExtraLine[]): string {
  const parts = [base];
  if (index.some((l) => l.memoryId)) parts.push('', INDEX_HEADER, ...index.map((l) => l.line));
  if (timeline.length) parts.push('', TIMELINE_HEADER, '```jsonl', ...timeline.map((l) => l.line), '```');
  return parts.join('\n');
}

function summary(index: ExtraLine[], timeline: ExtraLine[]): ContextBlock['sections'] {
  const out: ContextBlock['sections'] = [];
  const ids = (lines: ExtraLine[]) => lines.flatMap((l) => (l.memoryId ? [l.memoryId] : []));
  if (ids(index).length) out.push({ name: 'index', memoryIds: ids(index), tokens: countTokens([INDEX_HEADER, ...index.map((l) => l.line)].join('\n')) });
  if (timeline.length) out.push({ name: 'timeline', memoryIds: ids(timeline), tokens: countTokens([TIMELINE_HEADER, ...timeline.map((l) => l.line)].join('\n')) + 4 });
  return out;
}
