import path from 'node:path';
import type { Memory } from '../../types.js';
import { writeFileAtomic } from '../fs-write.js';
import { renderIndex } from './index-file.js';
import { renderMemoryFile } from './memory-file.js';
import { fileNameFor, uniqueNames } from './names.js';
import { timelineFiles } from './timeline.js';
import type { MarkdownFlavor } from './type-mapping.js';

export const INDEX_FILE = 'MEMORY.md';

export interface MarkdownExportOptions {
  /** `claude` writes Claude Code's types (user/feedback/project/reference); default `mnemo`. */
  flavor?: MarkdownFlavor;
}

export interface MarkdownExportResult {
  /** Memory files written, relative to the folder, in the order of the input. */
  files: string[];
  /** Memory id → file name. */
  fileOf: Map<string, string>;
  timeline: string[];
}

/** The files of a Markdown export, as relative path → text (nothing written). */
export function renderMarkdownExport(memories: Memory[], opts: MarkdownExportOptions = {}): { files: Map<string, string>; fileOf: Map<string, string> } {
  const active = memories.filter((m) => m.status === 'active');
  const names = uniqueNames(active);
  const fileOf = new Map(active.map((m) => [m.id, fileNameFor(m, names.get(m.id))]));
  const files = new Map<string, string>();
  for (const m of active) files.set(fileOf.get(m.id)!, renderMemoryFile(m, names.get(m.id)!, opts.flavor));
  files.set(INDEX_FILE, renderIndex(active.map((m) => ({ memory: m, file: fileOf.get(m.id)!, name: names.get(m.id)! })), opts.flavor));
  for (const [file, text] of timelineFiles(active, (m) => fileOf.get(m.id)!)) files.set(file, text);
  return { files, fileOf };
}

/**
 * Writes one file per ACTIVE memory (`<slug>-<id8>.md`), the `MEMORY.md` index and the event
 * timeline into `dir`. Existing files of other names are left alone.
 */
export async function exportMarkdown(memories: Memory[], dir: string, opts: MarkdownExportOptions = {}): Promise<MarkdownExportResult> {
  const { files, fileOf } = renderMarkdownExport(memories, opts);
  for (const [file, text] of files) await writeFileAtomic(path.join(dir, file), text);
  return {
    files: [...fileOf.values()],
    fileOf,
    timeline: [...files.keys()].filter((f) => f.startsWith('timeline/')),
  };
}
