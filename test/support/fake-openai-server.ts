/**
 * A real HTTP server on 127.0.0.1 speaking the OpenAI wire format (chat completions, models,
 * embeddings), scriptable per request. Used to test the model pipeline without any paid API.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeChatRequest {
  index: number;
  model: string;
  messages: { role: string; content: string }[];
  body: Record<string, unknown>;
  /** Request headers (lower-case names), e.g. to check session-affinity headers. */
  headers: Record<string, string | string[] | undefined>;
  /** All message contents joined, for assertions on the prompt. */
  text: string;
  /** Date.now() when the request arrived. */
  at: number;
}

/** One scripted answer: JSON (serialized as the message content), raw content, or an HTTP error. */
export interface FakeReply {
  json?: unknown;
  content?: string;
  status?: number;
  /** Error body or any raw body for non-200 answers. */
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Tool calls instead of content (finish_reason "tool_calls"); arguments are serialized as JSON. */
  toolCalls?: { name: string; arguments: unknown }[];
}

export type FakeChatHandler = (req: FakeChatRequest) => FakeReply | Promise<FakeReply>;

export interface FakeOpenAIOptions {
  /** When set, requests without `Authorization: Bearer <apiKey>` get a 401. */
  apiKey?: string;
  models?: string[];
  /** Answers chat requests once the scripted queue is empty (default: `{}`). */
  handler?: FakeChatHandler;
  /** Token count reported in `usage` (default: characters / 4). */
  countTokens?: (text: string) => number;
}

export interface FakeOpenAI {
  /** Base URL including `/v1`. */
  url: string;
  requests: FakeChatRequest[];
  tokens: { prompt: number; completion: number };
  /** Queues replies for the next chat requests, in order. */
  script(...replies: FakeReply[]): void;
  setHandler(handler: FakeChatHandler): void;
  close(): Promise<void>;
}

const estimateTokens = (text: string) => Math.ceil(text.length / 4);

export async function startFakeOpenAI(opts: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const models = opts.models ?? ['fake-model'];
  const queue: FakeReply[] = [];
  let handler: FakeChatHandler = opts.handler ?? (() => ({ json: {} }));
  const requests: FakeChatRequest[] = [];
  const tokens = { prompt: 0, completion: 0 };
  const count = opts.countTokens ?? estimateTokens;

  const server = createServer((req, res) => {
    void route(req, res).catch((err) => send(res, 500, { error: { message: String(err) } }));
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      return send(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
    }
    if (req.method === 'GET' && path === '/v1/models') {
      return send(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', owned_by: 'fake' })) });
    }
    const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    if (req.method === 'POST' && path === '/v1/embeddings') return send(res, 200, embeddings(body));
    if (req.method !== 'POST' || path !== '/v1/chat/completions') return send(res, 404, { error: { message: `no route ${path}` } });
    const model = String(body.model);
    if (!models.includes(model)) {
      return send(res, 404, { error: { message: `The model '${model}' does not exist`, type: 'invalid_request_error', code: 'model_not_found' } });
    }
    const messages = (body.messages as { role: string; content: unknown }[]).map((m) => ({ role: m.role, content: textOf(m.content) }));
    const request: FakeChatRequest = { index: requests.length, model, messages, body, headers: { ...req.headers }, text: messages.map((m) => m.content).join('\n'), at: Date.now() };
    requests.push(request);
    const reply = queue.shift() ?? (await handler(request));
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if (res.destroyed) return;
    if (reply.status && reply.status !== 200) return send(res, reply.status, reply.body ?? { error: { message: `HTTP ${reply.status}` } }, reply.headers);
    const content = reply.content ?? JSON.stringify(reply.json ?? {});
    const usage = { prompt_tokens: count(request.text), completion_tokens: count(content) };
    tokens.prompt += usage.prompt_tokens;
    tokens.completion += usage.completion_tokens;
    send(res, 200, {
      id: `chatcmpl-${request.index}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [reply.toolCalls
        ? {
            index: 0,
            message: {
              role: 'assistant', content: null,
              tool_calls: reply.toolCalls.map((t, i) => ({ id: `call_${request.index}_${i}`, type: 'function', function: { name: t.name, arguments: JSON.stringify(t.arguments) } })),
            },
            finish_reason: 'tool_calls',
          }
        : { index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    }, reply.headers);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    tokens,
    script: (...replies) => void queue.push(...replies),
    setHandler: (h) => void (handler = h),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p: { text?: string }) => p.text ?? '').join('');
  return '';
}

/** Deterministic 8-dimensional vectors from character codes. */
function embeddings(body: Record<string, unknown>): unknown {
  const inputs = Array.isArray(body.input) ? (body.input as string[]) : [String(body.input)];
  const data = inputs.map((text, index) => {
    const v = new Array<number>(8).fill(0);
    for (let i = 0; i < text.length; i++) v[i % 8]! += text.charCodeAt(i) / 1000;
    const norm = Math.hypot(...v) || 1;
    return { object: 'embedding', index, embedding: v.map((x) => x / norm) };
  });
  const tokens = inputs.reduce((n, t) => n + estimateTokens(t), 0);
  return { object: 'list', data, model: String(body.model), usage: { prompt_tokens: tokens, total_tokens: tokens } };
}
