import type { Command } from 'commander';
import { withProfile } from '../context.js';
import { emit } from '../output.js';

interface Opts {
  purge?: boolean;
  reason?: string;
}

export function registerForget(program: Command): void {
  program
    .command('forget')
    .description('forget a memory (soft delete; --purge erases its content)')
    .argument('<id>', 'memory id')
    .option('--purge', 'erase the content for good (personal data)')
    .option('--reason <text>', 'why, recorded in the audit log')
    .addHelpText('after', '\nExample:\n  mnemo forget 3f2a9c0e5b7d41a8b6c2d9e0f1a2b3c4 --purge --reason "user request"')
    .action(async (id: string, opts: Opts, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const m = await profile.forget(id, { purge: opts.purge === true, reason: opts.reason });
        emit(g.json, m, () => `${opts.purge ? 'purged' : 'forgot'} ${m.id}`);
      });
    });
}
