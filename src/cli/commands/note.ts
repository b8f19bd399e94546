import type { Command } from 'commander';
import { MnemoError } from '../../errors.js';
import { appendTimelineLine } from '../../interop/markdown/timeline.js';
import { withProfile } from '../context.js';
import { emit, redactionLines } from '../output.js';
import { dateOption } from '../parse.js';

interface Opts {
  kind?: string;
  data?: string;
  at?: string;
  session?: string;
  folder?: string;
}

export function registerNote(program: Command): void {
  program
    .command('note')
    .description('append an entry to the profile timeline (recalled as an event; exported to timeline/YYYY-MM-DD.jsonl)')
    .argument('<text>', 'what happened')
    .option('--kind <kind>', 'kind of entry, e.g. deploy or decision', 'note')
    .option('--data <json>', 'structured details as a JSON object')
    .option('--at <date>', 'when it happened (default now)', dateOption)
    .option('--session <id>', 'session the entry belongs to')
    .option('--folder <dir>', 'also append the line to <dir>/timeline/YYYY-MM-DD.jsonl (a Markdown export or synced folder)')
    .addHelpText('after', '\nExample:\n  mnemo note "Deployed v2.3 to production" --kind deploy --data \'{"version":"2.3"}\'')
    .action(async (text: string, opts: Opts, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const res = await profile.note({ text, kind: opts.kind, data: parseData(opts.data), at: opts.at, sessionId: opts.session });
        const file = opts.folder && res.created ? await appendTimelineLine(opts.folder, res.memory) : null;
        emit(g.json, { ...res, ...(file ? { file } : {}) }, () => [
          `${res.created ? 'noted' : 'already on the timeline'}: ${res.line}`,
          ...(file ? [`appended to ${file}`] : []),
          ...redactionLines(res.redactions),
        ]);
      });
    });
}

function parseData(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MnemoError('invalid_input', `--data is not valid JSON: ${text.slice(0, 80)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new MnemoError('invalid_input', '--data must be a JSON object, e.g. {"version":"2.3"}');
  return value as Record<string, unknown>;
}
