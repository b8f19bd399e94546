import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { VectorKind } from '../store.js';
import type { CompactResult } from './vector-compact.js';

/** A running compaction: its outcome (null: no vectors), and a way to stop it. */
export interface Compaction {
  readonly done: Promise<CompactResult | null>;
  kill(): void;
}

/**
 * Compacts one kind's saved HNSW files in a child process (vector-compact-child.ts): loading the
 * whole graph there costs the writer nothing, and a kill of either process leaves whole files
 * (saves rename a complete manifest over the old one). From TypeScript sources (tests, tsx) the
 * child runs through tsx's loader. `onLine` hears each progress line.
 */
export function startCompaction(dbPath: string, kind: VectorKind, onLine: (line: string) => void = () => {}): Compaction {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(`./vector-compact-child.${fromSource ? 'ts' : 'js'}`, import.meta.url));
  const loader = fromSource ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href] : [];
  // Required here: node:child_process loads net, dgram and dns, a cost to every command that never compacts.
  const { spawn } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
  const child = spawn(process.execPath, [...loader, entry, dbPath, kind], { stdio: ['ignore', 'pipe', 'pipe'] });
  let buffered = '';
  let err = '';
  let result = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    const lines = (buffered + d).split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      if (line === 'loaded') onLine(line);
      else result = line;
    }
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err = (err + d).slice(-2000)));
  const done = new Promise<CompactResult | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) {
        try {
          return resolve(JSON.parse(result) as CompactResult | null);
        } catch {
          return reject(new Error(`index compaction gave no result: ${JSON.stringify(result.slice(0, 200))}`));
        }
      }
      reject(new Error(`index compaction ${signal ? `was stopped by ${signal}` : `exited with code ${code}`}${err.trim() ? `: ${err.trim()}` : ''}`));
    });
  });
  return { done, kill: () => void child.kill('SIGKILL') };
}
