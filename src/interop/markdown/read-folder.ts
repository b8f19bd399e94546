import type { Dirent } from 'node:fs';
import { readFile, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FileError, ParsedMemory, ReadResult } from '../parsed-memory.js';
import { isInside, resolveInside, toPosix } from '../safe-path.js';
import { INDEX_FILE } from './export.js';
import { parseMemoryFile } from './parse-file.js';

const MAX_FILE_BYTES = 1_000_000;
/** Generated or foreign folders that never hold memory files. */
const SKIPPED_DIRS = new Set(['timeline', 'node_modules']);

/**
 * Reads every `*.md` memory file below `dir` (not `MEMORY.md`, which is the generated index, nor
 * `timeline/`). Never throws for a bad file: each problem is reported once, by file, in `errors`.
 */
export async function readMarkdownFolder(dir: string): Promise<ReadResult> {
  const root = await realpath(dir);
  const errors: FileError[] = [];
  const memories: ParsedMemory[] = [];
  for (const rel of await listMarkdown(root, '', errors)) {
    const parsed = await readOne(root, rel);
    if ('error' in parsed) errors.push({ file: rel, message: parsed.error });
    else memories.push(parsed.memory);
  }
  errors.push(...checkIndexLinks(root, await readIndex(root)));
  return { memories: dropDuplicateNames(memories, errors), errors: errors.sort((a, b) => a.file.localeCompare(b.file)) };
}

/** Reads and parses one file below `root`; the path is checked not to leave the folder. */
export async function readOne(root: string, rel: string): Promise<{ memory: ParsedMemory } | { error: string }> {
  const resolved = await resolveInside(root, rel);
  if ('error' in resolved) return resolved;
  try {
    const st = await stat(resolved.path);
    if (!st.isFile()) return { error: 'not a regular file' };
    if (st.size > MAX_FILE_BYTES) return { error: `file is larger than ${MAX_FILE_BYTES} bytes` };
    const text = await readFile(resolved.path, 'utf8');
    return { memory: parseMemoryFile(text, rel, st.mtime.toISOString()) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

async function listMarkdown(root: string, sub: string, errors: FileError[]): Promise<string[]> {
  const entries: Dirent[] = await readdir(path.join(root, sub), { withFileTypes: true });
  const out: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = toPosix(path.join(sub, e.name));
    if (e.name.startsWith('.')) continue;
    if (e.isDirectory()) {
      if (!SKIPPED_DIRS.has(e.name)) out.push(...(await listMarkdown(root, rel, errors)));
      continue;
    }
    if (e.isSymbolicLink()) {
      const target = await realpath(path.join(root, rel)).catch(() => null);
      if (!target) errors.push({ file: rel, message: 'symlink points to a missing target' });
      else if (!isInside(root, target)) errors.push({ file: rel, message: `symlink points outside the folder (${target})` });
      else if (rel.endsWith('.md') && (await stat(target)).isFile()) out.push(rel);
      continue;
    }
    if (e.isFile() && rel.endsWith('.md') && rel !== INDEX_FILE) out.push(rel);
  }
  return out;
}

async function readIndex(root: string): Promise<string> {
  return readFile(path.join(root, INDEX_FILE), 'utf8').catch(() => '');
}

/** Index links are never followed, but one that leaves the folder marks a tampered index. */
function checkIndexLinks(root: string, index: string): FileError[] {
  const errors: FileError[] = [];
  for (const m of index.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = decodeURI(m[1]);
    if (/^[a-z]+:/i.test(target)) continue;
    if (path.isAbsolute(target) || !isInside(root, path.resolve(root, target))) {
      errors.push({ file: INDEX_FILE, message: `link ${JSON.stringify(target)} escapes the folder` });
    }
  }
  return errors;
}

/**
 * Names identify memories (Claude Code derives its topic from them) and ids identify mnemo
 * memories: a repeat of either is an error on the later file.
 */
function dropDuplicateNames(memories: ParsedMemory[], errors: FileError[]): ParsedMemory[] {
  const names = new Map<string, string>();
  const ids = new Map<string, string>();
  return memories.filter((m) => {
    const key = m.name.toLowerCase();
    const prior = names.get(key) ?? (m.id ? ids.get(m.id) : undefined);
    if (prior === undefined) {
      names.set(key, m.file);
      if (m.id) ids.set(m.id, m.file);
      return true;
    }
    const what = names.has(key) ? `name ${JSON.stringify(m.name)}` : `id ${m.id}`;
    errors.push({ file: m.file, message: `duplicate ${what} (also used by ${prior})` });
    return false;
  });
}
