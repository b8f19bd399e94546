import type { Command } from 'commander';
import { withProfile } from '../context.js';
import { emit } from '../output.js';
import { intOption } from '../parse.js';

interface Opts {
  query?: string;
  maxTokens: number;
  session?: string;
}

export function registerContext(program: Command): void {
  program
    .command('context')
    .description('a context block (instructions, key facts, relevant memories, recent events) for session start')
    .option('--query <text>', 'what the session is about, to pick relevant memories')
    .option('--max-tokens <n>', 'token budget', intOption(50, 100_000), 1500)
    .option('--session <id>', "include this session's working memory")
    .addHelpText('after', '\nExample:\n  mnemo context --query "deploying the API" --max-tokens 800')
    .action(async (opts: Opts, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const block = await profile.context({ query: opts.query, maxTokens: opts.maxTokens, sessionId: opts.session });
        emit(g.json, block, () => block.text);
      });
    });
}
