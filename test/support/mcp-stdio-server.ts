/** Test helper: `tsx test/support/mcp-stdio-server.ts <dataDir> <profile>` serves MCP on stdio. */
import { openMemory } from '../../src/index.js';
import { runMcpStdio } from '../../src/mcp/stdio.js';

const [dataDir, profile] = process.argv.slice(2);
const mnemo = openMemory({ dataDir, embedder: { kind: 'hashing' } });
await runMcpStdio({ mnemo, profile });
await mnemo.close();
