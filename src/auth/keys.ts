/** API keys: the KeyStore interface, key format and hashing. Only hashes are ever stored. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const KEY_SCOPES = ['read', 'write', 'admin'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/** What a key grants. `profile: '*'` means every profile. Never contains the secret. */
export interface KeyRecord {
  id: string;
  profile: string;
  scope: KeyScope;
  label: string | null;
  createdAt: string;
  revokedAt: string | null;
}

export interface CreateKeyInput {
  profile: string;
  scope: KeyScope;
  label?: string;
}

export interface CreatedKey {
  id: string;
  /** The full key. Shown once; only its hash is stored. */
  key: string;
  record: KeyRecord;
}

export interface KeyStore {
  create(input: CreateKeyInput): Promise<CreatedKey>;
  /** Every key ever created (revoked ones included), without secrets. */
  list(): Promise<KeyRecord[]>;
  /** True when the key existed and was not revoked yet. */
  revoke(id: string): Promise<boolean>;
  /** The record of a valid, unrevoked key, or null. Constant-time hash comparison. */
  verify(key: string): Promise<KeyRecord | null>;
  /** Number of unrevoked keys. */
  activeCount(): Promise<number>;
  /** True once any key was ever created: a server that had keys never silently becomes open. */
  everHadKeys(): Promise<boolean>;
  close(): Promise<void>;
}

export const KEY_PREFIX = 'mnemo_';
const KEY_PATTERN = /^mnemo_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

/** A new key `mnemo_<12 hex id>_<43 chars base64url secret>` (256 bits of secret). */
export function generateKey(): { id: string; key: string } {
  const id = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { id, key: `${KEY_PREFIX}${id}_${secret}` };
}

/** The lookup id of a well-formed key, or null. */
export function keyId(key: string): string | null {
  const m = KEY_PATTERN.exec(key);
  return m ? m[1] : null;
}

export function hashKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

export function hashesEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
