/**
 * Offline sentence-embedding variants, on both benchmarks: the GloVe sentence math (SIF constant,
 * directions removed from a fixed general corpus or from the conversation's own turns) measured
 * by raw-turn vector search alone, and with `--mnemo` through the whole pipeline (one ingest each).
 *   npx tsx bench/embedder-variants.ts [--bench locomo,beam] [--only name,name] [--mnemo]
 */
import os from 'node:os';
import path from 'node:path';
import { benchArgs } from '../src/bench/bench-args.js';
import { vectorBaseline } from '../src/bench/baselines/vector.js';
import { loadBeam } from '../src/bench/datasets/beam.js';
import { loadLocomo } from '../src/bench/datasets/locomo.js';
import { cachingEmbedder } from '../src/bench/embed-cache.js';
import { tempDirProfiles } from '../src/bench/mnemo-factory.js';
import { mnemoSystem } from '../src/bench/mnemo-system.js';
import { defaultBeamPath, defaultLocomoPath } from '../src/bench/paths.js';
import { runBench } from '../src/bench/runner.js';
import type { BenchSystem } from '../src/bench/system.js';
import type { Embedder } from '../src/models/embedder.js';
import { loadGloveTable } from '../src/models/embedders/glove/glove-cache.js';
import { GloveVariantEmbedder as GloveEmbedder, type GloveMathOptions } from '../src/models/embedders/glove/glove-variant-embedder.js';
import { ownDirections } from '../src/models/embedders/glove/own-directions.js';
import { removeDirections } from '../src/models/embedders/glove/principal-components.js';
import { normalizeInPlace } from '../src/models/embedders/vector-math.js';

const VARIANTS: Record<string, GloveMathOptions> = {
  'no common removal': { keepCommon: true },
  'common (today)': {},
  'common + 1 pc': { components: 1 },
  'common + 2 pc': { components: 2 },
  'common + 4 pc': { components: 4 },
  'a=1e-4': { sifA: 1e-4 },
  'a=3e-4': { sifA: 3e-4 },
  'a=3e-3': { sifA: 3e-3 },
};
/** Directions fitted on the conversation's own turns (vector baseline only). */
const OWN = { 'own texts: 1 pc': 1, 'own texts: 2 pc': 2 };

const args = benchArgs('bench/embedder-variants', 'npx tsx bench/embedder-variants.ts [--bench locomo,beam] [--only name,name] [--mnemo]', {
  bench: { type: 'string', default: 'locomo,beam' }, only: { type: 'string' }, mnemo: { type: 'boolean', default: false },
});
const { values } = args;
const benches = args.choices('bench', ['locomo', 'beam']);
const only = values.only ? new Set(values.only.split(',')) : null;
const { table } = await loadGloveTable({ cacheDir: path.join(os.homedir(), '.cache', 'mnemo', 'models') });
const base = new GloveEmbedder(table);

function renamed(system: BenchSystem, name: string): BenchSystem {
  return { ...system, name };
}

/** An embedder whose vectors lose the top directions of these texts (fitted once, then fixed). */
async function fittedOn(texts: string[], count: number): Promise<Embedder> {
  const directions = ownDirections(await base.embed(texts), count);
  return {
    id: `${base.id}-own${count}`,
    dimensions: base.dimensions,
    async embed(batch) {
      return (await base.embed(batch)).map((v) => (removeDirections(v, directions), normalizeInPlace(v), v));
    },
  };
}

/** Vector search (or mnemo) with directions fitted on the conversation's own turns. */
function ownTextsSystem(name: string, count: number, mnemo: boolean): BenchSystem {
  return {
    name,
    answersAbstention: mnemo,
    async prepare(conversation) {
      const fitted = await fittedOn(conversation.messages.map((m) => m.content), count);
      const system = mnemo ? mnemoSystem(tempDirProfiles({ embedder: fitted })) : vectorBaseline(fitted);
      return system.prepare(conversation);
    },
  };
}

const systems: BenchSystem[] = [];
for (const [name, math] of Object.entries(VARIANTS)) {
  if (only && !only.has(name)) continue;
  const embedder = new GloveEmbedder(table, '', math);
  systems.push(renamed(vectorBaseline(cachingEmbedder(embedder)), `vector: ${name}`));
  if (values.mnemo) systems.push(mnemoSystem(tempDirProfiles({ embedder }), `mnemo: ${name}`));
}
for (const [name, count] of Object.entries(OWN)) {
  if (only && !only.has(name)) continue;
  systems.push(ownTextsSystem(`vector: ${name}`, count, false));
  if (values.mnemo) systems.push(ownTextsSystem(`mnemo: ${name}`, count, true));
}

const fmt = (n: number | undefined) => (n === undefined ? '–' : n.toFixed(1));
for (const bench of benches) {
  const conversations = bench === 'beam' ? loadBeam(defaultBeamPath()) : loadLocomo(defaultLocomoPath());
  const result = await runBench({ benchmark: bench, dataPath: '', conversations, systems, progress: false });
  console.log(`\n## ${bench}: embedder variants (R@k; p50 ms)\n`);
  console.log(`| variant | R@5 | R@10 | R@25 | R@50 | p50 | ${result.categories.map((c) => `${c} R@10`).join(' | ')} |`);
  console.log(`| --- | ---: | ---: | ---: | ---: | ---: | ${result.categories.map(() => '---:').join(' | ')} |`);
  for (const s of result.systems) {
    const r = s.recall.overall;
    const cats = result.categories.map((c) => fmt(s.recall.byCategory[c]?.['10']));
    console.log(`| ${s.name} | ${fmt(r['5'])} | ${fmt(r['10'])} | ${fmt(r['25'])} | ${fmt(r['50'])} | ${fmt(s.latency.p50)} | ${cats.join(' | ')} |`);
  }
}
