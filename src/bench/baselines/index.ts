/** The raw-turn baselines every benchmark run prints under mnemo. */
import type { Embedder } from '../../models/embedder.js';
import type { BenchSystem } from '../system.js';
import { bm25Baseline } from './bm25.js';
import { hybridBaseline } from './hybrid.js';
import { oramaBaseline } from './orama.js';
import { vectorBaseline } from './vector.js';

export const BASELINE_NAMES = ['bm25', 'vector', 'hybrid', 'orama'] as const;
export type BaselineName = (typeof BASELINE_NAMES)[number];

/** BM25 always comes first (the ratio row divides by it); vector and hybrid need an embedder. */
export function createBaselines(names: readonly BaselineName[], embedder?: Embedder): BenchSystem[] {
  const systems: BenchSystem[] = [bm25Baseline()];
  if (embedder && names.includes('vector')) systems.push(vectorBaseline(embedder));
  if (embedder && names.includes('hybrid')) systems.push(hybridBaseline(embedder));
  if (names.includes('orama')) systems.push(oramaBaseline());
  return systems;
}

export { bm25Baseline, hybridBaseline, oramaBaseline, vectorBaseline };
