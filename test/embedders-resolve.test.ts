import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isMnemoError } from '../src/errors.js';
import { HashingEmbedder } from '../src/models/embedders/hashing-embedder.js';
import { resolveEmbedder } from '../src/models/embedders/resolve.js';
import { TransformersEmbedder } from '../src/models/embedders/transformers-embedder.js';

const cacheDir = mkdtempSync(join(tmpdir(), 'mnemo-resolve-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

describe('transformers embedder', () => {
  it('throws MnemoError unavailable naming the model when its files are missing', async () => {
    const missing = join(cacheDir, 'no-such-model');
    const err = await TransformersEmbedder.create({ model: missing }).catch((e: unknown) => e);
    expect(isMnemoError(err) && err.code).toBe('unavailable');
    expect((err as Error).message).toContain(missing);
  });
});

describe('resolveEmbedder', () => {
  it('returns an Embedder instance as is and builds hashing from config', async () => {
    const mine = new HashingEmbedder(16);
    expect(await resolveEmbedder(mine, { cacheDir })).toBe(mine);
    expect((await resolveEmbedder({ kind: 'hashing', dimensions: 64 }, { cacheDir })).id).toBe('hashing-64@1');
  });

  it('falls back to GloVe with a warning when the configured embedder cannot load', async () => {
    const warnings: string[] = [];
    const embedder = await resolveEmbedder(
      { kind: 'transformers', model: 'Xenova/all-MiniLM-L6-v2' },
      { cacheDir, onWarning: (m) => warnings.push(m) },
    );
    expect(embedder.id).toBe('glove-wink-100d-int8@1');
    expect(embedder.dimensions).toBe(100);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('Xenova/all-MiniLM-L6-v2');
    expect(warnings[0]).toContain('GloVe');
  });

  it('defaults to GloVe and falls back to hashing when GloVe cannot load', async () => {
    expect((await resolveEmbedder(undefined, { cacheDir })).id).toBe('glove-wink-100d-int8@1');
    const warnings: string[] = [];
    const embedder = await resolveEmbedder(
      { kind: 'glove', sourcePath: join(cacheDir, 'missing.json') },
      { cacheDir: join(cacheDir, 'other'), onWarning: (m) => warnings.push(m) },
    );
    expect(embedder.id).toBe('hashing-256@1');
    expect(warnings[0]).toContain('hashing');
  });
});
