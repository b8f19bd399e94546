import type { Sql } from './runner.js';
import { bytesToVector, vectorToHex } from './sql.js';

/** Embedding cache keyed by (profile, embedderId, textHash); vectors as float32 bytes. */
export async function getCached(sql: Sql, profile: string, embedderId: string, textHashes: string[]): Promise<Map<string, Float32Array>> {
  const out = new Map<string, Float32Array>();
  if (textHashes.length === 0) return out;
  const res = await sql.query<{ text_hash: string; vector: Uint8Array }>(`SELECT text_hash, vector FROM mnemo_embedding_cache
    WHERE profile = $1 AND embedder_id = $2 AND text_hash = ANY($3::text[])`, [profile, embedderId, textHashes]);
  for (const r of res.rows) out.set(r.text_hash, bytesToVector(r.vector));
  return out;
}

export async function putCached(sql: Sql, profile: string, embedderId: string, rows: { textHash: string; vector: Float32Array }[]): Promise<void> {
  if (rows.length === 0) return;
  const latest = new Map(rows.map((r) => [r.textHash, r.vector]));
  await sql.query(`INSERT INTO mnemo_embedding_cache (profile, embedder_id, text_hash, vector)
    SELECT $1, $2, u.text_hash, decode(u.hex, 'hex') FROM unnest($3::text[], $4::text[]) AS u(text_hash, hex)
    ON CONFLICT (profile, embedder_id, text_hash) DO UPDATE SET vector = excluded.vector`,
  [profile, embedderId, [...latest.keys()], [...latest.values()].map(vectorToHex)]);
}
