import type { Command } from 'commander';
import { withProfile } from '../context.js';
import { emit, memoryLine } from '../output.js';

export function registerComplete(program: Command): void {
  program
    .command('complete')
    .description('mark a task done: it leaves recall; `mnemo list --status done` keeps it')
    .argument('<id>', 'task id (from list, recall or remember)')
    .option('--reason <text>', 'why or how it was finished, recorded in the audit log')
    .addHelpText('after', '\nExample:\n  mnemo complete 3f2a9c0e5b7d41a8b6c2d9e0f1a2b3c4 --reason "PR #123 merged"')
    .action(async (id: string, opts: { reason?: string }, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const m = await profile.complete(id, { reason: opts.reason });
        emit(g.json, m, () => `done: ${memoryLine(m)}`);
      });
    });
}
