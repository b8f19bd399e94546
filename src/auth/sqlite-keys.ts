/** KeyStore over SQLite at `<dataDir>/keys.db` (WAL). Stores SHA-256 hashes, never keys. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MnemoError } from '../errors.js';
import { profileNameSchema } from '../schemas.js';
import { nativeBindingOption } from '../store/sqlite/native-binding.js';
import { generateKey, hashesEqual, hashKey, keyId, KEY_SCOPES, type CreateKeyInput, type CreatedKey, type KeyRecord, type KeyStore } from './keys.js';

interface Row {
  id: string;
  hash: Buffer;
  profile: string;
  scope: KeyRecord['scope'];
  label: string | null;
  created_at: string;
  revoked_at: string | null;
}

const toRecord = (r: Row): KeyRecord => ({
  id: r.id,
  profile: r.profile,
  scope: r.scope,
  label: r.label,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

export function openKeyStore(dataDir: string): KeyStore {
  mkdirSync(dataDir, { recursive: true });
  return new SqliteKeyStore(join(dataDir, 'keys.db'));
}

export class SqliteKeyStore implements KeyStore {
  private readonly db: Database.Database;
  private readonly byId: Database.Statement<[string], Row>;
  private readonly anyKey: Database.Statement<[], unknown>;

  constructor(file: string) {
    this.db = new Database(file, nativeBindingOption());
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS api_keys (
      id TEXT PRIMARY KEY, hash BLOB NOT NULL, profile TEXT NOT NULL, scope TEXT NOT NULL,
      label TEXT, created_at TEXT NOT NULL, revoked_at TEXT)`);
    this.byId = this.db.prepare('SELECT * FROM api_keys WHERE id = ?');
    // Asked on every request of a server without keys: prepared once.
    this.anyKey = this.db.prepare('SELECT 1 FROM api_keys LIMIT 1');
  }

  async create(input: CreateKeyInput): Promise<CreatedKey> {
    if (input.profile !== '*' && !profileNameSchema.safeParse(input.profile).success) {
      throw new MnemoError('invalid_profile', `invalid profile name "${input.profile}" (use a profile name or '*')`);
    }
    if (!KEY_SCOPES.includes(input.scope)) {
      throw new MnemoError('invalid_input', `scope must be one of ${KEY_SCOPES.join(', ')}`);
    }
    const { id, key } = generateKey();
    const row: Row = {
      id,
      hash: hashKey(key),
      profile: input.profile,
      scope: input.scope,
      label: input.label ?? null,
      created_at: new Date().toISOString(),
      revoked_at: null,
    };
    this.db
      .prepare('INSERT INTO api_keys (id, hash, profile, scope, label, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(row.id, row.hash, row.profile, row.scope, row.label, row.created_at);
    return { id, key, record: toRecord(row) };
  }

  async list(): Promise<KeyRecord[]> {
    return this.db.prepare<[], Row>('SELECT * FROM api_keys ORDER BY created_at, id').all().map(toRecord);
  }

  async revoke(id: string): Promise<boolean> {
    const res = this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(new Date().toISOString(), id);
    return res.changes > 0;
  }

  async verify(key: string): Promise<KeyRecord | null> {
    const id = keyId(key);
    if (id === null) return null;
    const row = this.byId.get(id);
    if (!row || row.revoked_at !== null) return null;
    return hashesEqual(hashKey(key), row.hash) ? toRecord(row) : null;
  }

  async activeCount(): Promise<number> {
    return this.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM api_keys WHERE revoked_at IS NULL').get()!.n;
  }

  async everHadKeys(): Promise<boolean> {
    return this.anyKey.get() !== undefined;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
