import type { StoredMessage } from '../../types.js';

export interface Speaker {
  /** Name to write statements about: the `Name:` prefix, else "User" / "Assistant". */
  name: string;
  /** True when the message named its speaker (a multi-party dialogue, not a user and an agent). */
  named: boolean;
  /** The message text without the speaker prefix. */
  body: string;
}

// "Note: …", "TODO: …" and similar labels are not speakers.
const LABELS = new Set(
  `note todo update edit ps q a question answer error warning step example summary re fwd subject http https
  tip info important reminder fyi bug fix result output input user assistant system tool`.split(/\s+/),
);
const PREFIX = /^([A-Z][\p{L}'.-]*(?: [A-Z][\p{L}'.-]*){0,2}):\s+/u;

export function speakerOf(message: StoredMessage): Speaker {
  const m = PREFIX.exec(message.content);
  if (m && !LABELS.has(m[1]!.toLowerCase())) {
    return { name: m[1]!, named: true, body: message.content.slice(m[0].length) };
  }
  const name = message.role === 'assistant' ? 'Assistant' : message.role === 'user' ? 'User' : message.role;
  return { name, named: false, body: message.content };
}
