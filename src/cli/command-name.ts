/**
 * The command word of a `mnemo` command line, without loading any command: the binary picks a
 * bundle by it (bin.ts), the program registers the command it names (command-table.ts).
 */

/** Commands registered by another command's file (`jobs.ts` also registers `job`). */
const REGISTERED_BY: Record<string, string> = { job: 'jobs' };

/** Global options that take a value (`--profile x` or `--profile=x`). */
const GLOBAL_VALUE_OPTIONS = new Set(['--profile', '--data-dir', '--store']);

/** The first argument of `argv` (process.argv) that is not an option, as the name of the file registering it; null when there is none. */
export function commandName(argv: string[]): string | null {
  const args = argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (GLOBAL_VALUE_OPTIONS.has(a)) {
      i++;
      continue;
    }
    if (a.startsWith('-')) continue;
    return REGISTERED_BY[a] ?? a;
  }
  return null;
}
