/**
 * Read-your-writes for one MCP session. The SDK runs a session's requests concurrently, so a
 * `list` sent right behind a `remember` could be answered before the write committed. This
 * wrapper holds back each tool call until every earlier WRITE call of the session has been
 * answered (or cancelled); reads behind reads still run concurrently, as over HTTP.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** Tools that only read; every other tool call counts as a write. */
const READ_TOOLS = new Set(['recall', 'list', 'get', 'history', 'context']);

type Id = string | number;
type Extra = Parameters<NonNullable<Transport['onmessage']>>[1];
interface Incoming { msg: JSONRPCMessage; extra: Extra }

export function orderedTransport(inner: Transport): Transport {
  const pendingWrites = new Set<Id>();
  const waiting: Incoming[] = [];

  const release = (id: Id) => {
    if (!pendingWrites.delete(id)) return;
    // deliver queued calls in arrival order, stopping again behind the next write
    while (waiting.length && pendingWrites.size === 0) dispatch(waiting.shift()!);
  };
  const dispatch = ({ msg, extra }: Incoming) => {
    const write = writeCallId(msg);
    if (write !== null) pendingWrites.add(write);
    wrapper.onmessage?.(msg, extra);
  };

  const wrapper: Transport = {
    start: () => inner.start(),
    close: () => inner.close(),
    send: async (msg, opts) => {
      await inner.send(msg, opts);
      if ('id' in msg && !('method' in msg) && msg.id !== undefined) release(msg.id);
    },
    get sessionId() { return inner.sessionId; },
    setProtocolVersion: inner.setProtocolVersion?.bind(inner),
  };
  const previousClose = inner.onclose;
  inner.onclose = () => {
    previousClose?.();
    wrapper.onclose?.();
  };
  inner.onerror = (err) => wrapper.onerror?.(err);
  inner.onmessage = (msg, extra) => {
    const cancelled = cancelledId(msg);
    if (cancelled !== null) {
      const queued = waiting.findIndex(({ msg: m }) => 'id' in m && m.id === cancelled);
      if (queued >= 0) waiting.splice(queued, 1);
      release(cancelled);
    }
    if (isToolCall(msg) && (pendingWrites.size > 0 || waiting.length > 0)) waiting.push({ msg, extra });
    else dispatch({ msg, extra });
  };
  return wrapper;
}

function isToolCall(msg: JSONRPCMessage): msg is JSONRPCMessage & { id: Id; params: { name?: unknown } } {
  return 'method' in msg && msg.method === 'tools/call' && 'id' in msg;
}

function writeCallId(msg: JSONRPCMessage): Id | null {
  if (!isToolCall(msg)) return null;
  return READ_TOOLS.has(String(msg.params?.name)) ? null : msg.id;
}

function cancelledId(msg: JSONRPCMessage): Id | null {
  if (!('method' in msg) || msg.method !== 'notifications/cancelled') return null;
  const id = (msg.params as { requestId?: Id } | undefined)?.requestId;
  return id ?? null;
}
