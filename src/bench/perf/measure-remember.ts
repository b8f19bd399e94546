/** remember() latency with fresh statements, and a raw one-memory `store.writeMemories` baseline. */
import type { ProfileApi } from '../../api.js';
import type { Store } from '../../store/store.js';
import { draftAt, generateBatch } from './generator.js';
import { timeEach, type LatencySummary } from './latency.js';

export interface RememberMeasurement {
  remember: LatencySummary;
  /** `store.writeMemories([one])`: storage alone, no classification or validation. */
  writeBaseline: LatencySummary;
}

const REMEMBER_STREAM = 60_000_000;
const BASELINE_STREAM = 70_000_000;

export async function measureRemember(profile: ProfileApi, store: Store, seed: number, count: number): Promise<RememberMeasurement> {
  const contents = Array.from({ length: count }, (_, i) => draftAt(seed, REMEMBER_STREAM + i).content);
  const remember = await timeEach(contents, (content) => profile.remember({ content, sessionId: 'perf-remember' }));
  const rows = Array.from({ length: count }, (_, i) => generateBatch(seed, BASELINE_STREAM + i * 2, 1).memories[0]);
  const writeBaseline = await timeEach(rows, (m) => store.writeMemories([m], { actor: 'perf' }));
  return { remember, writeBaseline };
}
