/** Markdown report of a run: the first system, each baseline under it, and a first / BM25 ratio row. */
import { fixed, ratio, table } from './markdown.js';
import type { BenchResult, RecallByK, SystemResult } from './result.js';

const BM25 = 'BM25';

/** The ratio row compares the headline system (first) with BM25, when both are present. */
function ratioPair(result: BenchResult): [SystemResult, SystemResult] | null {
  const head = result.systems[0];
  const bm25 = result.systems.find((s) => s.name === BM25);
  return head && bm25 && head !== bm25 ? [head, bm25] : null;
}

function recallRows(result: BenchResult, pick: (s: SystemResult) => RecallByK | undefined, ks: number[]): string[][] {
  const rows = result.systems.map((s) => [s.name, ...ks.map((k) => fixed(pick(s)?.[String(k)]))]);
  const pair = ratioPair(result);
  if (pair) rows.push([`${pair[0].name} / ${BM25}`, ...ks.map((k) => ratio(pick(pair[0])?.[String(k)], pick(pair[1])?.[String(k)]))]);
  return rows;
}

function overallTable(result: BenchResult): string {
  const { ks } = result;
  const rows = recallRows(result, (s) => s.recall.overall, ks).map((row, i) => {
    const s = result.systems[i];
    if (!s) return [...row, '', '', '', ''];
    return [...row, fixed(s.latency.p50), fixed(s.latency.p95), fixed(s.latency.p99), fixed(s.ingestMs / 1000, 2)];
  });
  return table(['system', ...ks.map((k) => `R@${k}`), 'recall p50 ms', 'p95 ms', 'p99 ms', 'ingest s'], rows);
}

/** Categories as rows, systems as columns: stays readable with BEAM's ten abilities. */
function categoryTable(result: BenchResult, k: number): string {
  const categories = result.categories.filter((c) => result.systems.some((s) => s.recall.byCategory[c]));
  const cell = (s: SystemResult, c: string) => s.recall.byCategory[c]?.[String(k)];
  const pair = ratioPair(result);
  const rows = categories.map((c) => {
    const count = result.systems[0]?.questions.filter((q) => q.scored && q.category === c).length ?? 0;
    const row = [`${c} (${count})`, ...result.systems.map((s) => fixed(cell(s, c)))];
    return pair ? [...row, ratio(cell(pair[0], c), cell(pair[1], c))] : row;
  });
  const header = ['category (questions)', ...result.systems.map((s) => s.name)];
  return table(pair ? [...header, `${pair[0].name} / ${BM25}`] : header, rows);
}

type Column = [header: string, cell: (s: SystemResult) => string | undefined];

const ANSWER_COLUMNS: Column[] = [
  ['token F1', (s) => s.f1 && `${fixed(s.f1.overall)} (${s.f1.questions})`],
  ['abstention accuracy', (s) => s.abstention && `${fixed(s.abstention.accuracy)} (${s.abstention.correct}/${s.abstention.total})`],
  ['false abstention %', (s) => s.abstention && fixed(s.abstention.falseAbstentionRate)],
  ['updated ranks above original %', (s) => s.knowledgeUpdate && `${fixed(s.knowledgeUpdate.rate)} (${s.knowledgeUpdate.updatedFirst}/${s.knowledgeUpdate.total})`],
];

/** Answer quality, abstention and knowledge-update ordering: only the columns some system has. */
function answerTable(result: BenchResult): string | null {
  const columns = ANSWER_COLUMNS.filter(([, cell]) => result.systems.some((s) => cell(s) !== undefined));
  if (columns.length === 0) return null;
  const rows = result.systems.map((s) => [s.name, ...columns.map(([, cell]) => cell(s) ?? '–')]);
  return table(['system', ...columns.map(([header]) => header)], rows);
}

export function formatReport(result: BenchResult): string {
  const parts = [
    `## ${result.benchmark}: evidence recall@k over ${result.scoredQuestions} questions`,
    `Data: \`${result.dataPath}\`; conversations: ${result.conversations.join(', ')}.`,
    overallTable(result),
    ...result.ks.flatMap((k) => [`### R@${k} by category`, categoryTable(result, k)]),
  ];
  if (result.systems.some((s) => s.name === 'vector') && result.systems.some((s) => s.name.startsWith('hybrid'))) {
    parts.splice(3, 0, 'Vector and hybrid share one embedding cache, so the hybrid ingest time excludes embedding.');
  }
  const answers = answerTable(result);
  if (answers) parts.push('### Answers, abstention, knowledge updates', answers);
  return parts.join('\n\n') + '\n';
}
