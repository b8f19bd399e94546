/** The `mnemo` command tree: global options, one command per file under commands/ (see command-table.ts). */
import { Command } from 'commander';
import { VERSION } from './version.js';
import { COMMANDS, commandToLoad } from './command-table.js';

export interface ProgramOptions {
  /** --json was given: commander's own usage errors are printed as JSON too. */
  json?: boolean;
  /** The arguments to be parsed: only the command they name is loaded (all for help or an unknown one). */
  argv?: string[];
}

export async function createProgram(opts: ProgramOptions = {}): Promise<Command> {
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
        'MNEMO_MODELS_DIR, MNEMO_CACHE_DIR (compiled CLI code, default ~/.cache/mnemo/code), MNEMO_DEBUG=1 (stack traces).\n' +
        'Exit codes: 0 ok, 1 internal error, 2 bad input or usage, 3 not found, 4 unauthorized, 5 unavailable or model error.\n' +
        'Start with: mnemo demo',
    );
  const only = opts.argv ? commandToLoad(opts.argv) : null;
  const registers = await Promise.all((only ? [only] : Object.keys(COMMANDS)).map((name) => COMMANDS[name]()));
  for (const register of registers) register(program);
  return program;
}
