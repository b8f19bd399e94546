import type { Command } from 'commander';
import { withProfile } from '../context.js';
import { emit } from '../output.js';

export function registerJobs(program: Command): void {
  program
    .command('jobs')
    .description('count background jobs (extraction, vectorization) by status')
    .option('--drain', 'run every due job now and wait for it')
    .addHelpText('after', '\nExample:\n  mnemo jobs --drain')
    .action(async (opts: { drain?: boolean }, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        if (opts.drain) await profile.drain();
        const counts = await profile.jobs();
        emit(g.json, counts, () => Object.entries(counts).map(([status, n]) => `${status.padEnd(8)} ${n}`));
      });
    });

  program
    .command('job')
    .description('show one background job')
    .argument('<id>', 'job id (printed by ingest)')
    .addHelpText('after', '\nExample:\n  mnemo job 5d0c1e2f')
    .action(async (id: string, _opts: unknown, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const job = await profile.job(id);
        emit(g.json, job, () => [
          `id        ${job.id}`,
          `kind      ${job.kind}`,
          `status    ${job.status}`,
          `attempts  ${job.attempts}/${job.maxAttempts}`,
          `run at    ${job.runAt}`,
          ...(job.lastError ? [`error     ${job.lastError}`] : []),
        ]);
      });
    });
}
