/**
 * `mnemo bench qa` under failure: the real CLI killed with SIGKILL mid-run and run again (cached
 * answers are not asked again), a server answering 429 with Retry-After and 500, a server that keeps
 * failing, extraction through the model (`--extract model`), and the CLI's exit codes for bad input.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MnemoError } from '../src/errors.js';
import { runQa } from '../src/bench/qa/run.js';
import { CLI, ROOT } from './fixtures/cli/run-cli.js';
import { fakeQaHandler, kindOf } from './fixtures/qa/fake-qa-model.js';
import { type FakeChatRequest, type FakeOpenAI, startFakeOpenAI } from './support/fake-openai-server.js';

const LOCOMO = join(import.meta.dirname, 'fixtures', 'qa', 'locomo-mini.json');
const qa = JSON.parse(readFileSync(LOCOMO, 'utf8'))[0].qa as { question: string; answer?: string }[];
const references = Object.fromEntries(qa.map((q) => [q.question, q.answer]));
const handler = fakeQaHandler(references);

let server: FakeOpenAI;
const root = mkdtempSync(join(tmpdir(), 'mnemo-bench-qa-resume-'));
let dirs = 0;
const freshDir = () => join(root, `run-${++dirs}`);
const children: ChildProcess[] = [];

beforeAll(async () => {
  server = await startFakeOpenAI({ handler });
});
afterEach(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  server.setHandler(handler);
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const promptOf = (r: FakeChatRequest) => r.messages.map((m) => `${m.role}: ${m.content}`).join('\n');

function cli(args: string[]): { child: ChildProcess; done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, MNEMO_DATA_DIR: '', MNEMO_LLM_MODEL: '', MNEMO_LLM_PROVIDER: '', MNEMO_LLM_BASE_URL: '', MNEMO_LLM_API_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

const qaArgs = (dataDir: string) => [
  'bench', 'qa', '--data', LOCOMO, '--model', `fake-model@${server.url}`, '--embedder', 'hashing',
  '--concurrency', '1', '--no-progress', '--data-dir', dataDir, '--json',
];

describe('bench qa resumes after a kill', () => {
  it('a run killed with SIGKILL continues where it stopped: cached answers and verdicts are not asked again', async () => {
    const dataDir = freshDir();
    const start = server.requests.length;
    const KILL_AT = 7;
    let first!: ReturnType<typeof cli>;
    server.setHandler((req) => {
      if (req.index - start === KILL_AT) {
        first.child.kill('SIGKILL');
        return { content: 'never delivered', delayMs: 300 };
      }
      return handler(req);
    });
    first = cli(qaArgs(dataDir));
    const killed = await first.done;
    expect(killed.signal).toBe('SIGKILL');
    const beforeKill = server.requests.slice(start, start + KILL_AT);
    const inFlight = server.requests[start + KILL_AT]!;
    expect(server.requests.length - start).toBe(KILL_AT + 1);

    server.setHandler(handler);
    const resumedAt = server.requests.length;
    const second = await cli(qaArgs(dataDir)).done;
    expect(second.code, second.stderr).toBe(0);
    const resumed = server.requests.slice(resumedAt);
    const asked = new Set(resumed.map(promptOf));
    for (const r of beforeKill) expect(asked.has(promptOf(r))).toBe(false);
    expect(asked.has(promptOf(inFlight))).toBe(true);
    const result = JSON.parse(second.stdout);
    expect(result.run.calls).toBe(resumed.length);
    expect(result.run.cacheHits).toBeGreaterThanOrEqual(KILL_AT);

    // The two runs together asked exactly what one uninterrupted run asks.
    const fullStart = server.requests.length;
    const whole = await runQa({ dataPath: LOCOMO, model: `fake-model@${server.url}`, embedder: 'hashing', dataDir: freshDir(), concurrency: 1 }, { env: {} });
    expect(server.requests.length - fullStart).toBe(KILL_AT + resumed.length);
    expect(result.systems.map((s: { overall: unknown }) => s.overall)).toEqual(whole.systems.map((s) => s.overall));
  });
});

describe('bench qa against a failing server', () => {
  it('retries a 429 after its Retry-After and a 500 with backoff, then scores normally', async () => {
    const start = server.requests.length;
    server.script(
      { status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'Rate limit reached', type: 'rate_limit_exceeded' } } },
      { status: 500, body: { error: { message: 'internal error' } } },
    );
    const result = await runQa(
      { dataPath: LOCOMO, model: `fake-model@${server.url}`, embedder: 'hashing', dataDir: freshDir(), limitQuestions: 1, baselines: [], retryBaseMs: 200 },
      { env: {} },
    );
    const reqs = server.requests.slice(start);
    expect(reqs.length).toBe(4);
    expect(promptOf(reqs[1]!)).toBe(promptOf(reqs[0]!));
    expect(promptOf(reqs[2]!)).toBe(promptOf(reqs[0]!));
    expect(reqs[1]!.at - reqs[0]!.at).toBeGreaterThanOrEqual(950);
    // Second attempt without Retry-After: base × 2.
    expect(reqs[2]!.at - reqs[1]!.at).toBeGreaterThanOrEqual(380);
    expect(result.run.retries).toBe(2);
    expect(result.systems[0]!.overall).toEqual({ n: 1, j: 100, f1: 100, bleu1: 100 });
  });

  it('gives up after --retries with a model_error naming the flag and the status, keeping what was answered', async () => {
    const dataDir = freshDir();
    let answered = 0;
    server.setHandler((req) => (kindOf(req) === 'answer' && ++answered > 1 ? { status: 503, body: { error: { message: 'overloaded' } } } : handler(req)));
    const err = await runQa(
      { dataPath: LOCOMO, model: `fake-model@${server.url}`, embedder: 'hashing', dataDir, baselines: [], concurrency: 1, retries: 2, retryBaseMs: 10 },
      { env: {} },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MnemoError);
    expect((err as MnemoError).code).toBe('model_error');
    expect((err as MnemoError).message).toMatch(/^--model fake-model@http:.*HTTP 503.* after 3 attempts/);
    server.setHandler(handler);
    const start = server.requests.length;
    const result = await runQa({ dataPath: LOCOMO, model: `fake-model@${server.url}`, embedder: 'hashing', dataDir, baselines: [], concurrency: 1 }, { env: {} });
    expect(result.run.cacheHits).toBe(2);
    expect(server.requests.length - start).toBe(10);
  });
});

describe('bench qa --extract model', () => {
  it('extracts memories with the model, reports the extraction tokens, and recalls what the model extracted', async () => {
    server.setHandler((req) => {
      if (req.text.includes('<transcript>')) {
        return {
          json: {
            memories: [
              { type: 'fact', content: "Ada's cat is a grey cat called Pixel (model-extracted).", topicKey: 'ada.cat', eventTime: null, lines: [1], questions: ["What is Ada's cat called?", 'Does Ada have a pet?', "What is the name of Ada's cat?"], importance: 0.7 },
            ],
          },
        };
      }
      return handler(req);
    });
    const result = await runQa(
      { dataPath: LOCOMO, model: `fake-model@${server.url}`, embedder: 'hashing', dataDir: freshDir(), extract: 'model', limitQuestions: 1, baselines: [], prices: { modelIn: 1, modelOut: 2, judgeIn: 0, judgeOut: 0 } },
      { env: {} },
    );
    expect(result.extract).toBe('model');
    expect(result.extraction.calls).toBeGreaterThan(0);
    expect(result.extraction.costUsd).toBeCloseTo((result.extraction.inputTokens * 1 + result.extraction.outputTokens * 2) / 1e6, 10);
    const answer = server.requests.filter((r) => kindOf(r) === 'answer').pop()!;
    expect(answer.text).toContain('(model-extracted)');
  });
});

describe('the bench qa command line', () => {
  it('exits 2 naming the flag for a negative budget and an unknown format, 5 for an unreachable judge, without a model call', async () => {
    const start = server.requests.length;
    const negative = await cli([...qaArgs(freshDir()), '--max-context-tokens', '-5']).done;
    expect(negative.code).toBe(2);
    expect(negative.stderr).toMatch(/--max-context-tokens: must not be negative/);
    const unknown = await cli([...qaArgs(freshDir()).map((a) => (a === LOCOMO ? join(import.meta.dirname, 'fixtures', 'qa', 'unknown-format.json') : a))]).done;
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown data format/);
    const judge = await cli([...qaArgs(freshDir()), '--judge', 'judge@http://127.0.0.1:9/v1']).done;
    expect(judge.code).toBe(5);
    expect(judge.stderr).toMatch(/judge judge@http:\/\/127\.0\.0\.1:9\/v1: cannot reach/);
    expect(server.requests.length).toBe(start);
  });
});
