/** The whole `mnemo` command line as a function: parse, run, map any error to a message and an exit code (never a stack trace unless MNEMO_DEBUG=1). */
import { createProgram } from './program.js';
import { reportError } from './report-error.js';

export async function run(argv: string[]): Promise<void> {
  const json = argv.includes('--json');
  try {
    await (await createProgram({ json, argv })).parseAsync(argv);
  } catch (err) {
    process.exitCode = reportError(err, json);
  }
}
