/** The `mnemo` command tree: global options, one command per file under commands/. */
import { Command } from 'commander';
import { VERSION } from './version.js';
import { registerBench } from './commands/bench.js';
import { registerComplete } from './commands/complete.js';
import { registerContext } from './commands/context.js';
import { registerConsolidate } from './commands/consolidate.js';
import { registerDemo } from './commands/demo.js';
import { registerDoctor } from './commands/doctor.js';
import { registerExport } from './commands/export.js';
import { registerForget } from './commands/forget.js';
import { registerGet } from './commands/get.js';
import { registerHistory } from './commands/history.js';
import { registerTier } from './commands/tier.js';
import { registerImport } from './commands/import.js';
import { registerIngest } from './commands/ingest.js';
import { registerJobs } from './commands/jobs.js';
import { registerKeys } from './commands/keys.js';
import { registerList } from './commands/list.js';
import { registerMcp } from './commands/mcp.js';
import { registerMigrate } from './commands/migrate.js';
import { registerNote } from './commands/note.js';
import { registerProfiles } from './commands/profiles.js';
import { registerRecall } from './commands/recall.js';
import { registerRemember } from './commands/remember.js';
import { registerServe } from './commands/serve.js';
import { registerSync } from './commands/sync.js';
import { registerUpdate } from './commands/update.js';
import { registerWebhooks } from './commands/webhooks.js';

const REGISTER = [
  registerIngest, registerRemember, registerRecall, registerList, registerGet, registerForget, registerHistory, registerTier,
  registerContext, registerExport, registerImport, registerSync, registerJobs, registerProfiles,
  registerServe, registerMcp, registerMigrate, registerKeys, registerDoctor, registerBench, registerDemo,
  registerUpdate, registerWebhooks, registerComplete, registerNote, registerConsolidate,
];

export interface ProgramOptions {
  /** --json was given: commander's own usage errors are printed as JSON too. */
  json?: boolean;
}

export function createProgram(opts: ProgramOptions = {}): Command {
  const outputError = opts.json
    ? (str: string, write: (s: string) => void) => write(JSON.stringify({ error: { code: 'invalid_input', message: str.replace(/^error: /, '').trim() } }) + '\n')
    : (str: string, write: (s: string) => void) => write(`mnemo: ${str.replace(/^error: /, '')}`);
  const program = new Command('mnemo')
    .description('mnemo: self-hosted memory for AI agents (ingest, remember, recall)')
    .version(VERSION, '-V, --version')
    .option('--profile <name>', 'memory profile', 'default')
    .option('--data-dir <dir>', 'data directory (default: $MNEMO_DATA_DIR or ./.mnemo)')
    .option('--store <url>', 'storage: sqlite (default, files in the data directory) or a postgres:// connection string (default: $MNEMO_STORE)')
    .option('--json', 'machine-readable JSON output (errors as {"error":{code,message}} on stderr)')
    .showHelpAfterError(opts.json ? false : '(run with --help for usage)')
    .exitOverride()
    .configureOutput({ outputError })
    .addHelpText(
      'after',
      '\nEnvironment: MNEMO_DATA_DIR, MNEMO_STORE, MNEMO_LLM_* (see `mnemo doctor --help`), MNEMO_EMBEDDER (glove|hashing|none),\n' +
        'MNEMO_MODELS_DIR, MNEMO_DEBUG=1 (stack traces).\n' +
        'Exit codes: 0 ok, 1 internal error, 2 bad input or usage, 3 not found, 4 unauthorized, 5 unavailable or model error.\n' +
        'Start with: mnemo demo',
    );
  for (const register of REGISTER) register(program);
  return program;
}
