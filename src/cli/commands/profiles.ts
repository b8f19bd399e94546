import type { Command } from 'commander';
import { globals, openMnemo } from '../context.js';
import { emit } from '../output.js';

export function registerProfiles(program: Command): void {
  program
    .command('profiles')
    .description('list the profiles in the data directory')
    .addHelpText('after', '\nExample:\n  mnemo profiles --data-dir ./.mnemo')
    .action(async (_opts: unknown, cmd: Command) => {
      const g = globals(cmd);
      const mnemo = await openMnemo(g);
      try {
        const names = await mnemo.listProfiles();
        emit(g.json, names, () => (names.length ? names : [`no profiles in ${g.dataDir}`]));
      } finally {
        await mnemo.close();
      }
    });
}
