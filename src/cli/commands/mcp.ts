import type { Command } from 'commander';
import { globals, openMnemo } from '../context.js';

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('serve one profile to an MCP client over stdio (tools: recall, remember, forget, list, ingest)')
    .option('--read-only', 'only the recall and list tools')
    .addHelpText('after', '\nExample (Claude Desktop, Cursor, …):\n  { "command": "npx", "args": ["mnemo", "mcp", "--profile", "me"] }')
    .action(async (opts: { readOnly?: boolean }, cmd: Command) => {
      const g = globals(cmd);
      const { runMcpStdio } = await import('../../mcp/index.js');
      const mnemo = await openMnemo(g, { background: true });
      try {
        // Loading the indexes holds the process for seconds at 100K memories: the handshake is
        // answered first. A profile not written yet has none to load.
        const warm = () => void mnemo.profile(g.profile).warm().catch(() => {});
        await runMcpStdio({ mnemo, profile: g.profile, readOnly: opts.readOnly === true, onInitialized: warm });
      } finally {
        await mnemo.close();
      }
    });
}
