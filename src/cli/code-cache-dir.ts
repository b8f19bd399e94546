/**
 * Where the CLI keeps its code cache: $MNEMO_CACHE_DIR, else ~/.cache/mnemo/code (beside the
 * word-vector cache in ~/.cache/mnemo/models). Per user, never a shared temporary directory:
 * another user's file there would run as this user's code.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { commandName } from './command-name.js';

export function codeCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.MNEMO_CACHE_DIR || join(homedir(), '.cache', 'mnemo', 'code');
}

/**
 * One file per build of the bundles (V8 rejects a cache from another version, and two installs must
 * not evict each other) and Node build, and per command, which also picks the bundle: a cache holds
 * only the functions the run that wrote it compiled, so one written by `mnemo --version` would leave
 * `recall` compiling.
 */
export function codeCacheFile(buildHash: string, argv: string[], env: NodeJS.ProcessEnv = process.env): string {
  return join(codeCacheDir(env), `cli-${buildHash}-${commandWord(argv)}-${process.version}-${process.arch}.v8`);
}

/** The command, as a name safe in a file name ('none' without one, 'other' for anything odd). */
function commandWord(argv: string[]): string {
  const name = commandName(argv);
  return name === null ? 'none' : /^[a-z][a-z-]{0,19}$/.test(name) ? name : 'other';
}
