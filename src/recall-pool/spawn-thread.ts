import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { RecallThreadConfig } from './thread-config.js';

/**
 * Starts a recall thread. Built code (`.js`) runs as is; from TypeScript sources (tests, tsx) the
 * thread first registers tsx's loader, which a worker does not inherit from its parent.
 */
export function spawnRecallThread(config: RecallThreadConfig): Worker {
  // Required here, not at load: a command that starts no thread should not compile worker_threads.
  const { Worker } = createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(`./recall-thread.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSource) return new Worker(entry, { workerData: config });
  // The ESM build of tsx's API (require.resolve picks the CommonJS one beside it).
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: config });
}
