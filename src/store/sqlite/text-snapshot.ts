import fs, { closeSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { type Bm25Index } from '../../search/bm25-index.js';
import { bm25FromSections, bm25Sections, type Bm25Sections } from '../../search/bm25-snapshot.js';
import { nodeCrypto } from '../../lazy-crypto.js';
import { sweepOrphans, writeFileAtomic } from '../../vector/atomic-file.js';

/**
 * A table's in-memory text index saved beside the database (`<db>.<table>.bm25`), a cache like
 * the HNSW files: one JSON header line, then binary sections. The header ties it to one database
 * (`dbId`, see databaseId) and one point of it (`rev`: the last `text_log` entry it reflects;
 * `lastKey`: the highest row key it read), from where the index catches up as it would in memory.
 * The rename is the commit point, so a crash mid-save leaves the previous file or none.
 */
const FORMAT = 'mnemo-text 1';
/** Sections start at multiples of 8 bytes, so each is copied out as a typed array. */
const ALIGN = 8;
const SECTIONS = ['terms', 'start', 'slots', 'counts', 'ids', 'lengths'] as const;
type SectionName = (typeof SECTIONS)[number];

export interface TextSnapshotPoint {
  table: string;
  dbId: string;
  /** The schema version it was saved under: a migration may renumber rows without logging them. */
  schema: number;
  rev: number;
  lastKey: number;
}

interface Header extends TextSnapshotPoint {
  format: string;
  /** sha1 of everything after the header line. */
  checksum: string;
  bodyBytes: number;
  indexes: { liveTokens: number; sections: Record<SectionName, [offset: number, bytes: number]> }[];
}

export interface TextSnapshot extends TextSnapshotPoint {
  main: Bm25Index;
  apart: Bm25Index;
}

export function textSnapshotPath(dbPath: string, table: string): string {
  return `${dbPath}.${table}.bm25`;
}

/** Encodes now (the indexes may change once this yields), then writes in the background. */
export function saveTextSnapshot(path: string, point: TextSnapshotPoint, main: Bm25Index, apart: Bm25Index): Promise<void> {
  const chunks: Uint8Array[] = [];
  let offset = 0;
  const indexes = [main, apart].map((index) => {
    const s = bm25Sections(index);
    const sections = {} as Record<SectionName, [number, number]>;
    for (const name of SECTIONS) {
      const part = s[name];
      const bytes = new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
      sections[name] = [offset, bytes.length];
      chunks.push(bytes);
      offset += bytes.length;
      const pad = (ALIGN - (offset % ALIGN)) % ALIGN;
      if (pad) chunks.push(new Uint8Array(pad));
      offset += pad;
    }
    return { liveTokens: s.liveTokens, sections };
  });
  const body = Buffer.concat(chunks, offset);
  const header: Header = { format: FORMAT, ...point, checksum: nodeCrypto().createHash('sha1').update(body).digest('hex'), bodyBytes: body.length, indexes };
  const line = Buffer.from(`${JSON.stringify(header)}\n`);
  // The header line is padded with spaces so the body starts aligned too.
  const headPad = Buffer.alloc((ALIGN - (line.length % ALIGN)) % ALIGN, 0x20);
  const file = Buffer.concat([line.subarray(0, line.length - 1), headPad, Buffer.from('\n'), body]);
  return writeFileAtomic(path, file).then(() => sweepOrphans(`${path}.`, ['.tmp']));
}

/** The saved file's bytes, or null when none is saved. */
export function readTextSnapshotFile(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

/** As readTextSnapshotFile, without blocking (a background load). */
export async function readTextSnapshotFileAsync(path: string): Promise<Buffer | null> {
  // fs.promises on use: a one-shot command never restores a snapshot (see atomic-file.ts).
  return fs.promises.readFile(path).catch(() => null);
}

/**
 * The saved indexes of `table` in `file`; throws (saying why) when the file is damaged or belongs
 * to another database, which the caller then rebuilds from the rows.
 */
export function parseTextSnapshot(file: Buffer, table: string, dbId: string | null, schema: number): TextSnapshot {
  const nl = file.indexOf(10);
  let header: Header;
  try {
    header = JSON.parse(file.toString('utf8', 0, nl < 0 ? file.length : nl)) as Header;
  } catch {
    throw new Error('unreadable header');
  }
  if (header.format !== FORMAT || header.table !== table || !Array.isArray(header.indexes) || header.indexes.length !== 2) throw new Error('not a text index snapshot of this table');
  if (header.dbId !== dbId) throw new Error('saved for another database');
  if (header.schema !== schema) throw new Error(`saved under schema ${header.schema}, the database is at ${schema}`);
  const bodyStart = nl + 1;
  if ((bodyStart % ALIGN) !== 0 || file.length - bodyStart !== header.bodyBytes) throw new Error('cut short');
  const body = file.subarray(bodyStart);
  if (nodeCrypto().createHash('sha1').update(body).digest('hex') !== header.checksum) throw new Error('checksum mismatch');
  const [main, apart] = header.indexes.map((ix) => bm25FromSections(sectionsOf(body, ix)));
  return { table, dbId: header.dbId, schema, rev: header.rev, lastKey: header.lastKey, main, apart };
}

function sectionsOf(body: Buffer, ix: Header['indexes'][number]): Bm25Sections {
  const copy = (name: SectionName): ArrayBuffer => {
    const [offset, bytes] = ix.sections[name];
    if (offset % ALIGN !== 0 || offset + bytes > body.length) throw new Error('a section lies outside the file');
    return (body.buffer as ArrayBuffer).slice(body.byteOffset + offset, body.byteOffset + offset + bytes);
  };
  return {
    terms: Buffer.from(copy('terms')),
    start: new Int32Array(copy('start')),
    slots: new Int32Array(copy('slots')),
    counts: new Uint16Array(copy('counts')),
    ids: new Float64Array(copy('ids')),
    lengths: new Int32Array(copy('lengths')),
    liveTokens: ix.liveTokens,
  };
}

/** The point the saved file reflects, from its header alone; null when none is readable. */
export function savedTextPoint(path: string): TextSnapshotPoint | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    const head = Buffer.alloc(8192);
    const n = readSync(fd, head, 0, head.length, 0);
    const nl = head.subarray(0, n).indexOf(10);
    if (nl < 0) return null;
    const h = JSON.parse(head.toString('utf8', 0, nl)) as Header;
    return h.format === FORMAT ? { table: h.table, dbId: h.dbId, schema: h.schema, rev: h.rev, lastKey: h.lastKey } : null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Deletes both tables' saved indexes: after a purge, so the erased text's words do not stay on
 * disk in a snapshot taken before it (indexes saved later leave them out).
 */
export function removeTextSnapshots(dbPath: string): void {
  for (const table of ['memories', 'messages']) removeTextSnapshot(textSnapshotPath(dbPath, table));
}

export function removeTextSnapshot(path: string): void {
  rmSync(path, { force: true });
}
