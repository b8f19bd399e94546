import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { RecallThreadConfig } from './thread-config.js';

/**
 * A recall's garbage is short-lived and small, so a young generation of a few MB collects it as
 * well as V8's default (48 MB), which a busy thread fills and keeps committed: with several
 * threads that idle room alone was a large share of a server's RSS, and grew under load.
 */
export const RECALL_THREAD_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 8 };

/**
 * Starts a recall thread. Built code (`.js`) runs as is; from TypeScript sources (tests, tsx) the
 * thread first registers tsx's loader, which a worker does not inherit from its parent.
 */
export function spawnRecallThread(config: RecallThreadConfig): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(`./recall-thread.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  const options = { workerData: config, resourceLimits: RECALL_THREAD_LIMITS };
  if (!fromSource) return new Worker(entry, options);
  // The ESM build of tsx's API (require.resolve picks the CommonJS one beside it).
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
