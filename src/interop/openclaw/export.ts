/**
 * OpenClaw workspace export, the reverse of `importOpenClaw`: `MEMORY.md` holds the curated
 * notes (instructions under a rules heading, facts, open tasks as `- [ ]` checkboxes) and each
 * day's events go to `memory/YYYY-MM-DD.md`, under `## HH:MM` headings when they have a time.
 *
 * Importing the export into an empty profile gives back every active memory's type, content and
 * event time (to the minute). Topic keys, tags and ids are not part of the format, and a few
 * texts read differently on the way back (a fact phrased as a command reads as an instruction,
 * "TODO" in a fact makes it a task): the JSON export is the lossless one.
 */
import path from 'node:path';
import type { Memory } from '../../types.js';
import { writeFileAtomic } from '../fs-write.js';
import { labelOf } from './classify.js';

export const OPENCLAW_INDEX = 'MEMORY.md';

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A bullet that reads back as exactly `text`: a leading empty code span stops a `Label: value`
 * or `**Name**` start from being read as a labelled note (the reader drops empty code spans).
 */
function bullet(text: string, box = ''): string {
  const flat = oneLine(text);
  const guard = !box && (labelOf(flat) !== null || /^\[[ xX]\]/.test(flat)) ? '`` ' : '';
  return `- ${box}${guard}${flat}`;
}

export function renderOpenClawWorkspace(memories: Memory[]): Map<string, string> {
  const active = memories.filter((m) => m.status === 'active');
  const byImportance = (a: Memory, b: Memory) => b.importance - a.importance || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
  const of = (type: Memory['type']) => active.filter((m) => m.type === type).sort(byImportance);
  // Only headings and bullets: any paragraph would read back as a memory of its own.
  const sections: string[] = ['# Long-Term Memory'];
  const add = (heading: string, lines: string[]) => {
    if (lines.length) sections.push('', `## ${heading}`, ...lines);
  };
  add('Instructions', of('instruction').map((m) => bullet(m.content)));
  add('Facts', of('fact').map((m) => bullet(m.content)));
  add('Open tasks', of('task').map((m) => bullet(m.content, '[ ] ')));
  const files = new Map<string, string>([[OPENCLAW_INDEX, `${sections.join('\n')}\n`]]);

  const byDay = new Map<string, Memory[]>();
  for (const m of of('event')) {
    const day = (m.eventTime ?? m.createdAt).slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), m]);
  }
  for (const [day, events] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) {
    const lines = [`# ${day}`];
    let heading = '';
    for (const m of events.sort((a, b) => (a.eventTime ?? a.createdAt).localeCompare(b.eventTime ?? b.createdAt) || a.id.localeCompare(b.id))) {
      const at = new Date(m.eventTime ?? m.createdAt);
      const hhmm = at.toISOString().slice(11, 16);
      const wanted = hhmm === '00:00' ? '' : `## ${hhmm}`;
      if (wanted !== heading) {
        // events at midnight come first in the day, under the day's own heading
        lines.push('', wanted);
        heading = wanted;
      } else if (lines.length === 1) lines.push('');
      lines.push(bullet(m.content));
    }
    files.set(`memory/${day}.md`, `${lines.join('\n')}\n`);
  }
  return files;
}

/** Writes `MEMORY.md` and the daily notes into `dir`; other workspace files are left alone. */
export async function exportOpenClaw(memories: Memory[], dir: string): Promise<{ files: string[] }> {
  const files = renderOpenClawWorkspace(memories);
  for (const [file, text] of files) await writeFileAtomic(path.join(dir, file), text);
  return { files: [...files.keys()] };
}
