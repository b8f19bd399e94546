import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createSqliteProvider } from '../../src/store/sqlite/index.js';
import type { Store } from '../../src/store/store.js';

/** A fresh SQLite profile store for each test of the calling suite, removed after it. */
export function useTempSqliteStore(prefix: string): { readonly store: Store } {
  let dataDir = '';
  let current: Store | null = null;
  let close: () => Promise<void> = async () => {};
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), prefix));
    const provider = createSqliteProvider({ dataDir });
    current = await provider.open('default');
    close = () => provider.close();
  });
  afterEach(async () => {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { get store() { return current!; } };
}
