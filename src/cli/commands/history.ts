import type { Command } from 'commander';
import { withProfile } from '../context.js';
import { emit, memoryLine } from '../output.js';

export function registerHistory(program: Command): void {
  program
    .command('history')
    .description('show every version of a topic key, oldest first')
    .argument('<key>', 'topic key, e.g. project.database')
    .addHelpText('after', '\nExample:\n  mnemo history project.database')
    .action(async (key: string, _opts: unknown, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const chain = await profile.history(key);
        emit(g.json, chain, () => (chain.length ? chain.map((m) => `${m.updatedAt.slice(0, 19)}  ${memoryLine(m)}`) : [`no memories with key ${key}`]));
      });
    });
}
