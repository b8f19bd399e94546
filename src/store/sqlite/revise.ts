import { MnemoError } from '../../errors.js';
import type { Memory, NewMemory } from '../../types.js';
import { withMemoryDefaults } from '../memory-defaults.js';
import { assertRevisable } from '../revise-checks.js';
import type { NewJob } from '../store.js';
import { appendAudit } from './audit.js';
import { type Connection, canonicalTime, nowIso } from './connection.js';
import { insertJobs } from './jobs.js';
import { getMemory, insertMemoryRow } from './memory-rows.js';
import type { SqliteVectors } from './vectors.js';

/** See `Store.reviseMemory`: the new version is written and the old one superseded, audited like supersession. */
export function reviseMemory(conn: Connection, vectors: SqliteVectors, id: string, next: NewMemory, opts: { enqueue?: NewJob[] } = {}): Memory | null {
  return conn.write(() => {
    const old = getMemory(conn, id);
    if (!old) return null;
    assertRevisable(old);
    const now = nowIso();
    const memory = withMemoryDefaults({ ...next, status: 'active', supersededBy: null }, canonicalTime(next.createdAt, now), now);
    if (!insertMemoryRow(conn, memory)) throw new MnemoError('conflict', `memory ${memory.id} already exists`);
    conn.run(`UPDATE memories SET status = 'superseded', superseded_by = ?, updated_at = ? WHERE id = ?`, memory.id, now, id);
    vectors.delete([{ kind: 'memory', id }]);
    appendAudit(conn, 'write', memory.id, { type: memory.type, topicKey: memory.topicKey, status: 'active', actor: 'update', revises: id }, now);
    appendAudit(conn, 'supersede', id, { by: memory.id, actor: 'update' }, now);
    if (opts.enqueue?.length) insertJobs(conn, opts.enqueue);
    return getMemory(conn, memory.id);
  });
}
