import { type Command, Option } from 'commander';
import type { KeyStore } from '../../auth/keys.js';
import { MnemoError } from '../../errors.js';
import { globals } from '../context.js';
import { emit } from '../output.js';

async function withKeys<T>(cmd: Command, fn: (keys: KeyStore, json: boolean, profile: string) => Promise<T>): Promise<T> {
  const g = globals(cmd);
  const { openKeyStore } = await import('../../auth/index.js');
  const keys = openKeyStore(g.dataDir);
  try {
    return await fn(keys, g.json, g.profile);
  } finally {
    await keys.close();
  }
}

export function registerKeys(program: Command): void {
  const keys = program
    .command('keys')
    .description('manage the API keys of `mnemo serve` (stored hashed in <data-dir>/keys.db)')
    .addHelpText('after', `\nExamples:\n  mnemo keys create --profile '*' --scope admin --label ops\n  mnemo keys list\n  mnemo keys revoke 1a2b3c4d5e6f`);

  keys
    .command('create')
    .description("create a key for --profile NAME (or '*' for every profile); the key is shown once")
    .addOption(new Option('--scope <scope>', 'read, write (includes read) or admin').choices(['read', 'write', 'admin']).default('write'))
    .option('--label <text>', 'a note on who or what uses the key')
    .action(async (opts: { scope: 'read' | 'write' | 'admin'; label?: string }, cmd: Command) => {
      await withKeys(cmd, async (store, json, profile) => {
        const created = await store.create({ profile, scope: opts.scope, label: opts.label });
        emit(json, created, () => [
          created.key,
          `key ${created.id}: scope ${created.record.scope}, profile ${created.record.profile}. Store it now, it is not shown again.`,
        ]);
      });
    });

  keys
    .command('list')
    .description('list keys (never their secrets)')
    .action(async (_opts: unknown, cmd: Command) => {
      await withKeys(cmd, async (store, json) => {
        const all = await store.list();
        emit(json, all, () =>
          all.length
            ? all.map((k) => `${k.id}  ${k.scope.padEnd(5)}  ${k.profile.padEnd(20)}  ${k.revokedAt ? `revoked ${k.revokedAt.slice(0, 10)}` : 'active'}${k.label ? `  ${k.label}` : ''}`)
            : ['no keys (the server is open on loopback only)'],
        );
      });
    });

  keys
    .command('revoke')
    .description('revoke a key by id')
    .argument('<id>', 'key id (12 hex characters, from keys list)')
    .action(async (id: string, _opts: unknown, cmd: Command) => {
      await withKeys(cmd, async (store, json) => {
        if (!(await store.revoke(id))) throw new MnemoError('not_found', `no active key ${id}`);
        emit(json, { id, revoked: true }, () => `revoked ${id}`);
      });
    });
}
