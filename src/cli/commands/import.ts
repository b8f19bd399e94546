import { stat } from 'node:fs/promises';
import { type Command, Option } from 'commander';
import { MnemoError } from '../../errors.js';
import { withProfile } from '../context.js';
import { emit } from '../output.js';
import { readInput } from '../read-messages.js';

interface Opts {
  strategy: 'merge' | 'replace';
  format?: 'json' | 'markdown' | 'openclaw';
}

export function registerImport(program: Command): void {
  program
    .command('import')
    .description('import a JSON export (file or - for stdin) or a Markdown memory folder into the profile')
    .argument('<path>', 'mnemo JSON export, - for stdin, or a folder of Markdown memory files (MEMORY.md)')
    .addOption(new Option('--strategy <strategy>', 'merge keeps what is there; replace lets the imported memories win (same id or topic key) and keeps local-only ones (JSON only)').choices(['merge', 'replace']).default('merge'))
    .addOption(new Option('--format <format>', 'json (default for files), markdown (default for folders) or openclaw (MEMORY.md + memory/YYYY-MM-DD.md)').choices(['json', 'markdown', 'openclaw']))
    .addHelpText('after', '\nExamples:\n  mnemo import backup.json --profile restored\n  mnemo import ./memory --profile me\n  mnemo import ~/openclaw-workspace --format openclaw')
    .action(async (file: string, opts: Opts, cmd: Command) => {
      const format = opts.format ?? (file !== '-' && (await isDirectory(file)) ? 'markdown' : 'json');
      if (format !== 'json') {
        if (opts.strategy !== 'merge') throw new MnemoError('invalid_input', '--strategy replace applies to JSON exports only');
        if (!(await isDirectory(file))) throw new MnemoError('invalid_input', `${file} is not a folder (--format ${format} imports a folder)`);
        return withProfile(cmd, async (profile, g) => {
          const res = format === 'markdown'
            ? await (await import('../../interop/markdown/index.js')).importMarkdown(profile, file)
            : await (await import('../../interop/openclaw/import.js')).importOpenClaw(profile, file);
          const files = typeof res.files === 'number' ? res.files : res.files.length;
          emit(g.json, res, () => `imported ${res.written} memories from ${files} files into profile "${profile.name}" (${res.skipped} already known, ${res.superseded} superseded)`);
        });
      }
      const doc = parseJson(await readInput(file), file);
      if ((doc as { version?: unknown } | null)?.version === 'memory/0.1') {
        // a three.ws memory export: files plus timeline notes
        return withProfile(cmd, async (profile, g) => {
          const res = await (await import('../../interop/threews.js')).importThreeWs(profile, doc);
          emit(g.json, res, () => `imported ${res.written} memories (${res.notes} timeline notes) into profile "${profile.name}" (${res.skipped} already known)`);
        });
      }
      await withProfile(cmd, async (profile, g) => {
        const res = await profile.import(doc, { strategy: opts.strategy });
        emit(g.json, res, () => `imported ${res.memories} memories and ${res.messages} messages into profile "${profile.name}" (${opts.strategy})`);
      });
    });
}

async function isDirectory(p: string): Promise<boolean> {
  return stat(p).then((s) => s.isDirectory(), () => false);
}

function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new MnemoError('invalid_input', `${name} is not valid JSON: ${(err as Error).message}`);
  }
}
