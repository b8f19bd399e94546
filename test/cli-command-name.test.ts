/**
 * The binary picks a command's own bundle and its code cache by the command word alone, before
 * loading any command: a global option's value must never be taken for the command.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeCacheFile } from '../src/cli/code-cache-dir.js';
import { commandName } from '../src/cli/command-name.js';

const argv = (...args: string[]) => ['node', 'mnemo', ...args];

describe('commandName', () => {
  it('skips global options and their values', () => {
    expect(commandName(argv('recall', 'where?'))).toBe('recall');
    expect(commandName(argv('--profile', 'recall', 'list'))).toBe('list');
    expect(commandName(argv('--data-dir', '/tmp/x', '--json', 'recall', 'q'))).toBe('recall');
    expect(commandName(argv('--profile=work', 'recall', 'q'))).toBe('recall');
  });

  it('maps a command to the file registering it, and is null without one', () => {
    expect(commandName(argv('job', 'abc'))).toBe('jobs');
    expect(commandName(argv('--version'))).toBeNull();
    expect(commandName(argv('--profile', 'work'))).toBeNull();
  });
});

describe('codeCacheFile', () => {
  const env = { MNEMO_CACHE_DIR: '/cache' };
  const name = (...args: string[]) => path.basename(codeCacheFile('0123456789abcdef', argv(...args), env));

  it('names the cache by the command, whatever comes before it', () => {
    expect(name('--profile', 'work', 'recall', 'q')).toBe(name('recall', 'q'));
    expect(name('--profile', 'recall', 'list')).toBe(name('list'));
    expect(name('recall', 'q')).toMatch(/^cli-0123456789abcdef-recall-v\d+\.\d+\.\d+-[a-z0-9]+\.v8$/);
  });

  it('keeps odd words out of the file name', () => {
    expect(name('--version')).toContain('-none-');
    expect(name('../../etc')).toContain('-other-');
    expect(name('RECALL')).toContain('-other-');
  });
});
