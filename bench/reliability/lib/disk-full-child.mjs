// Disk-full child: fills a profile until the disk (a small tmpfs, or a file-size limit) says no,
// then reports what it saw as one JSON line. `recover` reopens and checks the same profile.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
const dist = process.env.MNEMO_RELIABILITY_DIST ?? new URL('../../../dist/', import.meta.url).pathname;
const { openMemory } = await import(path.join(dist, 'index.js'));
const { writeFileAtomic } = await import(path.join(dist, 'interop/fs-write.js'));
const { toMnemoError } = await import(path.join(dist, 'errors.js'));

process.on('SIGXFSZ', () => {}); // with a file-size limit, writes then fail with EFBIG instead of killing us
const [mode, dataDir] = process.argv.slice(2);
const mem = openMemory({ dataDir, embedder: { kind: 'hashing' }, worker: { background: false } });
const p = mem.profile('full');
const report = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
const filler = (i) => `Note ${i}: ` + Array.from({ length: 600 }, (_, j) => `w${(i * 7919 + j * 104729) % 1000003}`).join(' ');

if (mode === 'fill') {
  const acked = [];
  let failure = null;
  for (let i = 0; i < 100_000 && !failure; i++) {
    try {
      const r = i % 3 === 2
        ? await p.ingest([{ role: 'user', content: filler(i) }], { sessionId: 's' })
        : await p.remember({ content: filler(i) });
      acked.push(r.memory ? { kind: 'memory', id: r.memory.id } : { kind: 'message', id: r.messageIds[0] });
    } catch (err) {
      const seen = toMnemoError(err); // what the HTTP, MCP and CLI adapters report
      failure = { index: i, code: seen.code, message: seen.message, raw: err.code };
    }
  }
  let exportFailure = null;
  const out = path.join(dataDir, 'backup.json');
  try {
    await writeFileAtomic(out, JSON.stringify(await p.export()));
  } catch (err) {
    const seen = toMnemoError(err);
    exportFailure = { code: seen.code, message: seen.message, raw: err.code };
  }
  const leftovers = readdirSync(dataDir).filter((f) => f.includes('.tmp'));
  report({ acked, failure, exportFailure, exportExists: existsSync(out), leftovers });
  await mem.close().catch(() => {});
} else {
  const acked = JSON.parse(process.argv[4]);
  const doc = await p.export();
  const memories = new Set(doc.memories.map((m) => m.id));
  const messages = new Set(doc.messages.map((m) => m.id));
  const missing = acked.filter((a) => !(a.kind === 'memory' ? memories : messages).has(a.id)).length;
  const r = await p.remember({ content: 'After the disk was freed, writes work again.' });
  await p.drain();
  const jobs = await p.jobs();
  report({ missing, memories: doc.memories.length, messages: doc.messages.length, recovered: r.created, jobs });
  await mem.close();
}
