import { type Command, Option } from 'commander';
import { MEMORY_TYPES, type MemoryType } from '../../types.js';
import { withProfile } from '../context.js';
import { emit, memoryLine, redactionLines } from '../output.js';
import { dateOption } from '../parse.js';
import { type ScopeFlags, addScopeWriteOptions, scopeWriteInput } from '../scope-options.js';

interface Opts extends ScopeFlags {
  type?: MemoryType;
  key?: string;
  session?: string;
  eventTime?: string;
  expires?: string;
  tags?: string;
  pinned?: boolean;
}

export function registerRemember(program: Command): void {
  addScopeWriteOptions(program
    .command('remember')
    .description('write one memory directly (secrets are redacted, never stored)')
    .argument('<text>', 'the statement to remember')
    .addOption(new Option('--type <type>', 'memory type (default: classified from the text)').choices(MEMORY_TYPES))
    .option('--key <topicKey>', 'topic key, e.g. user.package_manager (supersedes the active memory with that key)')
    .option('--session <id>', 'session the memory belongs to')
    .option('--event-time <date>', 'when the event happened (events)', dateOption)
    .option('--expires <date>', 'tasks: when the task lapses and leaves recall (makes it a task)', dateOption)
    .option('--tags <list>', 'comma-separated tags')
    .option('--pinned', 'never fades or goes cold (keeps full salience)'))
    .addHelpText('after', '\nExample:\n  mnemo remember "The project uses pnpm." --type fact --key project.package_manager')
    .action(async (text: string, opts: Opts, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const res = await profile.remember({
          content: text,
          type: opts.type,
          topicKey: opts.key,
          sessionId: opts.session,
          eventTime: opts.eventTime,
          expiresAt: opts.expires,
          tags: opts.tags?.split(',').map((t) => t.trim()).filter(Boolean),
          pinned: opts.pinned,
          ...scopeWriteInput(opts),
        });
        emit(g.json, res, () => [
          `${res.created ? 'remembered' : 'already remembered'}: ${memoryLine(res.memory)}`,
          ...res.superseded.map((id) => `superseded ${id}`),
          ...redactionLines(res.redactions),
        ]);
      });
    });
}
