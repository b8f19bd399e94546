/** Writes one result per profile size (or bench) into bench/results/, with the machine's facts. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MachineFacts } from './machine.js';

/** `bench/results/<name>.json`, overwritten by the next run: git keeps the history to compare against. */
export function writeResultFile(dir: string, name: string, machine: MachineFacts, result: object): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ machine, ...result }, null, 2)}\n`);
  return file;
}
