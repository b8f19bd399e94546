/**
 * Pruning the CLI's code caches when one is written: other builds' files go once they are old or
 * once more than KEEP_OTHER_BUILDS newer builds have caches; ours, recent neighbours and files that
 * are not caches stay.
 */
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEEP_OTHER_BUILDS, pruneStaleCodeCaches } from '../src/cli/code-cache-prune.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-cache-prune-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const hour = 3600 * 1000;
function put(name: string, ageMs: number, now: number): void {
  const file = path.join(dir, name);
  writeFileSync(file, 'x');
  utimesSync(file, (now - ageMs) / 1000, (now - ageMs) / 1000);
}
const cache = (bundle: string, command = 'recall', node = 'v20.20.2') => `cli-${bundle}-${command}-${node}-x64.v8`;

describe('code cache pruning', () => {
  it(`keeps the ${KEEP_OTHER_BUILDS} most recently written other builds and removes the rest, whatever their age`, () => {
    const now = Date.now();
    const bundles = ['00000000000000a1', '00000000000000a2', '00000000000000a3', '00000000000000a4', '00000000000000a5'];
    bundles.forEach((b, i) => {
      put(cache(b, 'recall'), (i + 1) * hour, now);
      put(cache(b, 'list'), (i + 1) * hour + 1000, now);
    });
    put(cache('00000000000000ff', 'list'), 100 * hour, now);
    put('notes.txt', 1000 * hour, now);
    const written = cache('00000000000000ff', 'recall');
    put(written, 0, now);
    pruneStaleCodeCaches(path.join(dir, written), now);
    const left = readdirSync(dir).sort();
    const expected = [
      ...bundles.slice(0, KEEP_OTHER_BUILDS).flatMap((b) => [cache(b, 'recall'), cache(b, 'list')]),
      cache('00000000000000ff', 'list'),
      written,
      'notes.txt',
    ].sort();
    expect(left).toEqual(expected);
  });

  it('treats another Node version of the same bundle as another build, and keeps a recent temporary file', () => {
    const now = Date.now();
    const ours = cache('00000000000000ff', 'recall');
    const otherNode = cache('00000000000000ff', 'recall', 'v22.1.0');
    const writing = `${cache('00000000000000ff', 'list')}.4242.tmp`;
    const abandoned = `${cache('00000000000000ff', 'list')}.4141.tmp`;
    put(ours, 0, now);
    put(otherNode, 15 * 24 * hour, now);
    put(writing, 1000, now);
    put(abandoned, 15 * 24 * hour, now);
    pruneStaleCodeCaches(path.join(dir, ours), now);
    expect(readdirSync(dir).sort()).toEqual([ours, writing].sort());
  });
});
