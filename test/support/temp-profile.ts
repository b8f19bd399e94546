import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { MnemoApi, ProfileApi } from '../../src/api.js';
import { openMemory } from '../../src/index.js';

/** A fresh offline profile (no embedder, jobs run on drain) for each test of the calling suite, removed after it. */
export function useTempProfile(prefix: string): { readonly profile: ProfileApi } {
  let dir = '';
  let mem: MnemoApi | null = null;
  let profile: ProfileApi | null = null;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), prefix));
    mem = openMemory({ dataDir: dir, embedder: false, worker: { background: false } });
    profile = mem.profile('default');
  });
  afterEach(async () => {
    await mem?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { get profile() { return profile!; } };
}
