import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sweepOrphans, tempPathFor } from '../src/vector/atomic-file.js';

describe('sweepOrphans', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'mnemo-sweep-')); });
  afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

  function file(name: string, ageMs: number): void {
    const path = join(dir, name);
    writeFileSync(path, 'x');
    const at = (Date.now() - ageMs) / 1000;
    utimesSync(path, at, at);
  }

  it('removes only old files of the stem with a listed suffix, and never the kept one', () => {
    const hour = 3_600_000;
    const stem = join(dir, 'p.db.memory.');
    const oldTemp = tempPathFor(`${stem}hnsw`).slice(dir.length + 1);
    file(oldTemp, hour);
    file('p.db.memory.fresh.tmp', 0);
    file('p.db.memory.aaaa.usearch', hour);
    file('p.db.memory.keep.usearch', hour);
    file('p.db.memory.hnsw', hour);
    file('p.db.message.bbbb.usearch', hour);
    file('other.db.memory.cccc.tmp', hour);
    sweepOrphans(stem, ['.usearch', '.tmp'], 'p.db.memory.keep.usearch');
    expect(readdirSync(dir).sort()).toEqual([
      'other.db.memory.cccc.tmp', 'p.db.memory.fresh.tmp', 'p.db.memory.hnsw', 'p.db.memory.keep.usearch', 'p.db.message.bbbb.usearch',
    ]);
  });

  it('does nothing when the directory is gone', () => {
    expect(() => sweepOrphans(join(dir, 'missing', 'p.db.'), ['.tmp'])).not.toThrow();
  });
});
