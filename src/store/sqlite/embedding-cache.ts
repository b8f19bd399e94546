import type { Connection } from './connection.js';
import { blobToVector, vectorToBlob } from './rows.js';

export function getCached(conn: Connection, embedderId: string, textHashes: string[]): Map<string, Float32Array> {
  const out = new Map<string, Float32Array>();
  if (textHashes.length === 0) return out;
  const rows = conn.all<{ text_hash: string; vector: Buffer }>(`SELECT text_hash, vector FROM embedding_cache
    WHERE embedder_id = ? AND text_hash IN (SELECT value FROM json_each(?))`, embedderId, JSON.stringify(textHashes));
  for (const r of rows) out.set(r.text_hash, blobToVector(r.vector));
  return out;
}

export function putCached(conn: Connection, embedderId: string, rows: { textHash: string; vector: Float32Array }[]): void {
  if (rows.length === 0) return;
  conn.write(() => {
    for (const r of rows) {
      conn.run(`INSERT INTO embedding_cache (embedder_id, text_hash, vector) VALUES (?, ?, ?)
        ON CONFLICT (embedder_id, text_hash) DO UPDATE SET vector = excluded.vector`, embedderId, r.textHash, vectorToBlob(r.vector));
    }
  });
}
