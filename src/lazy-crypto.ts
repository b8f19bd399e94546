/**
 * node:crypto on first use. Importing it compiles about fifteen of Node's internal modules (100
 * page faults, 2-10 ms of a cold command) that a one-shot `mnemo recall` never calls.
 */
import { createRequire } from 'node:module';

let loaded: typeof import('node:crypto') | undefined;

export function nodeCrypto(): typeof import('node:crypto') {
  return (loaded ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto'));
}
