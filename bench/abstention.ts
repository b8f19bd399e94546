/**
 * Abstention of offline recall on LoCoMo: adversarial questions, questions asked of the wrong
 * profile, and false abstention on answerable ones.
 *   npx tsx bench/abstention.ts [--data ../shared/bench/locomo-dev.json] [--embedder glove|hashing|none] [--out probes.json]
 *     [--tuning '{"misattributionGap": 0.5}']   (RecallTuning overrides, for experiments)
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { tempDirProfiles } from '../src/bench/mnemo-factory.js';
import { repoRoot } from '../src/bench/paths.js';
import { formatAbstention, runAbstentionBench } from '../src/bench/run-abstention.js';
import { createGloveEmbedder } from '../src/models/embedders/glove/glove-embedder.js';
import { HashingEmbedder } from '../src/models/embedders/hashing-embedder.js';
import { setRecallTuning } from '../src/recall/tuning.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    embedder: { type: 'string', default: 'glove' },
    out: { type: 'string' },
    'limit-questions': { type: 'string' },
    tuning: { type: 'string' },
  },
});
if (values.tuning) setRecallTuning(JSON.parse(values.tuning));
const kind = values.embedder!;
const embedder =
  kind === 'none' ? false
  : kind === 'hashing' ? new HashingEmbedder()
  : kind === 'glove' ? await createGloveEmbedder({ cacheDir: resolve(repoRoot(), '.mnemo', 'models') })
  : (() => { throw new Error(`unknown embedder "${kind}" (glove, hashing, none)`); })();
const result = await runAbstentionBench({
  dataPath: values.data ? resolve(values.data) : undefined,
  openProfile: tempDirProfiles({ embedder }),
  limitQuestions: values['limit-questions'] ? Number(values['limit-questions']) : undefined,
});
console.log(formatAbstention(result));
if (values.out) writeFileSync(values.out, JSON.stringify(result, null, 2));
