import type { Command } from 'commander';
import { MnemoError } from '../../errors.js';
import { GROUP_KINDS } from '../../consolidation/options.js';
import { withProfile } from '../context.js';
import { emit } from '../output.js';

interface Opts {
  kinds?: string;
  wait: boolean;
}

export function registerConsolidate(program: Command): void {
  program
    .command('consolidate')
    .description('consolidate memories ("sleep"): merge near-duplicates, gather semantic memories per subject and topic, summarize each session')
    .option('--kinds <list>', `comma-separated subset of ${GROUP_KINDS.join(',')}`)
    .option('--no-wait', 'only queue the job; the server or the next command runs it')
    .addHelpText('after', '\nExamples:\n  mnemo consolidate\n  mnemo consolidate --kinds merge --json')
    .action(async (opts: Opts, cmd: Command) => {
      const kinds = opts.kinds?.split(',').map((k) => k.trim()).filter(Boolean);
      const unknown = kinds?.filter((k) => !(GROUP_KINDS as readonly string[]).includes(k));
      if (unknown?.length) throw new MnemoError('invalid_input', `unknown consolidation kind ${unknown.join(', ')} (use ${GROUP_KINDS.join(', ')})`);
      await withProfile(cmd, async (profile, g) => {
        const res = await profile.consolidate({ kinds: kinds as (typeof GROUP_KINDS)[number][] | undefined, wait: opts.wait });
        emit(g.json, res, () => {
          const r = res.report;
          if (!r) return `queued consolidation job ${res.jobId}`;
          return [
            `consolidated ${r.memoriesRead} memories in ${r.ms} ms: ${r.written} written (${r.byKind.merge} merges, ${r.byKind.semantic} semantic, ${r.byKind.summary} session summaries), ${r.unchanged} unchanged, ${r.superseded} superseded`,
            ...(r.stale ? [`${r.stale} groups changed meanwhile and wait for the next run`] : []),
            ...(r.modelCalls ? [`model: ${r.modelCalls} calls, ${r.inputTokens} input and ${r.outputTokens} output tokens`] : []),
          ];
        });
      });
    });
}
