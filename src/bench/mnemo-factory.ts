/** Opens each conversation's mnemo profile in its own temporary data directory. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMemory, type MnemoOptions } from '../mnemo.js';
import type { OpenProfile } from './mnemo-system.js';

/** `options` is passed to every `openMemory` (share one embedder instance so it loads once). */
export function tempDirProfiles(options: Omit<MnemoOptions, 'dataDir' | 'store'> = {}): OpenProfile {
  return async (name) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mnemo-bench-'));
    const memory = openMemory({ ...options, dataDir });
    return {
      profile: memory.profile(name),
      async close() {
        await memory.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  };
}
