/** LoCoMo retrieval benchmark: `npx tsx bench/locomo.ts --data ../shared/bench/locomo-dev.json [--out f.json]`. */
import { benchMain } from '../src/bench/cli.js';

await benchMain('locomo');
