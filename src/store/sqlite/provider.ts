import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MnemoError } from '../../errors.js';
import { profileNameSchema } from '../../schemas.js';
import type { StoreProvider } from '../store.js';
import { SqliteStore, type SqliteStoreOptions } from './sqlite-store.js';

export interface SqliteProviderOptions {
  dataDir: string;
  vectorIndex?: SqliteStoreOptions['vectorIndex'];
  /** Vectors of one kind at which search switches from exact to HNSW (default 5K). */
  annThreshold?: number;
  onVectorIndexEvent?: SqliteStoreOptions['onVectorIndexEvent'];
  onTextIndexEvent?: SqliteStoreOptions['onTextIndexEvent'];
  textSnapshots?: SqliteStoreOptions['textSnapshots'];
  /** `builds`: this process only reads (recall threads); the writer saves the HNSW files. */
  annSaves?: SqliteStoreOptions['annSaves'];
  annSaveEvery?: SqliteStoreOptions['annSaveEvery'];
  /** `warm`: indexes load only when warmed (one-shot CLI commands); see IndexLoading. */
  loadIndexes?: SqliteStoreOptions['loadIndexes'];
  entityCatchUpLimit?: SqliteStoreOptions['entityCatchUpLimit'];
  bulkWrites?: SqliteStoreOptions['bulkWrites'];
  pageCacheMb?: SqliteStoreOptions['pageCacheMb'];
}

export function assertProfileName(profile: string): string {
  const parsed = profileNameSchema.safeParse(profile);
  if (!parsed.success) {
    throw new MnemoError('invalid_profile', `invalid profile name ${JSON.stringify(profile)}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

export function profilePath(dataDir: string, profile: string): string {
  return join(dataDir, 'profiles', `${assertProfileName(profile)}.db`);
}

/** One database file per profile at `<dataDir>/profiles/<profile>.db`, opened once and cached. */
export function createSqliteProvider(options: SqliteProviderOptions): StoreProvider {
  const stores = new Map<string, SqliteStore>();
  const dir = join(options.dataDir, 'profiles');
  return {
    backend: 'sqlite',
    async open(profile: string) {
      const path = profilePath(options.dataDir, profile);
      let store = stores.get(profile);
      if (!store) {
        const opened: SqliteStore = new SqliteStore(path, profile, {
          vectorIndex: options.vectorIndex,
          annThreshold: options.annThreshold,
          onVectorIndexEvent: options.onVectorIndexEvent,
          onTextIndexEvent: options.onTextIndexEvent,
          textSnapshots: options.textSnapshots,
          annSaves: options.annSaves,
          annSaveEvery: options.annSaveEvery,
          loadIndexes: options.loadIndexes,
          entityCatchUpLimit: options.entityCatchUpLimit,
          bulkWrites: options.bulkWrites,
          pageCacheMb: options.pageCacheMb,
          onClose: () => { if (stores.get(profile) === opened) stores.delete(profile); },
        });
        stores.set(profile, opened);
        store = opened;
      }
      return store;
    },
    async listProfiles() {
      if (!existsSync(dir)) return [];
      return readdirSync(dir)
        .filter((f) => f.endsWith('.db'))
        .map((f) => f.slice(0, -3))
        .filter((name) => profileNameSchema.safeParse(name).success)
        .sort();
    },
    async close() {
      const open = [...stores.values()];
      stores.clear();
      for (const store of open) await store.close();
    },
  };
}
