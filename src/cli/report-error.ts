/** Prints an error as `mnemo: <message>` (or `{error:{code,message}}` with --json) and picks the exit code. */
import { CommanderError } from 'commander';
import { MnemoError, toMnemoError } from '../errors.js';
import { EXIT, exitCode } from './exit-codes.js';

const debug = () => process.env.MNEMO_DEBUG === '1';

/** Commander's own errors (unknown option, missing argument) were already printed by it. */
export function commanderExit(err: CommanderError): number {
  if (['commander.helpDisplayed', 'commander.help', 'commander.version'].includes(err.code)) return EXIT.ok;
  if (err.code === 'commander.executeSubCommandAsync') return err.exitCode;
  return EXIT.usage;
}

export function reportError(err: unknown, json: boolean): number {
  if (err instanceof CommanderError) return commanderExit(err);
  const error = err instanceof MnemoError ? err : toMnemoError(err);
  const code = exitCode(error.code);
  if (json) {
    process.stderr.write(JSON.stringify({ error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } }) + '\n');
  } else {
    process.stderr.write(`mnemo: ${error.message}\n`);
  }
  if (debug() && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
  return code;
}

/** A usage error raised by the CLI itself (bad option value). */
export function usage(message: string): MnemoError {
  return new MnemoError('invalid_input', message);
}
