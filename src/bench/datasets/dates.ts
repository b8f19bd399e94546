/** Strict parsers for the date formats the benchmark files use; all times are taken as UTC. */

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

function monthIndex(name: string): number {
  const i = MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().slice(0, 3)));
  if (i < 0) throw new Error(`unknown month: ${name}`);
  return i;
}

function iso(year: number, month: number, day: number, hour = 0, minute = 0): string {
  return new Date(Date.UTC(year, month, day, hour, minute)).toISOString();
}

/** LoCoMo session time, e.g. `1:56 pm on 8 May, 2023`. */
export function parseLocomoDate(text: string): string {
  const m = /^\s*(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$/i.exec(text);
  if (!m) throw new Error(`unrecognized LoCoMo date: ${text}`);
  const hour12 = Number(m[1]) % 12;
  const hour = m[3].toLowerCase() === 'pm' ? hour12 + 12 : hour12;
  return iso(Number(m[6]), monthIndex(m[5]), Number(m[4]), hour, Number(m[2]));
}

/** BEAM time anchor, e.g. `March-15-2024`. */
export function parseBeamAnchor(text: string): string {
  const m = /^\s*([A-Za-z]+)-(\d{1,2})-(\d{4})\s*$/.exec(text);
  if (!m) throw new Error(`unrecognized BEAM time anchor: ${text}`);
  return iso(Number(m[3]), monthIndex(m[1]), Number(m[2]), 9);
}

/** LongMemEval date, e.g. `2023/05/20 (Sat) 02:21`. */
export function parseLongMemEvalDate(text: string): string {
  const m = /^\s*(\d{4})\/(\d{2})\/(\d{2})(?:\s*\([A-Za-z]+\))?\s*(\d{2}):(\d{2})\s*$/.exec(text);
  if (!m) throw new Error(`unrecognized LongMemEval date: ${text}`);
  return iso(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
}

export function addMinutes(isoTime: string, minutes: number): string {
  return new Date(Date.parse(isoTime) + minutes * 60_000).toISOString();
}
