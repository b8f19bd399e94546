/**
 * `mnemo mcp` as a client starts it: a fresh process on an existing data directory, timed from
 * spawn to the handshake's answer, to the first recall's, and the second recall on its own.
 */
import { spawn } from 'node:child_process';

export interface McpColdRun {
  handshakeMs: number;
  /** From spawn, a recall sent right after the client's ready notice. */
  firstRecallMs: number;
  /** A second recall, sent when the first was answered. */
  secondRecallMs: number;
}

export async function measureMcpCold(cli: string, dataDir: string, profile: string, queries: [string, string]): Promise<McpColdRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'mcp', '--data-dir', dataDir, '--profile', profile], { stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, MNEMO_LOG: 'off' } });
  type Answer = { id?: number; error?: unknown; result?: { isError?: boolean } };
  const waiting = new Map<number, (msg: Answer) => void>();
  let buffered = '';
  child.stdout.on('data', (d: Buffer) => {
    buffered += d.toString();
    for (let nl; (nl = buffered.indexOf('\n')) >= 0; buffered = buffered.slice(nl + 1)) {
      const msg = JSON.parse(buffered.slice(0, nl)) as Answer;
      if (msg.id !== undefined) waiting.get(msg.id)?.(msg);
    }
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`mnemo mcp exited with ${code}`))));
  const send = (msg: object) => child.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...msg }) + '\n');
  const call = async (id: number, method: string, params: object): Promise<number> => {
    const answer = new Promise<Answer>((resolve) => waiting.set(id, resolve));
    send({ id, method, params });
    const msg = await Promise.race([answer, exited]);
    if (msg.error || msg.result?.isError) throw new Error(`${method} failed: ${JSON.stringify(msg)}`);
    return performance.now();
  };
  try {
    const handshake = await call(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
    send({ method: 'notifications/initialized' });
    const first = await call(2, 'tools/call', { name: 'recall', arguments: { query: queries[0] } });
    const second = await call(3, 'tools/call', { name: 'recall', arguments: { query: queries[1] } });
    return { handshakeMs: handshake - started, firstRecallMs: first - started, secondRecallMs: second - first };
  } finally {
    exited.catch(() => undefined);
    child.kill();
  }
}
