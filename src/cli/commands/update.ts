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
  pin?: boolean;
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
    .option('--pin', 'never fades or goes cold; alone it changes the memory in place, without a new version')
    .option('--no-pin', 'let it fade and go cold again')
    .addHelpText('after', '\nExample:\n  mnemo update 3f2a9c0e5b7d41a8b6c2d9e0f1a2b3c4 --content "The project uses bun." --metadata \'{"source":"review"}\'\n  mnemo update 3f2a9c0e5b7d41a8b6c2d9e0f1a2b3c4 --pin')
    .action(async (id: string, opts: Opts, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const res = await profile.update(id, {
          content: opts.content,
          type: opts.type,
          tags: opts.tags?.split(',').map((t) => t.trim()).filter(Boolean),
          metadata: opts.metadata === undefined ? undefined : parseJsonObject(opts.metadata, '--metadata'),
          pinned: opts.pin,
        });
        const head = res.memory.id === res.previous.id ? `${res.memory.pinned ? 'pinned' : 'unpinned'} ${memoryLine(res.memory)}` : `updated ${res.previous.id} → ${memoryLine(res.memory)}`;
        emit(g.json, res, () => [head, ...redactionLines(res.redactions)]);
      });
    });
}
