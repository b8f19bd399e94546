import type { Command } from 'commander';
import { LIMITS } from '../../limits.js';
import type { Memory, MemoryStatus, MemoryType } from '../../types.js';
import { withProfile } from '../context.js';
import { emit, memoryLine } from '../output.js';
import { choice, intOption, statusesOption, typesOption } from '../parse.js';
import { type ScopeFlags, addScopeFilterOptions, scopeFilterInput } from '../scope-options.js';

interface Opts extends ScopeFlags {
  type?: MemoryType[];
  status?: MemoryStatus[];
  session?: string;
  key?: string;
  limit: number;
  cursor?: string;
  sort?: 'created' | 'salience';
}

export function registerList(program: Command): void {
  addScopeFilterOptions(program
    .command('list')
    .description('list memories, newest first (default: active ones)')
    .option('--type <list>', 'memory types (fact,instruction,event,task)', typesOption)
    .option('--status <list>', 'statuses (active,superseded,forgotten,done); default active', statusesOption)
    .option('--session <id>', 'only this session')
    .option('--key <topicKey>', 'only this topic key')
    .option('--limit <n>', 'page size', intOption(1, LIMITS.maxLimit), 50)
    .option('--cursor <cursor>', 'continue after a previous page')
    .option('--sort <order>', 'created (newest first, default) or salience (most salient first)', choice(['created', 'salience'] as const)))
    .addHelpText('after', '\nExample:\n  mnemo list --type fact,instruction --limit 20 --json')
    .action(async (opts: Opts, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const page = await profile.list({ type: opts.type, status: opts.status, sessionId: opts.session, topicKey: opts.key, limit: opts.limit, cursor: opts.cursor, sort: opts.sort, ...scopeFilterInput(opts) });
        emit(g.json, page, () => [
          ...(page.items.length ? page.items.map((m) => `${memoryLine(m)}${lifecycleSuffix(m)}`) : ['no memories']),
          ...(page.nextCursor ? [``, `more: mnemo list --cursor ${page.nextCursor}${opts.sort ? ` --sort ${opts.sort}` : ''}`] : []),
        ]);
      });
    });
}

/** ` cold` for cold memories, and the salience when computed. */
function lifecycleSuffix(m: Memory): string {
  return `${m.tier === 'cold' ? '  cold' : ''}${m.salience !== undefined ? `  salience ${m.salience.toFixed(2)}` : ''}`;
}
