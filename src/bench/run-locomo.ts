/** LoCoMo turn-level evidence recall@k (bench/README.md protocol), mnemo against the baselines. */
import { LOCOMO_CATEGORIES, loadLocomo } from './datasets/locomo.js';
import { defaultLocomoPath } from './paths.js';
import type { BenchResult } from './result.js';
import { buildSystems, selectConversations, type BenchRunOptions } from './run-options.js';
import { runBench } from './runner.js';

export async function runLocomoBench(opts: BenchRunOptions = {}): Promise<BenchResult> {
  const dataPath = opts.dataPath ?? defaultLocomoPath();
  const conversations = selectConversations(loadLocomo(dataPath), opts);
  const result = await runBench({
    benchmark: 'LoCoMo',
    dataPath,
    conversations,
    systems: buildSystems(opts),
    ks: opts.ks,
    scoreF1: true,
    progress: opts.progress,
  });
  const order = Object.values(LOCOMO_CATEGORIES);
  result.categories.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return result;
}
