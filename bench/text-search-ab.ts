/**
 * CPU of the in-memory text searches a recall makes (memories and messages, the analysis' words
 * and its related words), for two source trees in one process, alternating question by question,
 * over the text snapshots a kept profile holds; prints p50/p99 per tree, the paired median ratio
 * and on how many questions both gave the same hits and scores.
 *   npx tsx bench/text-search-ab.ts --profile DIR/perf.db --a TREE --b TREE [--runs 300] [--part both|terms|exp|single] [--reps 1]
 * `single`: only the searches of a single phrase (the analysis' words or its related words).
 * Each tree builds its index from the same arrays (the snapshot's main sections, read here).
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { recallQuestions } from '../src/bench/perf/questions.js';
import { resolveEmbedder } from '../src/models/embedders/resolve.js';
import { createOfflineAnalyzer } from '../src/recall/offline-analyzer.js';
import { relatedWordsOf } from '../src/recall/related-words.js';
import { ftsTokens } from '../src/search/fts-tokens.js';

const { values } = parseArgs({
  options: { profile: { type: 'string' }, a: { type: 'string' }, b: { type: 'string' }, runs: { type: 'string', default: '300' },
    part: { type: 'string', default: 'both' }, reps: { type: 'string', default: '1' }, seed: { type: 'string', default: '42' } },
});
if (!values.profile || !values.a || !values.b) throw new Error('usage: --profile DIR/perf.db --a TREE --b TREE [--runs N] [--part both|terms|exp|single]');
if (!['both', 'terms', 'exp', 'single'].includes(values.part!)) throw new Error(`--part must be both, terms, exp or single; got ${JSON.stringify(values.part)}`);
const runs = Number(values.runs);

/** The main index's sections of a saved text snapshot. */
function sections(file: string) {
  const bytes = readFileSync(file);
  const nl = bytes.indexOf(10);
  const header = JSON.parse(bytes.toString('utf8', 0, nl)) as { indexes: { liveTokens: number; sections: Record<string, [number, number]> }[] };
  const body = bytes.subarray(nl + 1);
  const ix = header.indexes[0];
  const copy = (name: string) => {
    const [offset, length] = ix.sections[name];
    return body.buffer.slice(body.byteOffset + offset, body.byteOffset + offset + length) as ArrayBuffer;
  };
  return { terms: Buffer.from(copy('terms')), start: new Int32Array(copy('start')), slots: new Int32Array(copy('slots')), counts: new Uint16Array(copy('counts')),
    ids: new Float64Array(copy('ids')), lengths: new Int32Array(copy('lengths')), liveTokens: ix.liveTokens };
}

type Index = { search(q: { phrases: string[][]; limit: number; scanBudget: number }): unknown };
const engines: { tree: string; mem: Index; msg: Index; cpu: number[]; out: string[] }[] = [];
for (const tree of [values.a, values.b]) {
  const { bm25FromSections } = (await import(path.resolve(tree, 'src/search/bm25-snapshot.ts'))) as { bm25FromSections: (s: unknown) => Index };
  const open = (table: string) => bm25FromSections(sections(`${values.profile}.${table}.bm25`));
  engines.push({ tree, mem: open('memories'), msg: open('messages'), cpu: [], out: [] });
}
const embedder = await resolveEmbedder({ kind: 'glove' }, { cacheDir: path.join(os.homedir(), '.cache', 'mnemo', 'models') });
const analyzer = createOfflineAnalyzer();
const phrasesOf = (terms: string[]) => terms.map((t) => ftsTokens(t)).filter((p) => p.length > 0);
const questions: string[][][][] = [];
for (const q of recallQuestions(Number(values.seed), 1_000_000, runs)) {
  const a = await analyzer.analyze(q.query, { referenceDate: new Date(), topicKeys: [], relatedWords: relatedWordsOf(embedder) });
  const sets = [phrasesOf(a.terms), phrasesOf(a.expansions)];
  questions.push(values.part === 'terms' ? [sets[0]] : values.part === 'exp' ? [sets[1]] : values.part === 'single' ? sets.filter((s) => s.length === 1) : sets);
}
for (let rep = 0; rep < Number(values.reps); rep++) {
  questions.forEach((sets, i) => {
    for (const k of (i + rep) % 2 ? [1, 0] : [0, 1]) {
      const e = engines[k];
      const before = process.cpuUsage();
      const hits = sets.flatMap((phrases) => (phrases.length === 0 ? [] : [
        e.mem.search({ phrases, limit: 65, scanBudget: 20_000 }), e.msg.search({ phrases, limit: 50, scanBudget: 20_000 }),
      ]));
      const d = process.cpuUsage(before);
      e.cpu.push((d.user + d.system) / 1000);
      if (rep === 0) e.out.push(JSON.stringify(hits));
    }
  });
}
const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
for (const e of engines) console.log(`${e.tree}: CPU ms per question p50 ${pct(e.cpu, 0.5).toFixed(2)}, p99 ${pct(e.cpu, 0.99).toFixed(2)}, all ${sum(e.cpu).toFixed(0)}`);
const ratios = engines[0].cpu.map((v, i) => v / engines[1].cpu[i]);
const same = engines[0].out.filter((o, i) => o === engines[1].out[i]).length;
console.log(`a/b paired median ${pct(ratios, 0.5).toFixed(3)}; same hits and scores on ${same} of ${questions.length}; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
