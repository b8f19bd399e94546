import type { Memory } from '../../types.js';

/** `timeline/YYYY-MM-DD.jsonl`: the events of each day, one JSON object per line, in time order. */
export function timelineFiles(events: Memory[], fileOf: (m: Memory) => string): Map<string, string> {
  const byDay = new Map<string, Memory[]>();
  const sorted = events
    .filter((m) => m.type === 'event')
    .sort((a, b) => (a.eventTime ?? a.createdAt).localeCompare(b.eventTime ?? b.createdAt) || a.id.localeCompare(b.id));
  for (const m of sorted) {
    const day = (m.eventTime ?? m.createdAt).slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), m]);
  }
  const files = new Map<string, string>();
  for (const [day, list] of byDay) {
    const lines = list.map((m) => JSON.stringify({ id: m.id, eventTime: m.eventTime, content: m.content, file: fileOf(m) }));
    files.set(`timeline/${day}.jsonl`, `${lines.join('\n')}\n`);
  }
  return files;
}
