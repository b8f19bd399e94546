/** MCP Streamable HTTP at /mcp: stateless, one MCP server per request, behind the same API keys. */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Hono } from 'hono';
import type { MnemoApi } from '../api.js';
import { allows, authorize } from '../auth/access.js';
import { MnemoError } from '../errors.js';
import { createMcpServer } from '../mcp/server.js';
import type { HttpEnv } from './env.js';

export function mountMcp(app: Hono<HttpEnv>, mnemo: MnemoApi): void {
  app.on(['GET', 'DELETE'], '/mcp', (c) => {
    c.set('route', '/mcp');
    // Stateless server: no standalone SSE stream and no sessions to delete.
    return c.json({ error: { code: 'invalid_input', message: 'use POST for MCP requests (stateless Streamable HTTP)' } }, 405, { allow: 'POST' });
  });

  app.post('/mcp', async (c) => {
    c.set('route', '/mcp');
    const key = c.get('key');
    const profile = c.req.header('x-mnemo-profile') ?? c.req.query('profile') ?? (key && key.profile !== '*' ? key.profile : null);
    if (!profile) throw new MnemoError('invalid_input', 'choose a profile with the x-mnemo-profile header or ?profile=');
    c.set('profile', profile);
    authorize(key, 'read', profile);
    const server = createMcpServer({ mnemo, profile, readOnly: !allows(key, 'write') });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      return await transport.handleRequest(c.req.raw);
    } finally {
      await server.close();
    }
  });
}
