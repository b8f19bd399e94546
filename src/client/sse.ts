/** A minimal Server-Sent Events reader over a fetch body (works wherever fetch streams do). */
export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
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
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
