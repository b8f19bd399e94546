import path from 'node:path';
import type { Command } from 'commander';
import { globals, openMnemo } from '../context.js';
import { intOption } from '../parse.js';

interface Opts {
  debounceMs: number;
  claude?: boolean;
  once?: boolean;
}

export function registerSync(program: Command): void {
  program
    .command('sync <dir>')
    .description('keep a Markdown memory folder and a profile in step both ways (edits supersede, deletions forget)')
    .option('--debounce-ms <n>', 'wait this long after the last file change', intOption(10, 60_000), 300)
    .option('--claude', 'read and write the Claude Code memory folder layout (user/feedback/project/reference)')
    .option('--once', 'reconcile once and exit instead of watching')
    .addHelpText('after', '\nExample:\n  mnemo sync ./memory --profile me\n\nConflicts go to the newest write and are logged; stop with Ctrl-C. The folder keeps .mnemo-sync.json,\nso files deleted while no sync runs forget their memories at the next start.')
    .action(async (dir: string, opts: Opts, cmd: Command) => {
      const g = globals(cmd);
      const mnemo = await openMnemo(g, { background: true });
      const { startSync } = await import('../../interop/sync.js');
      const handle = await startSync({
        profile: mnemo.profile(g.profile),
        dir: path.resolve(dir),
        debounceMs: opts.debounceMs,
        flavor: opts.claude ? 'claude' : 'mnemo',
        onLog: (e) => process.stderr.write(g.json ? `${JSON.stringify(e)}\n` : `mnemo sync: ${e.level} ${e.event}${e.file ? ` ${e.file}` : ''}: ${e.message}\n`),
      });
      const stop = async () => {
        await handle.stop();
        await mnemo.close();
      };
      if (opts.once) {
        await handle.flush();
        await stop();
        return;
      }
      process.stderr.write(`mnemo sync: watching ${path.resolve(dir)} for profile "${g.profile}" (Ctrl-C to stop)\n`);
      await new Promise<void>((resolve) => {
        const done = () => void stop().then(resolve);
        process.once('SIGINT', done);
        process.once('SIGTERM', done);
      });
    });
}
