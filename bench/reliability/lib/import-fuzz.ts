/**
 * Import fuzzing, in process: mutated JSON export documents, Markdown folders with hostile
 * frontmatter and bodies, and OpenClaw workspaces with hostile notes and file names. An import
 * must succeed or fail with a MnemoError naming the problem (never `internal`, never another
 * error type).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { MnemoApi } from '../../../src/api.js';
import { MnemoError } from '../../../src/errors.js';
import { importMarkdown, importOpenClaw } from '../../../src/interop/index.js';
import { anyField, anyJson, hostileString } from './hostile.js';
import type { FuzzTally } from './http-fuzz.js';

type Doc = Record<string, unknown>;

/** Replaces the value at a random path of `doc` (objects and arrays) with `value`. */
function setAt(doc: unknown, steps: number[], value: unknown): unknown {
  if (!steps.length || doc === null || typeof doc !== 'object') return value;
  const keys = Object.keys(doc as object);
  if (!keys.length) return value;
  const k = keys[steps[0]! % keys.length]!;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(doc) ? [...doc] : { ...(doc as Doc) };
  (copy as Record<string, unknown>)[k] = setAt((doc as Record<string, unknown>)[k], steps.slice(1), value);
  return copy;
}

export function jsonDocArbitrary(valid: Doc): fc.Arbitrary<unknown> {
  const mutation = fc.record({ steps: fc.array(fc.nat(40), { minLength: 1, maxLength: 4 }), value: fc.oneof(anyField, anyJson, fc.constant(undefined)) });
  return fc.oneof(
    { weight: 6, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => ms.reduce<unknown>((d, m) => setAt(d, m.steps, m.value), valid)) },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: fc.constant(valid) },
  );
}

const frontmatterValue = fc.oneof(hostileString, fc.constantFrom('fact', 'user', 'feedback', 'project', 'reference', '2026-04-15', '[a, b]', '{x: 1}', '|', '>', '&anchor', '*alias', '!!binary', '~', "'"));
const mdFile = fc.record({
  name: fc.oneof(fc.constantFrom('a.md', 'MEMORY.md', 'user_role.md', 'x.MD', 'deep/nested/b.md', '.hidden.md', 'résumé.md'), hostileString.map((s) => `${s.replace(/[/\\\u0000]/g, '_').slice(0, 40) || 'x'}.md`)),
  front: fc.option(fc.dictionary(fc.constantFrom('name', 'description', 'type', 'created', 'updated', 'source', 'tags', 'topicKey', 'x'), frontmatterValue, { maxKeys: 6 }), { nil: undefined }),
  rawFront: fc.option(fc.constantFrom('---\n---\n', '---\nname: a\n', '---\n: :\n---\n', '---\n\t- x\n---\n', '---\nname: &a [*a]\n---\n'), { nil: undefined }),
  body: fc.oneof(hostileString, fc.lorem({ maxCount: 20 }), fc.constant('x'.repeat(40_000))),
});

function renderMd(f: { front?: Record<string, string>; rawFront?: string; body: string }): string {
  if (f.rawFront) return f.rawFront + f.body;
  if (!f.front) return f.body;
  return `---\n${Object.entries(f.front).map(([k, v]) => `${k}: ${v}`).join('\n')}\n---\n${f.body}`;
}

const dailyName = fc.oneof(fc.constantFrom('2026-04-15.md', '2026-02-30.md', '0000-00-00.md', '2026-04-15.txt', 'notes.md'), hostileString.map((s) => `${s.replace(/[/\\\u0000]/g, '_').slice(0, 30) || 'x'}.md`));
const noteLines = fc.array(fc.oneof(hostileString.map((s) => `- ${s}`), fc.constantFrom('# Title', '## Section', '- [ ] open task', '- [x] done', '- Name: Dana', '', '```', '> quote', '- ' + 'y'.repeat(40_000))), { maxLength: 8 }).map((ls) => ls.join('\n'));
const workspace = fc.record({ memory: fc.option(noteLines, { nil: undefined }), daily: fc.array(fc.tuple(dailyName, noteLines), { maxLength: 3 }) });

function acceptable(err: unknown): string | null {
  if (err instanceof MnemoError) return err.code === 'internal' ? `internal: ${err.message.slice(0, 200)}` : null;
  return `${(err as Error)?.name ?? typeof err}: ${String((err as Error)?.message ?? err).slice(0, 200)}`;
}

async function attempt(t: FuzzTally, what: string, request: string, run: () => Promise<unknown>): Promise<void> {
  t.cases++;
  try {
    await run();
    t.statuses[`${what} ok`] = (t.statuses[`${what} ok`] ?? 0) + 1;
  } catch (err) {
    const code = err instanceof MnemoError ? err.code : 'thrown';
    t.statuses[`${what} ${code}`] = (t.statuses[`${what} ${code}`] ?? 0) + 1;
    const problem = acceptable(err);
    if (problem) t.failures.push({ request: request.slice(0, 300), problem });
  }
}

export async function fuzzImports(mnemo: MnemoApi, opts: { runs: number; seed: number; validDoc: Doc; scratchDir: string }): Promise<FuzzTally> {
  const t: FuzzTally = { cases: 0, failures: [], statuses: {} };
  const third = Math.max(1, Math.floor(opts.runs / 3));
  const target = mnemo.profile('fz-import');
  const docs = fc.sample(fc.tuple(jsonDocArbitrary(opts.validDoc), fc.constantFrom('merge', 'replace', 'x')), { numRuns: third, seed: opts.seed });
  for (const [doc, strategy] of docs) {
    await attempt(t, 'json', JSON.stringify(doc) ?? 'undefined', () => target.import(doc, { strategy: strategy as 'merge' }));
  }
  for (const files of fc.sample(fc.array(mdFile, { minLength: 1, maxLength: 3 }), { numRuns: third, seed: opts.seed + 1 })) {
    const dir = mkdtempSync(path.join(opts.scratchDir, 'md-'));
    for (const f of files) {
      mkdirSync(path.dirname(path.join(dir, f.name)), { recursive: true });
      writeFileSync(path.join(dir, f.name), renderMd(f));
    }
    await attempt(t, 'markdown', JSON.stringify(files).slice(0, 300), () => importMarkdown(target, dir));
    rmSync(dir, { recursive: true, force: true });
  }
  for (const ws of fc.sample(workspace, { numRuns: third, seed: opts.seed + 2 })) {
    const dir = mkdtempSync(path.join(opts.scratchDir, 'claw-'));
    if (ws.memory !== undefined) writeFileSync(path.join(dir, 'MEMORY.md'), ws.memory);
    mkdirSync(path.join(dir, 'memory'));
    for (const [name, text] of ws.daily) writeFileSync(path.join(dir, 'memory', name), text);
    await attempt(t, 'openclaw', JSON.stringify(ws).slice(0, 300), () => importOpenClaw(target, dir));
    rmSync(dir, { recursive: true, force: true });
  }
  return t;
}
