import type { Command } from 'commander';
import { withProfile } from '../context.js';
import { emit } from '../output.js';
import { type ScopeFlags, addScopeFilterOptions, scopeFilterInput } from '../scope-options.js';
import { MnemoError } from '../../errors.js';

interface Opts extends ScopeFlags {
  purge?: boolean;
  reason?: string;
  limit?: string;
  dryRun?: boolean;
}

export function registerForget(program: Command): void {
  addScopeFilterOptions(program
    .command('forget')
    .description('forget a memory by id, or every active memory matching --user/--agent/--run/--filter (soft delete; --purge erases content)')
    .argument('[id]', 'memory id')
    .option('--purge', 'erase the content for good (personal data)')
    .option('--reason <text>', 'why, recorded in the audit log')
    .option('--limit <n>', 'with a filter: forget at most n matches')
    .option('--dry-run', 'with a filter: list what would be forgotten, change nothing')
    .addHelpText('after', '\nExamples:\n  mnemo forget 3f2a9c0e5b7d41a8b6c2d9e0f1a2b3c4 --purge --reason "user request"\n  mnemo forget --user alice --run r-42\n  mnemo forget --user alice --limit 100 --dry-run'))
    .action(async (id: string | undefined, opts: Opts, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const scoped = opts.user ?? opts.agent ?? opts.run ?? opts.filter;
        if (id && scoped !== undefined) throw new MnemoError('invalid_input', 'give a memory id or a filter (--user/--agent/--run/--filter), not both');
        if (id && (opts.limit !== undefined || opts.dryRun)) throw new MnemoError('invalid_input', '--limit and --dry-run apply to forgetting by filter, not to one id');
        if (!id) {
          if (scoped === undefined) throw new MnemoError('invalid_input', 'give a memory id, or --user/--agent/--run/--filter to forget every match');
          if (opts.limit !== undefined && !/^[1-9]\d{0,5}$/.test(opts.limit)) throw new MnemoError('invalid_input', `--limit must be a whole number from 1 to 100000; got "${opts.limit}"`);
          const limit = opts.limit === undefined ? undefined : Number(opts.limit);
          const res = await profile.forgetWhere({ purge: opts.purge === true, reason: opts.reason, limit, dryRun: opts.dryRun === true, ...scopeFilterInput(opts) });
          const verb = res.dryRun ? `would ${opts.purge ? 'purge' : 'forget'}` : opts.purge ? 'purged' : 'forgot';
          emit(g.json, res, () => [`${verb} ${res.forgotten.length} memories`, ...(res.dryRun ? res.forgotten.map((mid) => `  ${mid}`) : [])].join('\n'));
          return;
        }
        const m = await profile.forget(id, { purge: opts.purge === true, reason: opts.reason });
        emit(g.json, m, () => `${opts.purge ? 'purged' : 'forgot'} ${m.id}`);
      });
    });
}
