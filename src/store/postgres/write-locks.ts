import type { Memory } from '../../types.js';
import { KEYED_TYPES } from '../topic-key-supersession.js';
import { contentHash } from './memory-rows.js';
import type { Sql } from './runner.js';
import { lockKey, lockKeys } from './sql.js';

/** Above this many keys a writer locks the whole profile instead (bounded lock-table use). */
const FINE_GRAINED_MAX = 128;

/**
 * Serializes memory writers of one profile where they could interfere, and nowhere else:
 * every writer takes the profile's advisory lock in SHARED mode plus exclusive locks on what it
 * touches (topic keys, content hashes), in sorted order so two writers never deadlock.
 * A large batch or a profile-wide operation (load) takes the profile lock exclusively instead.
 * The locks are transaction-scoped (`pg_advisory_xact_lock`): released at COMMIT or ROLLBACK.
 */
export async function lockMemoryKeys(sql: Sql, profile: string, keys: Iterable<string>): Promise<void> {
  const unique = new Set([...keys].map((k) => lockKey('mnemo', profile, k)));
  if (unique.size > FINE_GRAINED_MAX) return lockProfile(sql, profile);
  await sql.query(`SELECT pg_advisory_xact_lock_shared($1::bigint)`, [lockKey('mnemo', profile)]);
  await lockKeys(sql, unique);
}

export async function lockProfile(sql: Sql, profile: string): Promise<void> {
  await sql.query(`SELECT pg_advisory_xact_lock($1::bigint)`, [lockKey('mnemo', profile)]);
}

/**
 * The lock keys a memory participates in: its topic key and its identity (type + content).
 * Ids need no lock: the primary key settles a race on one id (see writeMemories).
 */
export function memoryLockKeys(m: Pick<Memory, 'type' | 'content' | 'topicKey'>): string[] {
  const keys: string[] = [];
  if (m.topicKey && KEYED_TYPES.has(m.type)) keys.push(`topic:${m.topicKey}`);
  const hash = contentHash(m.content);
  if (hash) keys.push(`content:${m.type}:${hash}`);
  return keys;
}
