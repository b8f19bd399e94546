import type { ProfileApi } from '../../api.js';
import { MnemoError } from '../../errors.js';
import type { FileError } from '../parsed-memory.js';
import { toMemory } from '../to-memory.js';
import { type MemoryImportResult, importMemories } from '../write-memories.js';
import { readMarkdownFolder } from './read-folder.js';

export interface MarkdownImportResult extends MemoryImportResult {
  files: number;
}

/** Throws MnemoError('invalid_input') listing every bad file; `details.errors` has them all. */
export function rejectFileErrors(errors: FileError[], what: string): void {
  if (!errors.length) return;
  const shown = errors.slice(0, 10).map((e) => `${e.file}: ${e.message}`).join('; ');
  const more = errors.length > 10 ? ` (and ${errors.length - 10} more)` : '';
  throw new MnemoError('invalid_input', `${what}: nothing was imported, ${errors.length} file problem(s): ${shown}${more}`, { errors });
}

/**
 * Imports a Markdown memory folder (mnemo or Claude Code flavor). Every file is validated first;
 * any problem rejects the whole import, and the write is one `profile.import` transaction, so an
 * import either completes or changes nothing.
 */
export async function importMarkdown(profile: ProfileApi, dir: string): Promise<MarkdownImportResult> {
  const { memories, errors } = await readMarkdownFolder(dir);
  rejectFileErrors(errors, `cannot import ${dir}`);
  const built = memories.map((p) => ({ memory: toMemory(p), file: p.file }));
  const files = new Map(built.map((b) => [b.memory.id, b.file]));
  const res = await importMemories(profile, built.map((b) => b.memory), { source: 'markdown' }, files);
  return { ...res, files: memories.length };
}
