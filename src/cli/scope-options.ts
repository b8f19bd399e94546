/** --user, --agent, --run and --filter: the scope/metadata filter flags of list, recall and forget. */
import type { Command } from 'commander';
import { MnemoError } from '../errors.js';

export interface ScopeFlags {
  user?: string;
  agent?: string;
  run?: string;
  filter?: string;
  metadata?: string;
}

export function addScopeFilterOptions(cmd: Command): Command {
  return cmd
    .option('--user <id>', 'only memories of this userId')
    .option('--agent <id>', 'only memories of this agentId')
    .option('--run <id>', 'only memories of this runId')
    .option('--filter <json>', 'filter, e.g. \'{"metadata.priority":{"gte":2}}\' (operators eq, in, gte, lte; and, or)');
}

export function addScopeWriteOptions(cmd: Command): Command {
  return cmd
    .option('--user <id>', 'the userId the memory belongs to')
    .option('--agent <id>', 'the agentId that wrote it')
    .option('--run <id>', 'the runId it came from')
    .option('--metadata <json>', 'JSON object stored with the memory, e.g. \'{"priority":2}\'');
}

/** The library's scope filter input from the flags (the filter JSON is validated by the library). */
export function scopeFilterInput(o: ScopeFlags): { userId?: string; agentId?: string; runId?: string; filter?: string } {
  return { userId: o.user, agentId: o.agent, runId: o.run, filter: o.filter };
}

export function scopeWriteInput(o: ScopeFlags): { userId?: string; agentId?: string; runId?: string; metadata?: Record<string, unknown> } {
  return { userId: o.user, agentId: o.agent, runId: o.run, metadata: o.metadata === undefined ? undefined : parseJsonObject(o.metadata, '--metadata') };
}

export function parseJsonObject(text: string, flag: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new MnemoError('invalid_input', `${flag} is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new MnemoError('invalid_input', `${flag} must be a JSON object`);
  return value as Record<string, unknown>;
}
