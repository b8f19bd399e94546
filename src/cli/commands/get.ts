import type { Command } from 'commander';
import { withProfile } from '../context.js';
import { emit, memoryDetail } from '../output.js';

export function registerGet(program: Command): void {
  program
    .command('get')
    .description('show one memory with its provenance')
    .argument('<id>', 'memory id (32 hex characters)')
    .addHelpText('after', '\nExample:\n  mnemo get 3f2a9c0e5b7d41a8b6c2d9e0f1a2b3c4')
    .action(async (id: string, _opts: unknown, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const m = await profile.get(id);
        emit(g.json, m, () => memoryDetail(m));
      });
    });
}
