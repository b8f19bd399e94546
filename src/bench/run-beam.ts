/** BEAM message-level evidence recall@k per ability, mnemo against the baselines. */
import { loadBeam } from './datasets/beam.js';
import { defaultBeamPath } from './paths.js';
import type { BenchResult } from './result.js';
import { buildSystems, selectConversations, type BenchRunOptions } from './run-options.js';
import { runBench } from './runner.js';

export async function runBeamBench(opts: BenchRunOptions = {}): Promise<BenchResult> {
  const dataPath = opts.dataPath ?? defaultBeamPath();
  const conversations = selectConversations(loadBeam(dataPath), opts);
  const result = await runBench({
    benchmark: 'BEAM',
    dataPath,
    conversations,
    systems: buildSystems(opts),
    ks: opts.ks,
    progress: opts.progress,
  });
  result.categories.sort();
  return result;
}
