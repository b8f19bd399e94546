export { createMcpServer, MCP_SERVER_NAME, MCP_SERVER_VERSION, type McpServerOptions } from './server.js';
export { runMcpStdio, type McpStdioOptions } from './stdio.js';
export { toolError } from './errors.js';
