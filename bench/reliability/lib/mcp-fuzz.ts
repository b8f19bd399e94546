/**
 * MCP fuzzing over the real Streamable HTTP transport: the official client calls every tool with
 * fuzzed arguments (and tools that do not exist), and raw JSON-RPC garbage is posted to /mcp.
 * A call must answer in time with a result or a protocol error; a tool error must name its code;
 * `internal` is a failure.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { ERROR_CODES } from '../../../src/errors.js';
import { anyField, anyJson, bodies, hostileString, messageShape, mutated } from './hostile.js';
import type { FuzzTally } from './http-fuzz.js';

const TOOL_ARGS: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  recall: bodies.recall,
  remember: bodies.remember,
  list: mutated({ type: fc.constantFrom('fact', 'x'), status: fc.constantFrom('active', 'done', 'x'), limit: fc.integer(), cursor: hostileString, sessionId: hostileString, topicKey: hostileString }),
  forget: mutated({ id: fc.oneof(fc.constant('0'.repeat(32)), hostileString), purge: fc.boolean() }),
  ingest: mutated({ messages: fc.array(messageShape, { maxLength: 3 }), sessionId: hostileString, timestamp: hostileString, wait: fc.boolean() }),
};

const call = fc.oneof(
  { weight: 9, arbitrary: fc.constantFrom(...Object.keys(TOOL_ARGS)).chain((name) => TOOL_ARGS[name]!.map((args) => ({ name, args }))) },
  { weight: 1, arbitrary: fc.record({ name: fc.oneof(hostileString, fc.constantFrom('recall ', 'RECALL', 'tools/list')), args: fc.dictionary(fc.string({ maxLength: 5 }), anyField, { maxKeys: 2 }) }) },
);

function tally(): FuzzTally {
  return { cases: 0, failures: [], statuses: {} };
}

function note(t: FuzzTally, outcome: string, problem: string | null, request: string): void {
  t.cases++;
  t.statuses[outcome] = (t.statuses[outcome] ?? 0) + 1;
  if (problem) t.failures.push({ request: request.slice(0, 300), problem });
}

export async function connectMcp(baseUrl: string, profile: string, key?: string): Promise<Client> {
  const client = new Client({ name: 'reliability-fuzz', version: '1.0.0' });
  const headers: Record<string, string> = { 'x-mnemo-profile': profile, ...(key ? { authorization: `Bearer ${key}` } : {}) };
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }));
  return client;
}

export async function fuzzMcpTools(baseUrl: string, opts: { runs: number; seed: number; profile: string; timeoutMs?: number }): Promise<FuzzTally> {
  const t = tally();
  const client = await connectMcp(baseUrl, opts.profile);
  try {
    for (const c of fc.sample(call, { numRuns: opts.runs, seed: opts.seed })) {
      const request = `${JSON.stringify(c.name)} ${JSON.stringify(c.args)}`;
      try {
        const r = await client.callTool({ name: c.name, arguments: c.args }, undefined, { timeout: opts.timeoutMs ?? 15_000 });
        const text = (r.content as { type: string; text?: string }[])[0]?.text ?? '';
        if (!r.isError) note(t, 'ok', null, request);
        else {
          const code = /^(\w+):/.exec(text)?.[1];
          const known = (code && (ERROR_CODES as readonly string[]).includes(code)) || /^MCP error -32\d{3}/.test(text);
          note(t, `isError ${code ?? 'protocol'}`, code === 'internal' ? `internal error: ${text.slice(0, 200)}` : known ? null : `tool error without a code: ${text.slice(0, 200)}`, request);
        }
      } catch (err) {
        if (err instanceof McpError && err.code !== -32001 && err.code !== -32603) note(t, `McpError ${err.code}`, null, request);
        else note(t, 'failed', `call failed: ${(err as Error).message.slice(0, 200)}`, request);
      }
    }
  } finally {
    await client.close();
  }
  return t;
}

const rpc = fc.oneof(
  fc.record({ jsonrpc: fc.constantFrom('2.0', '1.0', 2), id: fc.oneof(fc.integer(), hostileString, fc.constant(null)), method: fc.oneof(fc.constantFrom('tools/call', 'tools/list', 'initialize', 'ping', 'resources/list', 'prompts/get'), hostileString), params: anyJson }, { requiredKeys: [] }),
  fc.array(anyJson, { maxLength: 3 }),
  anyJson,
);

/** Raw JSON-RPC (valid-looking and not) posted straight to /mcp. */
export async function fuzzMcpWire(baseUrl: string, opts: { runs: number; seed: number; profile: string; timeoutMs?: number }): Promise<FuzzTally> {
  const t = tally();
  for (const body of fc.sample(rpc, { numRuns: opts.runs, seed: opts.seed })) {
    const request = JSON.stringify(body).slice(0, 300);
    try {
      const res = await fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-mnemo-profile': opts.profile },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
      const text = await res.text();
      note(t, String(res.status), res.status >= 500 ? `status ${res.status}: ${text.slice(0, 200)}` : null, request);
    } catch (err) {
      note(t, 'failed', `request failed: ${(err as Error).message}`, request);
    }
  }
  return t;
}
