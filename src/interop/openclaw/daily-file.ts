import { LIMITS } from '../../limits.js';
import type { FileError, ParsedMemory } from '../parsed-memory.js';
import { noteBlocks, plainText } from './blocks.js';
import { checkbox } from './classify.js';
import { parsedMemory } from './parsed.js';

export const DAILY_NOTE = /^(\d{4})-(\d{2})-(\d{2})\.md$/;
/** `## 09:40 - Topic`, `## [11:05] - Topic`, `## 14:30`. */
const TIMED_HEADING = /^\[?(\d{1,2}):(\d{2})\]?\s*(?:[-–—:]\s*(.*))?$/;

/** The day of a daily note's file name, or null when the name is not a real calendar date. */
export function dailyNoteDate(fileName: string): string | null {
  const m = DAILY_NOTE.exec(fileName);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === `${m[1]}-${m[2]}-${m[3]}` ? d.toISOString() : null;
}

/**
 * `memory/YYYY-MM-DD.md`: every bullet and paragraph is an event on that day (at the time of a
 * `## HH:MM - Topic` heading when there is one, read as UTC since notes carry no zone). Open
 * checkboxes and TODOs become tasks; a heading's topic prefixes its entries.
 */
export function parseDailyNote(text: string, file: string, dayIso: string): { memories: ParsedMemory[]; errors: FileError[] } {
  const memories: ParsedMemory[] = [];
  const errors: FileError[] = [];
  const day = dayIso.slice(0, 10);
  for (const block of noteBlocks(text)) {
    const heading = plainText(block.heading);
    const timed = TIMED_HEADING.exec(heading);
    const topic = timed ? (timed[3] ?? '').trim() : heading === day ? '' : heading;
    const at = timed ? timeOn(dayIso, Number(timed[1]), Number(timed[2])) : dayIso;
    if (at === null) {
      errors.push({ file, message: `line ${block.line}: invalid time in heading ${JSON.stringify(block.heading)}` });
      continue;
    }
    const box = checkbox(block.text);
    const body = [plainText(box.text), ...block.children.map(plainText)].join('; ');
    const content = topic ? `${topic}: ${body}` : body;
    if (content.length > LIMITS.maxContentChars) {
      errors.push({ file, message: `line ${block.line}: entry is longer than ${LIMITS.maxContentChars} characters` });
      continue;
    }
    const base = { file, content, createdAt: at, sourceType: 'openclaw:daily', tags: ['openclaw', `day:${day}`] };
    memories.push(box.open ? parsedMemory({ ...base, type: 'task' }) : parsedMemory({ ...base, type: 'event', eventTime: at }));
  }
  return { memories, errors };
}

function timeOn(dayIso: string, hours: number, minutes: number): string | null {
  if (hours > 23 || minutes > 59) return null;
  return new Date(Date.parse(dayIso) + (hours * 60 + minutes) * 60_000).toISOString();
}
