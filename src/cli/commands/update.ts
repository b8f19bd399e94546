import { type Command, Option } from 'commander';
import { MEMORY_TYPES, type MemoryType } from '../../types.js';
import { withProfile } from '../context.js';
import { emit, memoryLine, redactionLines } from '../output.js';
import { parseJsonObject } from '../scope-options.js';

interface Opts {
  content?: string;
  type?: MemoryType;
  tags?: string;
  metadata?: string;
}

export function registerUpdate(program: Command): void {
  program
    .command('update')
    .description('update a memory: a new version replaces it; the old one stays in its history (superseded)')
    .argument('<id>', 'memory id')
    .option('--content <text>', 'the new content')
    .addOption(new Option('--type <type>', 'the new memory type').choices(MEMORY_TYPES))
    .option('--tags <list>', 'comma-separated tags (replace the old ones)')
    .option('--metadata <json>', 'JSON object (replaces the old metadata)')
    .addHelpText('after', '\nExample:\n  mnemo update 3f2a9c0e5b7d41a8b6c2d9e0f1a2b3c4 --content "The project uses bun." --metadata \'{"source":"review"}\'')
    .action(async (id: string, opts: Opts, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const res = await profile.update(id, {
          content: opts.content,
          type: opts.type,
          tags: opts.tags?.split(',').map((t) => t.trim()).filter(Boolean),
          metadata: opts.metadata === undefined ? undefined : parseJsonObject(opts.metadata, '--metadata'),
        });
        emit(g.json, res, () => [`updated ${res.previous.id} → ${memoryLine(res.memory)}`, ...redactionLines(res.redactions)]);
      });
    });
}
