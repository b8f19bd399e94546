import { isAscii } from 'node:buffer';
import { closeSync, fstatSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { nodeCrypto } from '../../lazy-crypto.js';
import { sweepOrphans, tempPathFor } from '../../vector/atomic-file.js';
import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';
import type { AnnVectorIndex } from './vector-ann.js';
import { IdMapFile } from './vector-id-file.js';

/**
 * The HNSW index of one kind, persisted beside the database as a cache of the `vectors` table:
 *   `<db>.<kind>.hnsw`              manifest: one JSON header line, then the id map
 *   `<db>.<kind>.<gen>.usearch`     the graph the manifest names
 * Each save writes a fresh graph, then renames the manifest over the old one: the rename is the
 * commit point, so a reader (or a racing writer in another process) sees whole, matching pairs.
 * The header's checkpoint (`rev`: the last `vector_log` entry the index reflects) and `dbId`
 * (a random id kept in the meta table) tie the files to one database and one point in its log.
 */
const FORMAT = 'mnemo-hnsw 1';
const DB_ID_KEY = 'vector_files_id';

export interface AnnManifest {
  format: string;
  kind: VectorKind;
  dbId: string;
  rev: number;
  dimensions: number;
  size: number;
  graph: string;
  /** sha1 of the graph file: usearch does not validate what it loads (a bad file can crash it). */
  checksum: string;
  /** The graph file's length (absent in older manifests). */
  bytes?: number;
  /**
   * The graph file's inode and change time (ns) after the save. Any write to the file, or a copy
   * of it, changes them, so a view whose file still has them skips hashing the whole file (which
   * would cost a one-shot process more than its searches); otherwise the checksum decides.
   */
  stamp?: string;
  /**
   * The id map's length in bytes (absent in older manifests): a view reads the map in place, a
   * few lines at a time, so this is what tells it the file was cut short.
   */
  idsBytes?: number;
  /**
   * The database's purge count (purge-marker.ts) when the graph's vectors were read from the table
   * (absent in older manifests: 0). A graph read before a later purge may hold the erased vectors.
   */
  purges?: number;
}

/**
 * What a purge leaves in place of a manifest: no graph, and a header that says why, so the next
 * process reports the rebuild as the purge's (every reader takes it for an unusable manifest).
 */
const PURGED = 'removed by a purge';

export function purgedManifestText(kind: VectorKind): string {
  return `${JSON.stringify({ format: FORMAT, kind, removed: PURGED })}\n`;
}

export function manifestPath(prefix: string, kind: VectorKind): string {
  return `${prefix}.${kind}.hnsw`;
}

export function graphPath(prefix: string, graph: string): string {
  return join(dirname(prefix), graph);
}

/** The database's id for its index files, created on first use. */
export function databaseId(conn: Connection, create: boolean): string | null {
  const get = () => conn.get<{ value: string }>(`SELECT value FROM meta WHERE key = ?`, DB_ID_KEY)?.value ?? null;
  const found = get();
  if (found || !create) return found;
  conn.write(() => conn.run(`INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)`, DB_ID_KEY, nodeCrypto().randomUUID()));
  return get();
}

/**
 * Synchronous, so the index cannot change between the graph and the id map being taken. `purges`:
 * the purge count its vectors were read at. Returns the graph file's name.
 */
export function saveAnnFiles(prefix: string, kind: VectorKind, dbId: string, rev: number, index: AnnVectorIndex, purges: number): string {
  const previous = readHeader(manifestPath(prefix, kind));
  const graph = `${basename(prefix)}.${kind}.${nodeCrypto().randomUUID().slice(0, 8)}.usearch`;
  const ids = index.save(graphPath(prefix, graph));
  const checksum = fileChecksum(graphPath(prefix, graph));
  const bytes = statSync(graphPath(prefix, graph)).size;
  const stamp = fileStamp(graphPath(prefix, graph));
  const idsBytes = Buffer.byteLength(ids);
  const manifest: AnnManifest = { format: FORMAT, kind, dbId, rev, dimensions: index.dimensions, size: index.size, graph, checksum, bytes, stamp, idsBytes, purges };
  const path = manifestPath(prefix, kind);
  const temp = tempPathFor(path);
  try {
    writeFileSync(temp, `${JSON.stringify(manifest)}\n${ids}`);
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    rmSync(graphPath(prefix, graph), { force: true });
    throw err;
  }
  if (previous && previous.graph !== graph) rmSync(graphPath(prefix, previous.graph), { force: true });
  // Graphs racing writers left, and temp files.
  sweepOrphans(`${prefix}.${kind}.`, ['.usearch', '.tmp'], graph);
  return graph;
}

/**
 * The manifest, its id map text and the graph path; null when there is no manifest. `verify`:
 * hash the whole graph (`checksum`, before loading it), or (`stamp`, before viewing it) skip the
 * hash when the file is untouched since the save (its inode and change time are the recorded ones).
 */
export function readAnnFiles(prefix: string, kind: VectorKind, verify: 'checksum' | 'stamp' = 'checksum'): { manifest: AnnManifest; idsText: string; graphPath: string } | null {
  let text: string;
  try {
    text = readText(manifestPath(prefix, kind));
  } catch {
    return null;
  }
  const nl = text.indexOf('\n');
  const line = text.slice(0, nl < 0 ? text.length : nl);
  const manifest = parseHeader(line);
  if (!manifest || manifest.kind !== kind) throw new Error(unusableWhy(line));
  return { manifest, idsText: text.slice(nl + 1), graphPath: checkedGraph(prefix, manifest, verify) };
}

/** The manifest's first bytes: its header and the id map's header line, a few hundred bytes. */
const VIEW_HEAD_BYTES = 8192;

/**
 * As `readAnnFiles` with `stamp`, for a view: the id map is not read but looked up in place
 * (IdMapFile), its file open until the caller closes it.
 */
export function viewAnnFiles(prefix: string, kind: VectorKind): { manifest: AnnManifest; ids: IdMapFile; graphPath: string } | null {
  let fd: number;
  try {
    fd = openSync(manifestPath(prefix, kind), 'r');
  } catch {
    return null;
  }
  try {
    const head = Buffer.alloc(VIEW_HEAD_BYTES);
    const n = readSync(fd, head, 0, head.length, 0);
    const nl = head.indexOf(10);
    const nl2 = head.indexOf(10, nl + 1);
    const line = head.toString('utf8', 0, nl < 0 ? n : nl);
    const manifest = nl < 0 ? null : parseHeader(line);
    if (!manifest || manifest.kind !== kind || nl2 < 0 || nl2 >= n) throw new Error(unusableWhy(line));
    // An older manifest does not say how long its id map is: such a save is loaded (which checks
    // every id), not viewed, until it is saved again.
    if (manifest.idsBytes === undefined) {
      closeSync(fd);
      return null;
    }
    if (fstatSync(fd).size !== nl + 1 + manifest.idsBytes) throw new Error('id map does not have the length its manifest records');
    if (!/^mnemo-idmap 1 \d+$/.test(head.toString('latin1', nl + 1, nl2))) throw new Error('unreadable id map');
    const graph = checkedGraph(prefix, manifest, 'stamp');
    return { manifest, ids: new IdMapFile(fd, nl2 + 1), graphPath: graph };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/** The graph file's path, once it is checked against its manifest (see readAnnFiles). */
function checkedGraph(prefix: string, manifest: AnnManifest, verify: 'checksum' | 'stamp'): string {
  const graph = graphPath(prefix, manifest.graph);
  if (verify === 'stamp' && manifest.bytes !== undefined && statSync(graph).size !== manifest.bytes) throw new Error('graph file does not have the length its manifest records');
  const stamp = fileStamp(graph);
  const untouched = verify === 'stamp' && (stamp === manifest.stamp || verifiedStamp(prefix, manifest) === stamp);
  if (untouched) return graph;
  if (fileChecksum(graph) !== manifest.checksum) throw new Error('graph file does not match its checksum');
  recordVerified(prefix, manifest, stamp);
  return graph;
}

/**
 * A copied or restored data directory gives every graph a new inode, so its manifest's stamp never
 * matches again and each one-shot process would hash the whole graph (hundreds of MB at 1M). Once a
 * checksum has passed, `<manifest>.verified` records the stamp it passed at, for that graph and
 * checksum only: a later save (another graph) or any write to the file (another stamp) voids it.
 */
const verifiedPath = (prefix: string, manifest: AnnManifest) => `${manifestPath(prefix, manifest.kind)}.verified`;

function verifiedStamp(prefix: string, manifest: AnnManifest): string | undefined {
  try {
    const v = JSON.parse(readFileSync(verifiedPath(prefix, manifest), 'utf8')) as { graph?: unknown; checksum?: unknown; stamp?: unknown };
    return v.graph === manifest.graph && v.checksum === manifest.checksum && typeof v.stamp === 'string' ? v.stamp : undefined;
  } catch {
    return undefined;
  }
}

function recordVerified(prefix: string, manifest: AnnManifest, stamp: string): void {
  if (stamp === manifest.stamp) return;
  const path = verifiedPath(prefix, manifest);
  const temp = tempPathFor(path);
  try {
    writeFileSync(temp, JSON.stringify({ graph: manifest.graph, checksum: manifest.checksum, stamp }));
    renameSync(temp, path);
  } catch {
    // a read-only directory: the next process hashes again
    rmSync(temp, { force: true });
  }
}

/**
 * The manifest's id map is ASCII (hex ids): taken as Latin-1, a plain copy, it costs a few times
 * less than decoding it as UTF-8, a visible part of a one-shot recall at 100K vectors.
 */
function readText(path: string): string {
  const bytes = readFileSync(path);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

export function fileStamp(path: string): string {
  const st = statSync(path, { bigint: true });
  return `${st.ino}:${st.ctimeNs}`;
}

/** Hashed a chunk at a time: reading a graph of hundreds of MB whole would hold it all in memory. */
export function fileChecksum(path: string): string {
  const hash = nodeCrypto().createHash('sha1');
  const chunk = Buffer.allocUnsafe(1 << 20);
  const fd = openSync(path, 'r');
  try {
    for (let n; (n = readSync(fd, chunk, 0, chunk.length, null)) > 0;) hash.update(chunk.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** The manifest's header alone (a few KB read), or null. */
export function readHeader(path: string): AnnManifest | null {
  try {
    const fd = openSync(path, 'r');
    try {
      const buf = Buffer.alloc(4096);
      const n = readSync(fd, buf, 0, buf.length, 0);
      const text = buf.subarray(0, n).toString('utf8');
      return parseHeader(text.slice(0, text.indexOf('\n')));
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
}

/** Why a manifest line is not usable: a purge's, or unreadable. */
function unusableWhy(line: string): string {
  try {
    if ((JSON.parse(line) as { removed?: unknown }).removed === PURGED) return PURGED;
  } catch {
    // unreadable
  }
  return 'unreadable manifest';
}

function parseHeader(line: string): AnnManifest | null {
  try {
    const m = JSON.parse(line) as AnnManifest;
    const ok = m.format === FORMAT && typeof m.rev === 'number' && typeof m.graph === 'string' && typeof m.checksum === 'string' && !/[/\\]/.test(m.graph);
    return ok ? m : null;
  } catch {
    return null;
  }
}
