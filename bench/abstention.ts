/**
 * Abstention of offline recall on LoCoMo: adversarial questions, questions asked of the wrong
 * profile, and false abstention on answerable ones.
 *   npx tsx bench/abstention.ts [--data ../shared/bench/locomo-dev.json] [--embedder glove|hashing|none] [--out probes.json]
 *     [--tuning '{"misattributionGap": 0.5}']   (RecallTuning overrides, for experiments)
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchArgs, jsonArg } from '../src/bench/bench-args.js';
import { tempDirProfiles } from '../src/bench/mnemo-factory.js';
import { repoRoot } from '../src/bench/paths.js';
import { formatAbstention, runAbstentionBench } from '../src/bench/run-abstention.js';
import { createGloveEmbedder } from '../src/models/embedders/glove/glove-embedder.js';
import { HashingEmbedder } from '../src/models/embedders/hashing-embedder.js';
import { setRecallTuning } from '../src/recall/tuning.js';

const args = benchArgs('bench/abstention', `npx tsx bench/abstention.ts [--data ../shared/bench/locomo-dev.json] [--embedder glove|hashing|none] [--out probes.json]
  [--limit-questions N] [--tuning '{"misattributionGap": 0.5}']`, {
  data: { type: 'string' },
  embedder: { type: 'string', default: 'glove' },
  out: { type: 'string' },
  'limit-questions': { type: 'string' },
  tuning: { type: 'string' },
});
const { values } = args;
if (values.tuning) setRecallTuning(jsonArg(args, 'tuning', values.tuning));
const kind = values.embedder!;
if (!['glove', 'hashing', 'none'].includes(kind)) args.fail(`--embedder must be glove, hashing or none; got ${JSON.stringify(kind)}`);
const embedder =
  kind === 'none' ? false
  : kind === 'hashing' ? new HashingEmbedder()
  : kind === 'glove' ? await createGloveEmbedder({ cacheDir: resolve(repoRoot(), '.mnemo', 'models') })
  : (() => { throw new Error(`unknown embedder "${kind}" (glove, hashing, none)`); })();
const result = await runAbstentionBench({
  dataPath: values.data ? resolve(values.data) : undefined,
  openProfile: tempDirProfiles({ embedder }),
  limitQuestions: values['limit-questions'] ? args.whole('limit-questions', 1) : undefined,
});
console.log(formatAbstention(result));
if (values.out) writeFileSync(values.out, JSON.stringify(result, null, 2));
