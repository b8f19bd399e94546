import type { Command } from 'commander';
import { LIMITS } from '../../limits.js';
import type { MemoryStatus, MemoryType } from '../../types.js';
import { withProfile } from '../context.js';
import { emit, memoryLine } from '../output.js';
import { intOption, statusesOption, typesOption } from '../parse.js';

interface Opts {
  type?: MemoryType[];
  status?: MemoryStatus[];
  session?: string;
  key?: string;
  limit: number;
  cursor?: string;
}

export function registerList(program: Command): void {
  program
    .command('list')
    .description('list memories, newest first (default: active ones)')
    .option('--type <list>', 'memory types (fact,instruction,event,task)', typesOption)
    .option('--status <list>', 'statuses (active,superseded,forgotten,done); default active', statusesOption)
    .option('--session <id>', 'only this session')
    .option('--key <topicKey>', 'only this topic key')
    .option('--limit <n>', 'page size', intOption(1, LIMITS.maxLimit), 50)
    .option('--cursor <cursor>', 'continue after a previous page')
    .addHelpText('after', '\nExample:\n  mnemo list --type fact,instruction --limit 20 --json')
    .action(async (opts: Opts, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const page = await profile.list({ type: opts.type, status: opts.status, sessionId: opts.session, topicKey: opts.key, limit: opts.limit, cursor: opts.cursor });
        emit(g.json, page, () => [
          ...(page.items.length ? page.items.map((m) => memoryLine(m)) : ['no memories']),
          ...(page.nextCursor ? [``, `more: mnemo list --cursor ${page.nextCursor}`] : []),
        ]);
      });
    });
}
