// Runs a consolidation over an existing profile; the parent SIGKILLs this process part-way through.
import { openMemory } from '../../dist/index.js';

const [dataDir] = process.argv.slice(2);
const mem = openMemory({ dataDir, embedder: false, worker: { background: false, leaseMs: 500 } });
process.stdout.write('start\n');
await mem.profile('crash').consolidate();
process.stdout.write('done\n');
await mem.close();
