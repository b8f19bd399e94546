import { readFile, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ProfileApi } from '../../api.js';
import { rejectFileErrors } from '../markdown/import.js';
import type { FileError, ParsedMemory, ReadResult } from '../parsed-memory.js';
import { resolveInside } from '../safe-path.js';
import { toMemory } from '../to-memory.js';
import { type MemoryImportResult, importMemories } from '../write-memories.js';
import { DAILY_NOTE, dailyNoteDate, parseDailyNote } from './daily-file.js';
import { parseMemoryNotes } from './memory-file.js';

const MAX_FILE_BYTES = 2_000_000;

export interface OpenClawReadResult extends ReadResult {
  /** Files read, relative to the workspace. */
  files: string[];
  /** Files under memory/ that are not daily notes, left alone. */
  ignoredFiles: string[];
}

/**
 * Reads an OpenClaw workspace: `MEMORY.md` (curated notes) and `memory/YYYY-MM-DD.md` (daily
 * notes). Other workspace files (SOUL.md, USER.md, AGENTS.md, …) are not memories and are ignored.
 */
export async function readOpenClawWorkspace(dir: string): Promise<OpenClawReadResult> {
  const root = await realpath(dir);
  const out: OpenClawReadResult = { memories: [], errors: [], files: [], ignoredFiles: [] };
  const add = (file: string, r: { memories: ParsedMemory[]; errors: FileError[] }) => {
    out.files.push(file);
    out.memories.push(...r.memories);
    out.errors.push(...r.errors);
  };
  const main = await readSafely(root, 'MEMORY.md');
  if (main && 'error' in main) out.errors.push({ file: 'MEMORY.md', message: main.error });
  else if (main) add('MEMORY.md', parseMemoryNotes(main.text, 'MEMORY.md', main.mtime));
  const names = await readdir(path.join(root, 'memory')).catch(() => [] as string[]);
  for (const name of names.sort()) {
    const file = `memory/${name}`;
    if (!DAILY_NOTE.test(name)) {
      out.ignoredFiles.push(file);
      continue;
    }
    const day = dailyNoteDate(name);
    const read = await readSafely(root, file);
    if (!day) out.errors.push({ file, message: `${name} is not a real calendar date` });
    else if (read && 'error' in read) out.errors.push({ file, message: read.error });
    else if (read) add(file, parseDailyNote(read.text, file, day));
  }
  if (!out.files.length && !out.errors.length) out.errors.push({ file: '.', message: 'no MEMORY.md and no memory/YYYY-MM-DD.md notes: not an OpenClaw workspace' });
  return out;
}

/** Imports a workspace in one transaction after validating every file (all or nothing). */
export async function importOpenClaw(profile: ProfileApi, dir: string): Promise<MemoryImportResult & { files: string[]; ignoredFiles: string[] }> {
  const read = await readOpenClawWorkspace(dir);
  rejectFileErrors(read.errors, `cannot import OpenClaw workspace ${dir}`);
  const built = read.memories.map((p) => ({ memory: toMemory(p), file: p.file }));
  const res = await importMemories(profile, built.map((b) => b.memory), { source: 'openclaw' }, new Map(built.map((b) => [b.memory.id, b.file])));
  return { ...res, files: read.files, ignoredFiles: read.ignoredFiles };
}

async function readSafely(root: string, rel: string): Promise<{ text: string; mtime: string } | { error: string } | null> {
  const resolved = await resolveInside(root, rel);
  if ('error' in resolved) return resolved.error.endsWith('does not exist') ? null : resolved;
  const st = await stat(resolved.path);
  if (!st.isFile()) return { error: 'not a regular file' };
  if (st.size > MAX_FILE_BYTES) return { error: `file is larger than ${MAX_FILE_BYTES} bytes` };
  return { text: await readFile(resolved.path, 'utf8'), mtime: st.mtime.toISOString() };
}
