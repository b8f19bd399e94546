/** MCP over stdio: serves one profile until stdin closes. */
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { orderedTransport } from './ordered-transport.js';
import { createMcpServer, type McpServerOptions } from './server.js';

export interface McpStdioOptions extends McpServerOptions {
  stdin?: Readable;
  stdout?: Writable;
  /**
   * Runs once the client has its handshake answer and has said it is ready, after the requests it
   * sent with that notice: work that blocks the process (loading indexes) goes here, not before.
   */
  onInitialized?: () => void;
}

/** Resolves once the client closes stdin (the server is closed then); the caller closes mnemo. */
export async function runMcpStdio(opts: McpStdioOptions): Promise<void> {
  const stdin = opts.stdin ?? process.stdin;
  const server = createMcpServer(opts);
  const { onInitialized } = opts;
  if (onInitialized) server.server.oninitialized = () => void setImmediate(onInitialized);
  const transport = new StdioServerTransport(stdin, opts.stdout ?? process.stdout);
  const ended = new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
    transport.onclose = resolve;
  });
  await server.connect(orderedTransport(transport));
  await ended;
  await server.close();
}
