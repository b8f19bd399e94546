// SIGKILL soak child: everything a busy mnemo does at once on one profile (ingest with background
// extraction and vectorization, remember, Markdown import, JSON export to a file, consolidation,
// HNSW index saves), printing each acknowledged write. The parent kills it at a random moment.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
const dist = process.env.MNEMO_RELIABILITY_DIST ?? new URL('../../../dist/', import.meta.url).pathname;
const { createSqliteProvider, openMemory } = await import(path.join(dist, 'index.js'));
const { importMarkdown } = await import(path.join(dist, 'interop/index.js'));
const { writeFileAtomic } = await import(path.join(dist, 'interop/fs-write.js'));

const [dataDir, round, pace = '1'] = process.argv.slice(2);
const slow = Number(pace); // > 1 spaces writes out (the short test slice)
const say = (line) => process.stdout.write(`${line}\n`);
const store = createSqliteProvider({ dataDir, annThreshold: 150, onVectorIndexEvent: (e) => e.event === 'ann-built' && say('event save') }); // the save follows the build at once
const mem = openMemory({ store, embedder: { kind: 'hashing' }, worker: { leaseMs: 1500, pollMs: 50 }, onWarning: () => {} });
const p = mem.profile('soak');
let stop = false;
const loop = async (fn, pauseMs) => {
  for (let i = 0; !stop; i++) {
    await fn(i);
    await new Promise((r) => setTimeout(r, pauseMs));
  }
};
const topics = ['deploys', 'the database', 'the release train', 'on-call', 'the cache', 'invoices'];
say('ready');
await Promise.all([
  loop(async (i) => {
    const batch = Array.from({ length: 4 }, (_, j) => ({ role: j % 2 ? 'assistant' : 'user', content: `[r${round} b${i} m${j}] I prefer to handle ${topics[(i + j) % topics.length]} on Tuesdays; ticket ${round}-${i}-${j} is open.` }));
    const r = await p.ingest(batch, { sessionId: `s${round}` });
    say(`ack message ${r.messageIds.join(',')}`);
  }, 5 * slow),
  loop(async (i) => {
    const r = await p.remember({ content: `[r${round} n${i}] Service ${round}-${i} is owned by the platform team and deploys from main.` });
    say(`ack memory ${r.memory.id}`);
  }, 3 * slow),
  loop(async (i) => {
    const dir = path.join(dataDir, 'imports', `r${round}-${i}`);
    mkdirSync(dir, { recursive: true });
    const contents = [0, 1].map((j) => `[r${round} i${i} f${j}] The staging cluster ${round}-${i}-${j} runs in Frankfurt.`);
    contents.forEach((c, j) => writeFileSync(path.join(dir, `note_${j}.md`), `---\nname: note ${j}\ndescription: imported\ntype: project\n---\n${c}\n`));
    say('event import');
    await importMarkdown(p, dir);
    say(`ack import ${Buffer.from(JSON.stringify(contents)).toString('base64')}`);
  }, 150),
  loop(async () => {
    say('event export');
    await writeFileAtomic(path.join(dataDir, 'backup.json'), JSON.stringify(await p.export()));
  }, 250),
  loop(async (i) => {
    await p.recall(`who owns service ${round}-${i}?`); // searches build the HNSW index, which is then saved
  }, 100 * slow),
  loop(async () => {
    if (typeof p.consolidate !== 'function') return;
    say('event consolidate');
    await p.consolidate().catch(() => {});
  }, 400),
]);
