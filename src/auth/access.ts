/** Who may do what: one function decides, every adapter asks it. */
import { MnemoError } from '../errors.js';
import type { KeyRecord, KeyScope } from './keys.js';

const RANK: Record<KeyScope, number> = { read: 0, write: 1, admin: 2 };

/**
 * Throws `forbidden` unless the key may use `need` on `profile` (null: a profile-less operation
 * such as listing profiles, which needs an admin key for every profile). `key === null` means
 * the server runs open (loopback, no keys) and everything is allowed.
 */
export function authorize(key: KeyRecord | null, need: KeyScope, profile: string | null): void {
  if (key === null) return;
  if (profile === null ? key.profile !== '*' : key.profile !== '*' && key.profile !== profile) {
    throw new MnemoError('forbidden', profile === null ? 'this key is limited to one profile' : `this key has no access to profile "${profile}"`);
  }
  if (RANK[key.scope] < RANK[need]) {
    throw new MnemoError('forbidden', `this key has scope "${key.scope}"; the operation needs "${need}"`);
  }
}

/** True when the key's scope is at least `need` (for choosing e.g. a read-only MCP tool set). */
export function allows(key: KeyRecord | null, need: KeyScope): boolean {
  return key === null || RANK[key.scope] >= RANK[need];
}
