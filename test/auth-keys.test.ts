import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allows, authorize } from '../src/auth/access.js';
import type { KeyRecord, KeyStore } from '../src/auth/keys.js';
import { openKeyStore } from '../src/auth/sqlite-keys.js';

let dir: string;
let keys: KeyStore;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mnemo-keys-'));
  keys = openKeyStore(dir);
});
afterEach(async () => {
  await keys.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('SQLite KeyStore', () => {
  it('creates keys shown once, stores only hashes, verifies and revokes', async () => {
    expect(await keys.everHadKeys()).toBe(false);
    const a = await keys.create({ profile: 'alpha', scope: 'write', label: 'ci' });
    expect(a.key).toMatch(/^mnemo_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(a.key.startsWith(`mnemo_${a.id}_`)).toBe(true);
    const listed = await keys.list();
    expect(listed).toEqual([expect.objectContaining({ id: a.id, profile: 'alpha', scope: 'write', label: 'ci', revokedAt: null })]);
    expect(JSON.stringify(listed)).not.toContain(a.key.slice(20));

    await keys.close();
    const secret = a.key.split('_').slice(2).join('_');
    for (const f of readdirSync(dir).filter((n) => n.startsWith('keys.db'))) {
      expect(readFileSync(path.join(dir, f)).includes(Buffer.from(secret))).toBe(false);
    }
    keys = openKeyStore(dir);

    expect(await keys.verify(a.key)).toMatchObject({ id: a.id, profile: 'alpha', scope: 'write' });
    expect(await keys.verify(a.key.slice(0, -1) + (a.key.endsWith('A') ? 'B' : 'A'))).toBeNull();
    expect(await keys.verify('mnemo_nothing')).toBeNull();
    expect(await keys.verify('')).toBeNull();
    expect(await keys.activeCount()).toBe(1);
    expect(await keys.revoke(a.id)).toBe(true);
    expect(await keys.revoke(a.id)).toBe(false);
    expect(await keys.verify(a.key)).toBeNull();
    expect(await keys.activeCount()).toBe(0);
    expect(await keys.everHadKeys()).toBe(true);
  });

  it('rejects a bad profile or scope', async () => {
    await expect(keys.create({ profile: 'Bad Name', scope: 'read' })).rejects.toMatchObject({ code: 'invalid_profile' });
    await expect(keys.create({ profile: '*', scope: 'root' as never })).rejects.toMatchObject({ code: 'invalid_input' });
    expect((await keys.create({ profile: '*', scope: 'admin' })).record.profile).toBe('*');
  });
});

describe('authorize', () => {
  const key = (profile: string, scope: KeyRecord['scope']): KeyRecord => ({ id: 'x', profile, scope, label: null, createdAt: '', revokedAt: null });

  it('keeps keys inside their profile and scope', () => {
    expect(() => authorize(null, 'admin', null)).not.toThrow();
    expect(() => authorize(key('a', 'admin'), 'read', 'b')).toThrow(/no access to profile "b"/);
    expect(() => authorize(key('a', 'admin'), 'admin', null)).toThrow(expect.objectContaining({ code: 'forbidden' }));
    expect(() => authorize(key('a', 'read'), 'write', 'a')).toThrow(/scope "read"/);
    expect(() => authorize(key('a', 'write'), 'write', 'a')).not.toThrow();
    expect(() => authorize(key('*', 'read'), 'read', 'zz')).not.toThrow();
    expect(() => authorize(key('*', 'write'), 'admin', null)).toThrow(/needs "admin"/);
    expect(() => authorize(key('*', 'admin'), 'admin', null)).not.toThrow();
    expect(allows(key('a', 'read'), 'write')).toBe(false);
    expect(allows(null, 'admin')).toBe(true);
  });
});
