import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ProfileApi } from '../api.js';
import { registerTools } from './tools.js';

/**
 * The names of the tools an MCP session gets (read-scope keys: `readOnly`), read from the
 * registrations themselves so discovery documents never drift from the server.
 * Registration only records handlers; no profile is touched.
 */
export function mcpToolNames(opts: { readOnly?: boolean } = {}): string[] {
  const names: string[] = [];
  const collector = { registerTool: (name: string) => void names.push(name) };
  registerTools(collector as unknown as McpServer, {} as ProfileApi, opts);
  return names;
}
