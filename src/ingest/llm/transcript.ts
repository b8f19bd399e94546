import type { StoredMessage } from '../../types.js';
import { annotateDates, resolveDates } from '../dates.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * One line per message, numbered by its position in the batch (L1 = messages[0]) so the model can
 * cite provenance: `L12 [2023-05-08 Mon] user: …`. Relative dates are annotated with the absolute
 * date computed in code against the message time: "yesterday (2023-05-07)".
 */
export function renderLine(message: StoredMessage, index: number): string {
  const text = annotateDates(message.content, resolveDates(message.content, message.timestamp));
  return `L${index + 1} [${dateLabel(message.timestamp)}] ${message.role}: ${quoteSafe(text)}`;
}

/** The transcript of messages[start, end) inside a `<transcript>` fence the content cannot close. */
export function renderTranscript(messages: readonly StoredMessage[], start: number, end: number): string {
  const lines: string[] = ['<transcript>'];
  let session: string | null = null;
  for (let i = start; i < end; i++) {
    const m = messages[i]!;
    if (m.sessionId !== session) {
      session = m.sessionId;
      lines.push(`(session ${quoteSafe(session)})`);
    }
    lines.push(renderLine(m, i));
  }
  lines.push('</transcript>');
  return lines.join('\n');
}

function dateLabel(timestamp: string | null): string {
  if (!timestamp) return 'no date';
  const d = new Date(timestamp);
  if (Number.isNaN(d.getTime())) return 'no date';
  return `${d.toISOString().slice(0, 10)} ${WEEKDAYS[d.getUTCDay()]}`;
}

/**
 * Keeps quoted text on one line and unable to forge the fence or a line header, so text inside a
 * message can never appear to the model as anything but message text.
 */
export function quoteSafe(text: string): string {
  return text
    .replace(/\r?\n+/g, ' ⏎ ')
    .replace(/<\s*(\/?)\s*(transcript|evidence|system|instructions?)\b/gi, '‹$1$2');
}
