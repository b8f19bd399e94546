/** The whole `mnemo` command line as a function: parse, run, map any error to a message and an exit code (never a stack trace unless MNEMO_DEBUG=1). */
import { z } from 'zod';
import { commandToLoad } from './command-table.js';
import { createProgram } from './program.js';
import { reportError } from './report-error.js';

/** Commands that keep running and parse the same schemas over and over. */
const LONG_RUNNING = new Set(['serve', 'mcp']);

export async function run(argv: string[]): Promise<void> {
  // zod compiles a fast parser for each object schema on its first parse: a gain when a schema
  // parses many requests, 15 ms spent for nothing by a command that parses each once and exits.
  if (!LONG_RUNNING.has(commandToLoad(argv) ?? '')) z.config({ jitless: true });
  const json = argv.includes('--json');
  try {
    await (await createProgram({ json, argv })).parseAsync(argv);
  } catch (err) {
    process.exitCode = reportError(err, json);
  }
}
