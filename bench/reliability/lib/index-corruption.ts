/**
 * Damaged HNSW files beside a database (truncated graph, flipped bytes, a garbage manifest or id
 * map): on the next open each must be detected, logged as a warning, searched around (exact
 * search meanwhile) and rebuilt, so the open after that opens the saved graph cleanly (viewed
 * memory-mapped, or loaded).
 */
import { readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSqliteProvider, openMemory } from '../../../src/index.js';
import { vectorIndexWarnings } from '../../../src/store/sqlite/vector-index-warnings.js';
import type { VectorIndexEvent } from '../../../src/store/sqlite/vector-options.js';
import { seeded } from '../../../test/fixtures/secrets/random.js';

export interface CorruptionResult {
  trials: number;
  detected: number;
  logged: number;
  searchedMeanwhile: number;
  rebuiltAndLoaded: number;
  damages: string[];
}

const QUESTION = 'which host serves region 3?';

function open(dataDir: string) {
  const events: VectorIndexEvent[] = [];
  const warnings: string[] = [];
  const log = vectorIndexWarnings((m) => warnings.push(m));
  const mem = openMemory({
    // The HNSW threshold is lowered so a small profile has an index to damage; openMemory wires the same warnings by default.
    store: createSqliteProvider({ dataDir, annThreshold: 60, onVectorIndexEvent: (e) => { events.push(e); log(e); } }),
    embedder: { kind: 'hashing' }, worker: { background: false }, onWarning: (m) => warnings.push(m),
  });
  return { mem, events, warnings };
}

async function until(events: VectorIndexEvent[], name: string): Promise<boolean> {
  for (let i = 0; i < 300 && !events.some((e) => e.event === name); i++) await new Promise((r) => setTimeout(r, 50));
  return events.some((e) => e.event === name);
}

type Damage = (file: string, r: ReturnType<typeof seeded>) => string;
const DAMAGES: [string, RegExp, Damage][] = [
  ['truncated graph', /\.usearch$/, (f, r) => (truncateSync(f, r.int(0, statSync(f).size - 1)), 'truncated graph')],
  ['flipped bytes in the graph', /\.usearch$/, (f, r) => {
    const b = readFileSync(f);
    for (let i = 0; i < 8; i++) b[r.int(0, b.length - 1)] ^= 0xff;
    writeFileSync(f, b);
    return 'flipped bytes in the graph';
  }],
  ['garbage manifest', /\.hnsw$/, (f) => (writeFileSync(f, '{"format": garbage'), 'garbage manifest')],
  ['truncated manifest and id map', /\.hnsw$/, (f, r) => (truncateSync(f, r.int(0, Math.max(0, statSync(f).size - 1))), 'truncated manifest and id map')],
];

export async function corruptionTrials(dataDir: string, opts: { trials: number; seed: number }): Promise<CorruptionResult> {
  const r = seeded(opts.seed);
  const res: CorruptionResult = { trials: 0, detected: 0, logged: 0, searchedMeanwhile: 0, rebuiltAndLoaded: 0, damages: [] };
  const first = open(dataDir);
  const p = first.mem.profile('v');
  for (let i = 0; i < 120; i++) await p.remember({ content: `Host ${i} in rack ${i % 7} serves region ${i % 5} behind balancer ${i % 3}.` });
  await p.drain();
  await p.recall(QUESTION);
  await until(first.events, 'ann-save');
  await first.mem.close();
  const dir = path.join(dataDir, 'profiles');
  for (let t = 0; t < opts.trials; t++) {
    const [, pattern, damage] = DAMAGES[t % DAMAGES.length]!;
    // The newest graph is the one the manifest names; older generations may still lie around.
    const file = readdirSync(dir).filter((f) => pattern.test(f)).sort((a, b) => statSync(path.join(dir, b)).mtimeMs - statSync(path.join(dir, a)).mtimeMs)[0];
    if (!file) continue;
    res.damages.push(damage(path.join(dir, file), r));
    res.trials++;
    const hurt = open(dataDir);
    const hits = await hurt.mem.profile('v').recall(QUESTION);
    if (hits.memories.length > 0) res.searchedMeanwhile++;
    if (hurt.events.some((e) => e.event === 'ann-reject')) res.detected++;
    if (hurt.warnings.some((w) => /vector index files rejected/.test(w))) res.logged++;
    await until(hurt.events, 'ann-save');
    await hurt.mem.close();
    const healed = open(dataDir);
    await healed.mem.profile('v').recall(QUESTION);
    const opened = healed.events.some((e) => e.event === 'ann-load' || e.event === 'ann-view');
    if (opened && !healed.events.some((e) => e.event === 'ann-reject' || e.event === 'ann-build')) res.rebuiltAndLoaded++;
    await healed.mem.close();
  }
  return res;
}
