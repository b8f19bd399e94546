/**
 * Where the CLI keeps its code cache: $MNEMO_CACHE_DIR, else ~/.cache/mnemo/code (beside the
 * word-vector cache in ~/.cache/mnemo/models). Per user, never a shared temporary directory:
 * another user's file there would run as this user's code.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export function codeCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.MNEMO_CACHE_DIR || join(homedir(), '.cache', 'mnemo', 'code');
}

/**
 * One file per bundle content and Node build (V8 rejects a cache from another version, and two
 * installs must not evict each other) and per command: a cache holds only the functions the run
 * that wrote it compiled, so one written by `mnemo --version` would leave `recall` compiling.
 */
export function codeCacheFile(bundleHash: string, argv: string[], env: NodeJS.ProcessEnv = process.env): string {
  return join(codeCacheDir(env), `cli-${bundleHash}-${commandWord(argv)}-${process.version}-${process.arch}.v8`);
}

/** The first plain word of the arguments: the command, or a global option's value before it (a stable key either way). */
function commandWord(argv: string[]): string {
  return argv.slice(2).find((a) => /^[a-z][a-z-]{0,19}$/.test(a)) ?? 'none';
}
