/**
 * Where each top-level command is registered, loaded on demand: a command imports its own
 * dependencies, and a one-shot `mnemo recall` should not pay for loading the other twenty-five.
 * The order is the order of `mnemo --help`.
 */
import type { Command } from 'commander';
import { commandName } from './command-name.js';

type Register = (program: Command) => void;

export const COMMANDS: Record<string, () => Promise<Register>> = {
  ingest: async () => (await import('./commands/ingest.js')).registerIngest,
  remember: async () => (await import('./commands/remember.js')).registerRemember,
  recall: async () => (await import('./commands/recall.js')).registerRecall,
  list: async () => (await import('./commands/list.js')).registerList,
  get: async () => (await import('./commands/get.js')).registerGet,
  forget: async () => (await import('./commands/forget.js')).registerForget,
  history: async () => (await import('./commands/history.js')).registerHistory,
  tier: async () => (await import('./commands/tier.js')).registerTier,
  context: async () => (await import('./commands/context.js')).registerContext,
  export: async () => (await import('./commands/export.js')).registerExport,
  import: async () => (await import('./commands/import.js')).registerImport,
  sync: async () => (await import('./commands/sync.js')).registerSync,
  jobs: async () => (await import('./commands/jobs.js')).registerJobs,
  profiles: async () => (await import('./commands/profiles.js')).registerProfiles,
  serve: async () => (await import('./commands/serve.js')).registerServe,
  mcp: async () => (await import('./commands/mcp.js')).registerMcp,
  migrate: async () => (await import('./commands/migrate.js')).registerMigrate,
  keys: async () => (await import('./commands/keys.js')).registerKeys,
  doctor: async () => (await import('./commands/doctor.js')).registerDoctor,
  bench: async () => (await import('./commands/bench.js')).registerBench,
  demo: async () => (await import('./commands/demo.js')).registerDemo,
  update: async () => (await import('./commands/update.js')).registerUpdate,
  webhooks: async () => (await import('./commands/webhooks.js')).registerWebhooks,
  complete: async () => (await import('./commands/complete.js')).registerComplete,
  note: async () => (await import('./commands/note.js')).registerNote,
  consolidate: async () => (await import('./commands/consolidate.js')).registerConsolidate,
};

/**
 * The command file `argv` (process.argv) runs, or null when it names none we know (help, a
 * version flag, an unknown command, a typo): then every command is registered, so help lists
 * them all and commander can suggest the closest name.
 */
export function commandToLoad(argv: string[]): string | null {
  const name = commandName(argv);
  return name !== null && Object.hasOwn(COMMANDS, name) ? name : null;
}
