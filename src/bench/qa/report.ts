/** The text report of `mnemo bench qa`: quality by system and category, retrieval, usage and cost. */
import { fixed, table } from '../markdown.js';
import type { QaResult, SystemSummary } from './summarize.js';

const money = (x: number) => (x === 0 ? '$0' : x < 1 ? `$${x.toFixed(4)}` : `$${x.toFixed(2)}`);
const int = (x: number) => x.toLocaleString('en-US');

function qualityTable(systems: SystemSummary[]): string {
  const rows = systems.map((s) => [
    s.system,
    String(s.overall.n),
    fixed(s.overall.j ?? undefined),
    fixed(s.overall.f1 ?? undefined),
    fixed(s.overall.bleu1 ?? undefined),
    s.abstention ? `${fixed(s.abstention.judge)} / ${fixed(s.abstention.rule)} (n=${s.abstention.n})` : '–',
    fixed(s.jAll ?? undefined),
    s.skipped ? `${s.skipped} skipped (too long)` : '',
  ]);
  return table(['system', 'n', 'J', 'F1', 'BLEU-1', 'abstention judge / rule', 'J incl. abstention', ''], rows);
}

function categoryTable(systems: SystemSummary[]): string {
  const categories = [...new Set(systems.flatMap((s) => Object.keys(s.byCategory)))].sort();
  const rows = categories.map((c) => [
    c,
    String(Math.max(...systems.map((s) => s.byCategory[c]?.n ?? 0))),
    ...systems.flatMap((s) => {
      const x = s.byCategory[c];
      return x ? [fixed(x.j ?? undefined), fixed(x.f1 ?? undefined)] : ['–', '–'];
    }),
  ]);
  return table(['category', 'n', ...systems.flatMap((s) => [`${s.system} J`, `${s.system} F1`])], rows);
}

function usageTable(r: QaResult): string {
  const rows = r.systems.map((s) => [
    s.system,
    int(s.answerTokens.calls + s.judgeTokens.calls),
    int(s.answerTokens.inputTokens),
    int(s.answerTokens.outputTokens),
    int(s.judgeTokens.inputTokens),
    int(s.judgeTokens.outputTokens),
    int(s.contextTokens.mean),
    `${s.latencyMs.p50} / ${s.latencyMs.p95}`,
    money(s.costUsd.answer),
    money(s.costUsd.judge),
    money(s.costUsd.total),
  ]);
  if (r.extraction.calls > 0) {
    rows.push(['extraction (--extract model)', int(r.extraction.calls), int(r.extraction.inputTokens), int(r.extraction.outputTokens), '', '', '', '', money(r.extraction.costUsd), '', money(r.extraction.costUsd)]);
  }
  rows.push(['total', '', '', '', '', '', '', '', '', '', money(r.totalCostUsd)]);
  return table(
    ['system', 'calls', 'answer in', 'answer out', 'judge in', 'judge out', 'context tokens (mean)', 'latency p50 / p95 ms', 'answer cost', 'judge cost', 'cost'],
    rows,
  );
}

export function formatQaReport(r: QaResult): string {
  const p = r.prices;
  const lines = [
    `# Question answering: ${r.format} (${r.conversations} conversation${r.conversations === 1 ? '' : 's'}, ${r.questions} questions)`,
    '',
    `data ${r.data}`,
    `model ${r.model} · judge ${r.judge} · ingest ${r.extract === 'model' ? 'model extraction' : 'offline rules'} · embedder ${r.embedder} · context ≤ ${int(r.maxContextTokens)} tokens`,
    '',
    'J = judge accuracy (%) over answerable questions; F1 and BLEU-1 against the reference answer; abstention = share of',
    'abstention probes the judge accepts / that say "no information available" or "not mentioned" (LoCoMo\'s rule).',
    '',
    qualityTable(r.systems),
    '',
    '## By category',
    '',
    categoryTable(r.systems),
  ];
  if (r.retrieval) {
    const t = r.retrieval;
    lines.push('', `## Retrieval recall (from has_answer, ${t.n} questions)`, '');
    lines.push(table(['level', '@5', '@10', 'in context'], [
      ['turn', fixed(t.turn.at5), fixed(t.turn.at10), fixed(t.turn.inContext)],
      ['session', fixed(t.session.at5), fixed(t.session.at10), fixed(t.session.inContext)],
    ]));
  }
  lines.push(
    '',
    `## Usage and cost (USD per million tokens: model ${p.modelIn} in / ${p.modelOut} out, judge ${p.judgeIn} in / ${p.judgeOut} out)`,
    '',
    usageTable(r),
    '',
    `run: ${int(r.run.calls)} model calls, ${int(r.run.cacheHits)} answers and verdicts from the resume cache, ${r.run.retries} retries, ${r.run.seconds} s`,
    '',
  );
  return lines.join('\n');
}
