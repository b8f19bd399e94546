import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Memory } from '../../types.js';

/** One line of `timeline/YYYY-MM-DD.jsonl`; a note also carries its kind and data. */
export function timelineEntry(m: Memory, file?: string): Record<string, unknown> {
  const kind = typeof m.metadata?.noteKind === 'string' ? m.metadata.noteKind : null;
  return {
    id: m.id,
    eventTime: m.eventTime,
    content: m.content,
    ...(file ? { file } : {}),
    ...(kind ? { type: kind } : {}),
    ...(kind && m.metadata?.noteData ? { data: m.metadata.noteData } : {}),
    ...(m.attachment ? { attachment: m.attachment } : {}),
  };
}

const dayOf = (m: Memory) => (m.eventTime ?? m.createdAt).slice(0, 10);

/** Events in time order (oldest first), the timeline's order. */
export function timelineOrder(events: Memory[]): Memory[] {
  return events
    .filter((m) => m.type === 'event')
    .sort((a, b) => (a.eventTime ?? a.createdAt).localeCompare(b.eventTime ?? b.createdAt) || a.id.localeCompare(b.id));
}

/** `timeline/YYYY-MM-DD.jsonl`: the events of each day, one JSON object per line, in time order. */
export function timelineFiles(events: Memory[], fileOf: (m: Memory) => string): Map<string, string> {
  const byDay = new Map<string, Memory[]>();
  for (const m of timelineOrder(events)) byDay.set(dayOf(m), [...(byDay.get(dayOf(m)) ?? []), m]);
  const files = new Map<string, string>();
  for (const [day, list] of byDay) {
    const lines = list.map((m) => JSON.stringify(timelineEntry(m, fileOf(m))));
    files.set(`timeline/${day}.jsonl`, `${lines.join('\n')}\n`);
  }
  return files;
}

/** Appends one entry to `<dir>/timeline/<day>.jsonl` (the file and folder are created when missing). */
export async function appendTimelineLine(dir: string, m: Memory): Promise<string> {
  const file = path.join(dir, 'timeline', `${dayOf(m)}.jsonl`);
  await mkdir(path.dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(timelineEntry(m))}\n`, 'utf8');
  return file;
}
