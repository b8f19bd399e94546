// Ingests messages from a JSON file in small batches, printing each acknowledged batch.
// The parent SIGKILLs this process part-way through.
import { readFileSync } from 'node:fs';
import { openMemory } from '../../dist/index.js';

const [dataDir, file] = process.argv.slice(2);
const messages = JSON.parse(readFileSync(file, 'utf8'));
const mem = openMemory({ dataDir, embedder: false, worker: { leaseMs: 500 } });
const profile = mem.profile('crash');
for (let i = 0; i < messages.length; i += 10) {
  const batch = messages.slice(i, i + 10);
  const res = await profile.ingest(batch);
  process.stdout.write(`ack ${res.messageIds.join(',')}\n`);
  await new Promise((r) => setTimeout(r, 5));
}
process.stdout.write('done\n');
await mem.close();
