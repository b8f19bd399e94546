/**
 * Answer quality with a model (the same flags as `mnemo bench qa`), e.g.
 *   npm run bench:qa -- --data ../shared/bench/locomo-dev.json --model openai:gpt-4o-mini --price-in 0.15 --price-out 0.6
 */
import { createProgram } from '../src/cli/program.js';
import { reportError } from '../src/cli/report-error.js';

const args = process.argv.slice(2);
const json = args.includes('--json');
try {
  const argv = ['node', 'mnemo', 'bench', 'qa', ...args];
  await (await createProgram({ json, argv })).parseAsync(argv);
} catch (err) {
  process.exitCode = reportError(err, json);
}
