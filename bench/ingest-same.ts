/**
 * Whether two trees store the same thing for the same input: the LoCoMo and BEAM dev conversations
 * and `--bench` messages of bench/perf.ts's ingest (rules, vectors, waited) go into one new profile
 * per tree, and each table (messages, memories, entity mentions and counts, row counts, vectors)
 * is compared row by row, columns that hold the time of the run left out. Exits non-zero when they
 * differ.
 *   npx tsx bench/ingest-same.ts --baseline ROOT [--bench 10000]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchArgs } from '../src/bench/bench-args.js';

const args = benchArgs('bench/ingest-same', 'npx tsx bench/ingest-same.ts --baseline ROOT [--bench 10000]', {
  baseline: { type: 'string' },
  bench: { type: 'string', default: '10000' },
});
const { values, fail } = args;
if (!values.baseline || !existsSync(path.join(values.baseline, 'src', 'index.ts'))) fail('--baseline ROOT (another mnemo source tree) is required');
interface Table { columns: string[]; rows: unknown[][] }
const here = path.resolve(import.meta.dirname, '..');
const tsx = path.join(here, 'node_modules', '.bin', 'tsx');
const child = path.join(here, 'src', 'bench', 'ingest-same', 'child.ts');
const work = mkdtempSync(path.join(os.tmpdir(), 'mnemo-ingest-same-'));
try {
  const stored = [path.resolve(values.baseline!), here].map((root, i) => {
    const out = path.join(work, `${i}.json`);
    execFileSync(tsx, [child, root, path.join(work, `p${i}`), out, String(args.whole('bench'))], { stdio: ['ignore', 'inherit', 'inherit'] });
    return JSON.parse(readFileSync(out, 'utf8')) as Record<string, Table>;
  });
  const [base, mine] = stored as [Record<string, Table>, Record<string, Table>];
  let differs = false;
  for (const table of new Set([...Object.keys(base), ...Object.keys(mine)])) {
    const [a, b] = [base[table], mine[table]];
    const columns = a?.columns ?? b!.columns;
    // Rows that differ, counted per column (by position: both sides dump the same columns in the same order).
    const byColumn = new Map<string, number>();
    let rows = 0;
    const [ra, rb] = [a?.rows ?? [], b?.rows ?? []];
    for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
      if (JSON.stringify(ra[i]) === JSON.stringify(rb[i])) continue;
      rows++;
      columns.forEach((c, j) => JSON.stringify(ra[i]![j]) !== JSON.stringify(rb[i]![j]) && byColumn.set(c, (byColumn.get(c) ?? 0) + 1));
    }
    const same = ra.length === rb.length && rows === 0 && JSON.stringify(a?.columns) === JSON.stringify(b?.columns);
    differs ||= !same;
    const detail = same ? '' : `; ${rows} rows differ, by column: ${[...byColumn].map(([c, n]) => `${c} ${n}`).join(', ')}`;
    process.stdout.write(`${same ? 'same' : 'DIFFERENT'}: ${table}, ${ra.length} / ${rb.length} rows${detail}\n`);
  }
  process.exitCode = differs ? 1 : 0;
} finally {
  rmSync(work, { recursive: true, force: true });
}
