/**
 * What a `bench qa` run costs, from the token counts of a run against a local fake OpenAI-compatible
 * server (no paid API) that counts tokens with o200k_base, the tokenizer of current small OpenAI models.
 * The fake model answers with the reference answer when its context holds it, else "No information
 * available."; the fake judge answers in one sentence plus the label, so output tokens are a floor.
 *
 *   npx tsx bench/qa-cost.ts [--data ../shared/bench/locomo-dev.json] [--price-in 0.15] [--price-out 0.6]
 *                            [--judge-price-in 0.15] [--judge-price-out 0.6] [--scale-to 1986]
 *
 * `--scale-to` extrapolates the cost per question to a question count (LoCoMo-10 has 1,986).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchArgs } from '../src/bench/bench-args.js';
import { countTokens } from '../src/context/tokens.js';
import { defaultLocomoPath } from '../src/bench/paths.js';
import { loadQaDataset } from '../src/bench/qa/load.js';
import { formatQaReport } from '../src/bench/qa/report.js';
import { runQa } from '../src/bench/qa/run.js';
import { fakeQaHandler } from '../test/fixtures/qa/fake-qa-model.js';
import { startFakeOpenAI } from '../test/support/fake-openai-server.js';

const args = benchArgs('bench/qa-cost', `npx tsx bench/qa-cost.ts [--data ../shared/bench/locomo-dev.json] [--price-in 0.15] [--price-out 0.6]
  [--judge-price-in 0.15] [--judge-price-out 0.6] [--scale-to 1986] [--embedder glove|hashing]`, {
  data: { type: 'string' },
  'price-in': { type: 'string', default: '0.15' },
  'price-out': { type: 'string', default: '0.6' },
  'judge-price-in': { type: 'string' },
  'judge-price-out': { type: 'string' },
  'scale-to': { type: 'string', default: '1986' },
  embedder: { type: 'string', default: 'glove' },
});
const { values } = args;
for (const price of ['price-in', 'price-out'] as const) args.number(price, 0);
for (const price of ['judge-price-in', 'judge-price-out'] as const) if (values[price] !== undefined) args.number(price, 0);
args.whole('scale-to', 1);
const data = values.data ?? defaultLocomoPath();
const dataset = loadQaDataset(data);
const references = Object.fromEntries(dataset.conversations.flatMap((c) => c.questions.map((q) => [q.question, q.abstain ? undefined : q.answer])));
const server = await startFakeOpenAI({ handler: fakeQaHandler(references), countTokens });
const dataDir = mkdtempSync(join(tmpdir(), 'mnemo-qa-cost-'));
const prices = {
  modelIn: Number(values['price-in']),
  modelOut: Number(values['price-out']),
  judgeIn: Number(values['judge-price-in'] ?? values['price-in']),
  judgeOut: Number(values['judge-price-out'] ?? values['price-out']),
};
try {
  const result = await runQa(
    { dataPath: data, model: `fake-model@${server.url}`, embedder: values.embedder as 'glove', dataDir, prices, concurrency: 8, progress: process.stderr.isTTY === true },
    { env: {} },
  );
  process.stdout.write(formatQaReport(result));
  const scale = Number(values['scale-to']);
  const perQuestion = result.totalCostUsd / result.questions;
  const money = (x: number) => `$${x.toFixed(x < 1 ? 4 : 2)}`;
  process.stdout.write(`\nserver counted ${server.tokens.prompt.toLocaleString('en-US')} input and ${server.tokens.completion.toLocaleString('en-US')} output tokens in ${server.requests.length.toLocaleString('en-US')} calls\n`);
  process.stdout.write(`cost per question ${money(perQuestion)} (all systems); for ${scale.toLocaleString('en-US')} questions: ${money(perQuestion * scale)}\n`);
  for (const s of result.systems) {
    process.stdout.write(`  ${s.system}: ${money((s.costUsd.total / result.questions) * scale)}\n`);
  }
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
