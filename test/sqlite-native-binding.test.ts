/**
 * Databases open with better-sqlite3's addon handed over by path (no `bindings` search): the path is
 * the installed Release build, and a database opened through it reads and writes.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { betterSqliteAddon, nativeBindingOption, searchedAddon } from '../src/store/sqlite/native-binding.js';

describe('better-sqlite3 native binding', () => {
  it('finds the installed addon and opens a working database with it', () => {
    const addon = betterSqliteAddon();
    expect(addon).toMatch(/better-sqlite3[\\/]build[\\/]Release[\\/]better_sqlite3\.node$/);
    expect(existsSync(addon!)).toBe(true);
    expect(nativeBindingOption()).toEqual({ nativeBinding: addon });
    const db = new Database(':memory:', nativeBindingOption());
    db.exec('CREATE TABLE t (x TEXT)');
    db.prepare('INSERT INTO t VALUES (?)').run('kept');
    expect(db.prepare('SELECT x FROM t').get()).toEqual({ x: 'kept' });
    db.close();
  });

  it("finds the same addon by better-sqlite3's own search (the fallback of a build not at the Release path)", () => {
    expect(searchedAddon()).toBe(betterSqliteAddon());
  });
});
