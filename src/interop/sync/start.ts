import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { watch } from 'chokidar';
import type { ProfileApi } from '../../api.js';
import { INDEX_FILE } from '../markdown/export.js';
import type { MarkdownFlavor } from '../markdown/type-mapping.js';
import { readMarkdownFolder } from '../markdown/read-folder.js';
import { type SyncContext, type SyncLogEntry, SyncState } from './context.js';
import { fileChanged, fileDeleted } from './file-side.js';
import { profileChanged, writeIndex } from './profile-side.js';
import { forgetFilesDeletedMeanwhile } from './saved-state.js';
import { toPosix } from '../safe-path.js';

export interface SyncOptions {
  profile: ProfileApi;
  dir: string;
  /** Quiet time after the last file event before the batch is applied (default 300 ms). */
  debounceMs?: number;
  /** How often the profile is checked for new or retired memories (default 1000 ms; 0 = only on flush). */
  pollMs?: number;
  flavor?: MarkdownFlavor;
  onLog?: (entry: SyncLogEntry) => void;
}

export interface SyncHandle {
  /** Applies pending file events and profile changes now. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Keeps a Markdown folder and a profile in step both ways. All work runs one step at a time on a
 * single queue, so file events and profile polls never interleave.
 */
export async function startSync(opts: SyncOptions): Promise<SyncHandle> {
  await mkdir(opts.dir, { recursive: true });
  const root = await realpath(opts.dir);
  const log = opts.onLog ?? (() => {});
  const ctx: SyncContext = { profile: opts.profile, root, state: new SyncState(), flavor: opts.flavor ?? 'mnemo', log };
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (step: () => Promise<void>) => (queue = queue.then(step).catch((err) => log({ level: 'error', event: 'sync-failed', message: String(err instanceof Error ? err.message : err) })));

  const pending = new Map<string, 'change' | 'unlink'>();
  let timer: NodeJS.Timeout | null = null;
  const applyPending = async () => {
    const batch = [...pending].sort(([a], [b]) => a.localeCompare(b));
    pending.clear();
    for (const [rel, kind] of batch) await (kind === 'unlink' ? fileDeleted(ctx, rel) : fileChanged(ctx, rel));
    const changed = await profileChanged(ctx);
    if (batch.length || changed) await writeIndex(ctx);
  };
  const schedule = (abs: string, kind: 'change' | 'unlink') => {
    const rel = toPosix(path.relative(root, abs));
    if (!isMemoryFile(rel)) return;
    pending.set(rel, kind);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => { timer = null; enqueue(applyPending); }, opts.debounceMs ?? 300);
  };

  await enqueue(async () => {
    const initial = await readMarkdownFolder(root);
    await forgetFilesDeletedMeanwhile(ctx, {
      files: new Set([...initial.memories.map((p) => p.file), ...initial.errors.map((e) => e.file)]),
      memoryIds: new Set(initial.memories.flatMap((p) => (p.id ? [p.id] : []))),
    });
    for (const p of initial.memories) await fileChanged(ctx, p.file);
    for (const e of initial.errors) log({ level: 'error', event: 'invalid-file', file: e.file, message: `${e.file}: ${e.message}` });
    await profileChanged(ctx);
    await writeIndex(ctx);
  });

  const watcher = watch(root, { ignoreInitial: true, ignored: (p) => path.basename(p).startsWith('.') && p !== root });
  watcher.on('add', (p) => schedule(p, 'change')).on('change', (p) => schedule(p, 'change')).on('unlink', (p) => schedule(p, 'unlink'));
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  const poll = (opts.pollMs ?? 1000) > 0
    ? setInterval(() => enqueue(async () => { if (await profileChanged(ctx)) await writeIndex(ctx); }), opts.pollMs ?? 1000)
    : null;

  let stopped = false;
  return {
    async flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      await enqueue(applyPending);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      if (poll) clearInterval(poll);
      await watcher.close();
      await queue;
    },
  };
}

function isMemoryFile(rel: string): boolean {
  return rel.endsWith('.md') && rel !== INDEX_FILE && !rel.startsWith('timeline/') && !rel.split('/').some((s) => s.startsWith('.'));
}
