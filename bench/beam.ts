/** BEAM retrieval benchmark: `npx tsx bench/beam.ts --data ../shared/bench/beam-100k-dev [--out f.json]`. */
import { benchMain } from '../src/bench/cli.js';

await benchMain('beam');
