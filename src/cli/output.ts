/** Output helpers: JSON for machines (--json), short aligned lines for people. */
import type { Memory } from '../types.js';
import type { Redaction } from '../types.js';

/**
 * A reader that goes away (`mnemo list --json | head`) closes the pipe: end the command quietly,
 * as `cat` would, instead of crashing on an unhandled EPIPE. Writes are transactional, so
 * stopping here never leaves anything half-written.
 */
function endQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') process.exit(process.exitCode ?? 0);
    throw err;
  });
}
endQuietlyOnClosedPipe(process.stdout);
endQuietlyOnClosedPipe(process.stderr);

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

export function println(line = ''): void {
  process.stdout.write(line + '\n');
}

/** Prints `value` as JSON with --json, else the lines `human` returns. */
export function emit(json: boolean, value: unknown, human: () => string | string[]): void {
  if (json) return printJson(value);
  const out = human();
  for (const line of Array.isArray(out) ? out : [out]) println(line);
}

export function oneLine(text: string, max = 100): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** `3f2a…  fact   active  [user.package_manager]  The project uses pnpm.` */
export function memoryLine(m: Memory, max = 90): string {
  const key = m.topicKey ? `  [${m.topicKey}]` : m.eventTime ? `  @${m.eventTime.slice(0, 10)}` : '';
  return `${m.id}  ${m.type.padEnd(11)} ${m.status.padEnd(10)}${key}  ${oneLine(m.content, max)}`;
}

export function memoryDetail(m: Memory): string[] {
  const rows: [string, string | null][] = [
    ['id', m.id],
    ['type', m.type],
    ['status', m.status + (m.supersededBy ? ` (superseded by ${m.supersededBy})` : '')],
    ['content', m.content],
    ['topic key', m.topicKey],
    ['event time', m.eventTime],
    ['session', m.sessionId],
    ['importance', String(m.importance)],
    ['tags', m.tags.length ? m.tags.join(', ') : null],
    ['questions', m.queries.length ? m.queries.join(' | ') : null],
    ['sources', m.sourceMessageIds.length ? m.sourceMessageIds.join(', ') : null],
    ['created', m.createdAt],
    ['updated', m.updatedAt],
  ];
  return rows.filter(([, v]) => v !== null && v !== '').map(([k, v]) => `${k.padEnd(11)} ${v}`);
}

export function redactionLines(redactions: Redaction[]): string[] {
  if (!redactions.length) return [];
  return [`redacted ${redactions.length} secret${redactions.length === 1 ? '' : 's'} (never stored):`, ...redactions.map((r) => `  ${r.kind}: ${r.hint}`)];
}
