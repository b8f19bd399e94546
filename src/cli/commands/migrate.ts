import type { Command } from 'commander';
import { MnemoError } from '../../errors.js';
import { globals } from '../context.js';
import { emit } from '../output.js';

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('create or upgrade the PostgreSQL schema (SQLite files migrate themselves on open)')
    .addHelpText('after', '\nExample:\n  mnemo migrate --store postgres://mnemo:secret@127.0.0.1:5432/mnemo\n\nSafe to run from several processes at once; `serve` also migrates on start.')
    .action(async (_opts: unknown, cmd: Command) => {
      const g = globals(cmd);
      if (!g.store) throw new MnemoError('invalid_input', 'migrate needs --store postgres://… (or MNEMO_STORE); SQLite databases migrate themselves when opened');
      const { migrate } = await import('../../store/postgres/index.js');
      const res = await migrate({ connectionString: g.store });
      const pgvector = res.vectors.pgvector ? `pgvector ${res.vectors.version}` : 'pgvector not installed (vector search runs exact in-process)';
      emit(g.json, res, () => [`schema v${res.from} → v${res.to}; ${pgvector}`]);
    });
}
