/** A minimal Server-Sent Events reader over a fetch body (works wherever fetch streams do). */
import { MnemoError } from '../errors.js';

export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

/** A line longer than this (default 1 MiB) means the stream is not SSE or is broken: the reader fails instead of buffering forever. */
export const MAX_SSE_LINE = 1024 * 1024;

export async function* readSse(body: ReadableStream<Uint8Array>, maxLine = MAX_SSE_LINE): AsyncGenerator<SseMessage> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let msg: SseMessage = { id: null, event: 'message', data: '' };
  let hasData = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let nl: number;
      while ((nl = buffer.search(/\r?\n/)) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + (buffer[nl] === '\r' ? 2 : 1));
        if (line === '') {
          if (hasData) yield msg;
          msg = { id: null, event: 'message', data: '' };
          hasData = false;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') {
          msg.data = hasData ? `${msg.data}\n${value}` : value;
          hasData = true;
        } else if (field === 'event') msg.event = value;
        else if (field === 'id') msg.id = value;
      }
      if (buffer.length > maxLine) {
        throw new MnemoError('too_large', `event stream line exceeds ${maxLine} characters without a newline; is this an SSE endpoint?`);
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
