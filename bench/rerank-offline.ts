/**
 * Depth re-ranking measured offline on rank dumps (bench/rank-dump.ts), without re-running recall.
 * The first `--head` places stay; places head+1..50 are re-ordered by one method:
 *   loo        a logistic reranker over generic features (rank, score, channels, session and
 *              neighbour relations, word and name overlap, length, role), fit on the other
 *              conversations of both dev sets (leave-one-conversation-out) and scored on the held-out one;
 *   spread     a session's n-th turn below the head keeps keep^n of its rank score (MMR-like spread);
 *   neighbours the turns next to the best `--seeds` turns are placed right after the head.
 *   npx tsx bench/rerank-offline.ts --locomo L.json --beam B.json [--method loo|spread|neighbours] [--head 10] [--keep 0.8] [--seeds 5]
 */
import { readFileSync } from 'node:fs';
import { benchArgs } from '../src/bench/bench-args.js';
import { questionEntities } from '../src/recall/answerability.js';
import { keywords } from '../src/text/tokenize.js';
import { fitLogistic, type LogisticModel, scoreLogistic } from '../src/bench/logistic.js';

interface Turn { id: string; session: string; index: number; role: string; content: string }
interface Returned { ids: string[]; score: number; channels: string[] }
interface Question { question: string; category: string; gold: string[]; ranked: string[]; turns?: Returned[] }
interface Dump { id: string; turns: Turn[]; questions: Question[] }
interface Row { bench: string; conversation: string; category: string; gold: string[]; ranked: string[]; features: number[][]; turns: Map<string, Turn>; byIndex: Map<number, Turn> }

const args = benchArgs('bench/rerank-offline', 'npx tsx bench/rerank-offline.ts --locomo L.json --beam B.json [--method loo|spread|neighbours] [--head 10] [--keep 0.8] [--seeds 5]', {
  locomo: { type: 'string' }, beam: { type: 'string' }, method: { type: 'string', default: 'loo' },
  head: { type: 'string', default: '10' }, keep: { type: 'string', default: '0.8' }, seeds: { type: 'string', default: '5' },
});
const method = args.choice('method', ['loo', 'spread', 'neighbours']);
const head = args.whole('head', 0);
const keep = args.number('keep', 0);
const seeds = args.whole('seeds', 1);
const DEPTH = 50;
const AUTHOR = /^[\p{L}][\p{L} .'-]{0,40}:\s/u;
const stem = (w: string) => w.slice(0, 5);

function rowsOf(bench: string, file: string): Row[] {
  const dumps = JSON.parse(readFileSync(file, 'utf8')) as Dump[];
  return dumps.flatMap((d) => {
    const turns = new Map(d.turns.map((t) => [t.id, t]));
    const byIndex = new Map(d.turns.map((t) => [t.index, t]));
    return d.questions.map((q): Row => {
      const ranked = q.ranked.filter((id) => turns.has(id));
      return { bench, conversation: d.id, category: q.category, gold: q.gold, ranked, features: features(q, ranked, turns), turns, byIndex };
    });
  });
}

/** One feature vector per ranked turn (the first DEPTH); the first entry is the intercept. */
function features(q: Question, ranked: string[], turns: Map<string, Turn>): number[][] {
  const returned = new Map<string, Returned>();
  for (const t of q.turns ?? []) for (const id of t.ids) if (!returned.has(id)) returned.set(id, t);
  const best = Math.max(1e-9, ...(q.turns ?? []).map((t) => t.score));
  const asked = new Set(keywords(q.question).map(stem));
  const names = new Set(questionEntities(q.question).map((n) => n.toLowerCase()));
  const headSessions = new Map<string, number>();
  for (const id of ranked.slice(0, 10)) headSessions.set(turns.get(id)!.session, (headSessions.get(turns.get(id)!.session) ?? 0) + 1);
  const top5 = ranked.slice(0, 5).map((id) => turns.get(id)!);
  const seen = new Map<string, number>();
  return ranked.slice(0, DEPTH).map((id, place) => {
    const t = turns.get(id)!;
    const body = t.content.replace(AUTHOR, '');
    const words = new Set(keywords(body).map(stem));
    const lower = body.toLowerCase();
    const r = returned.get(id);
    const near = Math.min(99, ...top5.filter((x) => x !== t && x.session === t.session).map((x) => Math.abs(x.index - t.index)));
    const nth = seen.get(t.session) ?? 0;
    seen.set(t.session, nth + 1);
    return [
      1, Math.log(place + 1), r ? r.score / best : 0, r ? 0 : 1,
      r?.channels.includes('messages') ? 1 : 0, r?.channels.includes('vector') ? 1 : 0, r && r.channels.length === 0 ? 1 : 0,
      (headSessions.get(t.session) ?? 0) / 10, near <= 2 ? 1 : 0, nth,
      [...asked].filter((w) => words.has(w)).length / Math.max(1, asked.size),
      names.size ? [...names].filter((n) => lower.includes(n)).length / names.size : 0,
      Math.log(body.length + 1) / 8, t.role === 'user' ? 1 : 0,
    ];
  });
}

function tailOf(row: Row): { X: number[][]; y: number[] } {
  const X = row.features.slice(head);
  return { X, y: row.ranked.slice(head, DEPTH).map((id) => (row.gold.includes(id) ? 1 : 0)) };
}

function byModel(row: Row, model: LogisticModel): string[] {
  const tail = row.ranked.slice(head, DEPTH).map((id, j) => ({ id, s: scoreLogistic(model, row.features[head + j]!), j }));
  tail.sort((a, b) => b.s - a.s || a.j - b.j);
  return [...row.ranked.slice(0, head), ...tail.map((x) => x.id), ...row.ranked.slice(DEPTH)];
}

function bySpread(row: Row): string[] {
  const count = new Map<string, number>();
  for (const id of row.ranked.slice(0, head)) count.set(row.turns.get(id)!.session, (count.get(row.turns.get(id)!.session) ?? 0) + 1);
  const pool = row.ranked.slice(head, DEPTH).map((id, j) => ({ id, s: 1 / (10 + head + j) }));
  const out = row.ranked.slice(0, head);
  while (pool.length) {
    let bi = 0;
    let bs = -1;
    pool.forEach((x, i) => {
      const s = x.s * keep ** (count.get(row.turns.get(x.id)!.session) ?? 0);
      if (s > bs) [bi, bs] = [i, s];
    });
    const [chosen] = pool.splice(bi, 1);
    out.push(chosen!.id);
    const s = row.turns.get(chosen!.id)!.session;
    count.set(s, (count.get(s) ?? 0) + 1);
  }
  return [...out, ...row.ranked.slice(DEPTH)];
}

function byNeighbours(row: Row): string[] {
  const first = row.ranked.slice(0, head);
  const added: string[] = [];
  for (const id of row.ranked.slice(0, seeds)) {
    const t = row.turns.get(id)!;
    for (const d of [-1, 1]) {
      const n = row.byIndex.get(t.index + d);
      if (n && n.session === t.session && !first.includes(n.id) && !added.includes(n.id)) added.push(n.id);
    }
  }
  return [...first, ...added, ...row.ranked.slice(head).filter((id) => !added.includes(id))];
}

const rows = [
  ...(args.values.locomo ? rowsOf('locomo', args.values.locomo) : []),
  ...(args.values.beam ? rowsOf('beam', args.values.beam) : []),
];
if (rows.length === 0) args.fail('give --locomo and/or --beam dump files (bench/rank-dump.ts)');
const reranked = new Map<Row, string[]>();
if (method === 'loo') {
  for (const held of new Set(rows.map((r) => r.conversation))) {
    const train = rows.filter((r) => r.conversation !== held).map(tailOf);
    const model = fitLogistic(train.flatMap((t) => t.X), train.flatMap((t) => t.y), 0.01);
    for (const r of rows) if (r.conversation === held) reranked.set(r, byModel(r, model));
  }
} else {
  for (const r of rows) reranked.set(r, method === 'spread' ? bySpread(r) : byNeighbours(r));
}

const recallAt = (gold: string[], ranked: string[], k: number) => gold.filter((g) => ranked.slice(0, k).includes(g)).length / gold.length;
const KS = [5, 10, 25, 50];
const fmt = (xs: number[]) => xs.map((x) => (100 * x).toFixed(1)).join(' / ');
const mean = (rs: Row[], get: (r: Row) => string[], k: number) => rs.reduce((a, r) => a + recallAt(r.gold, get(r), k), 0) / rs.length;
console.log(`method ${method}, head ${head}${method === 'spread' ? `, keep ${keep}` : method === 'neighbours' ? `, seeds ${seeds}` : ', leave-one-conversation-out'}: R@5 / 10 / 25 / 50, before → after`);
for (const bench of new Set(rows.map((r) => r.bench))) {
  const rs = rows.filter((r) => r.bench === bench);
  console.log(`| ${bench} (${rs.length}) | ${fmt(KS.map((k) => mean(rs, (r) => r.ranked, k)))} | ${fmt(KS.map((k) => mean(rs, (r) => reranked.get(r)!, k)))} |`);
  for (const category of [...new Set(rs.map((r) => r.category))].sort()) {
    const cs = rs.filter((r) => r.category === category);
    console.log(`| ${bench} ${category} (${cs.length}) | ${fmt(KS.map((k) => mean(cs, (r) => r.ranked, k)))} | ${fmt(KS.map((k) => mean(cs, (r) => reranked.get(r)!, k)))} |`);
  }
}
