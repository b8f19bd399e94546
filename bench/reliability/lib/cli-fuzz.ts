/**
 * CLI fuzzing: the real `mnemo` binary run with seeded hostile arguments. Every run must end
 * within a deadline with a documented exit code (0, 2–5; 1 is an internal error), no stack
 * trace, and with --json an error line `{"error":{code,message}}` on stderr.
 * Paths the CLI may write to stay inside the campaign's folder.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { ERROR_CODES } from '../../../src/errors.js';
import { hostileString } from './hostile.js';
import type { FuzzTally } from './http-fuzz.js';

const COMMANDS: Record<string, { positional: number; options: string[] }> = {
  ingest: { positional: 1, options: ['--session', '--wait'] },
  remember: { positional: 1, options: ['--type', '--key', '--session', '--event-time', '--tags', '--metadata', '--user'] },
  recall: { positional: 1, options: ['--limit', '--types', '--session', '--date', '--no-synthesize', '--superseded', '--tiers', '--filter'] },
  list: { positional: 0, options: ['--type', '--status', '--session', '--key', '--limit', '--cursor', '--sort', '--filter'] },
  get: { positional: 1, options: [] },
  forget: { positional: 1, options: ['--purge', '--reason', '--filter'] },
  history: { positional: 1, options: [] },
  context: { positional: 0, options: ['--query', '--max-tokens'] },
  export: { positional: 0, options: ['--out', '--format', '--flavor'] },
  import: { positional: 1, options: ['--strategy', '--format'] },
  jobs: { positional: 0, options: ['--drain'] },
  profiles: { positional: 0, options: [] },
  migrate: { positional: 0, options: [] },
  keys: { positional: 1, options: ['--scope'] },
};

/** Commands that serve or watch until stopped: only argument errors are tried on them. */
const FIXED: string[][] = [
  ['serve', '--port', 'notaport'], ['serve', '--port', '99999'], ['mcp', '--profile', '../etc'], ['sync'], ['nosuchcommand'], ['--data-dir'],
  ['list', '--limit', '1e309'], ['recall', ''], ['remember', ' '], ['import', '/etc/passwd'], ['ingest', '/proc/self/status'], ['import', '/'],
];

export interface CliCampaign {
  dir: string;
  /** Files the fuzzer may pass as inputs: valid, broken and hostile. */
  files: string[];
}

export function prepareCliCampaign(dir: string): CliCampaign {
  const inputs = path.join(dir, 'inputs');
  mkdirSync(inputs, { recursive: true });
  const files: Record<string, string> = {
    'ok.jsonl': '{"role":"user","content":"I use vim."}\n{"role":"assistant","content":"Noted."}',
    'broken.jsonl': '{"role":"user","content":"x"}\n{"role":',
    'wrong.json': '{"format":"mnemo-export","version":999,"memories":"no"}',
    'nul.json': '\u0000\u0000{}',
    'deep.json': '['.repeat(100_000) + ']'.repeat(100_000),
    'latin1.jsonl': Buffer.from('{"role":"user","content":"caf\xe9"}', 'latin1').toString('latin1'),
    'huge-line.jsonl': JSON.stringify({ role: 'user', content: 'word '.repeat(40_000) }),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(inputs, name), text);
  mkdirSync(path.join(inputs, 'md-folder'), { recursive: true });
  writeFileSync(path.join(inputs, 'md-folder', 'a.md'), '---\nname: [unclosed\n---\nbody');
  return { dir, files: [...Object.keys(files).map((f) => path.join(inputs, f)), path.join(inputs, 'md-folder'), path.join(inputs, 'missing.json'), inputs] };
}

export function argvArbitrary(c: CliCampaign): fc.Arbitrary<string[]> {
  const fileArg = fc.constantFrom(...c.files);
  const outArg = hostileString.map((s) => path.join(c.dir, 'out', s.replace(/[/\\\u0000]/g, '_').slice(0, 60) || 'x'));
  const value = fc.oneof(hostileString, fc.constantFrom('fact', 'fact,event', 'active', '5', '0', '1001', 'json', 'markdown', 'claude', 'merge', 'replace', 'write', 'read', '{"a":{"gte":1}}', '{"$where":1}', '2026-13-45', 'yesterday'));
  const command = fc.constantFrom(...Object.keys(COMMANDS)).chain((name) => {
    const spec = COMMANDS[name]!;
    const positional = fc.array(name === 'ingest' || name === 'import' ? fileArg : hostileString, { minLength: 0, maxLength: spec.positional + 1 });
    const option = fc.oneof(
      { weight: 5, arbitrary: spec.options.length ? fc.constantFrom(...spec.options).chain((o) => (o === '--out' ? outArg : value).map((v) => [o, v])) : fc.constant([] as string[]) },
      { weight: 1, arbitrary: fc.constantFrom('--nope', '-x', '--', '---', '--limit=', '--profile=../x').map((o) => [o]) },
    );
    return fc.tuple(positional, fc.array(option, { maxLength: 3 })).map(([pos, opts]) => [name, ...pos, ...opts.flat()]);
  });
  const globals = fc.record({
    profile: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('cli', 'cli-2') }, { weight: 1, arbitrary: hostileString }),
    json: fc.boolean(),
  });
  return fc.tuple(command, globals).map(([argv, g]) => [...argv, '--profile', g.profile, ...(g.json ? ['--json'] : [])]);
}

interface RunResult {
  code: number | null;
  signal: string | null;
  stderr: string;
  timedOut: boolean;
}

function runCli(cliPath: string, argv: string[], dataDir: string, timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliPath, ...argv, '--data-dir', dataDir], {
      env: { ...process.env, MNEMO_EMBEDDER: 'hashing', MNEMO_STORE: '', MNEMO_DEBUG: '' }, stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stderr, timedOut });
    });
  });
}

function problemOf(argv: string[], r: RunResult): string | null {
  if (r.timedOut) return 'no exit within the deadline (hang)';
  if (r.signal) return `killed by ${r.signal}`;
  if (/^\s+at .+[:(]\d+:\d+\)?$/m.test(r.stderr) || /Unhandled|uncaught/i.test(r.stderr)) return `stack trace: ${r.stderr.slice(0, 300)}`;
  if (r.code === 1) return `internal error: ${r.stderr.slice(0, 300)}`;
  if (r.code === null || r.code > 5) return `undocumented exit code ${r.code}`;
  if (argv.includes('--json') && r.code !== 0 && r.stderr.trim()) {
    const last = r.stderr.trim().split('\n').pop()!;
    try {
      const e = (JSON.parse(last) as { error?: { code?: string; message?: unknown } }).error;
      if (!e || typeof e.message !== 'string' || !(ERROR_CODES as readonly (string | undefined)[]).includes(e.code)) return `--json error not in the documented shape: ${last.slice(0, 200)}`;
    } catch {
      return `--json error is not JSON: ${last.slice(0, 200)}`;
    }
  }
  return null;
}

export async function fuzzCli(cliPath: string, c: CliCampaign, opts: { runs: number; seed: number; concurrency?: number; timeoutMs?: number }): Promise<FuzzTally> {
  const t: FuzzTally = { cases: 0, failures: [], statuses: {} };
  const queue = [...FIXED, ...fc.sample(argvArbitrary(c), { numRuns: opts.runs, seed: opts.seed })].filter((a) => a.every((x) => !x.includes('\u0000')));
  const dataDir = path.join(c.dir, 'data');
  const worker = async () => {
    for (let argv = queue.shift(); argv; argv = queue.shift()) {
      const r = await runCli(cliPath, argv, dataDir, opts.timeoutMs ?? 30_000);
      t.cases++;
      const key = r.timedOut ? 'hang' : String(r.code ?? r.signal);
      t.statuses[key] = (t.statuses[key] ?? 0) + 1;
      const problem = problemOf(argv, r);
      if (problem) t.failures.push({ request: `mnemo ${argv.map((a) => JSON.stringify(a).slice(0, 60)).join(' ')}`, problem });
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 3 }, worker));
  return t;
}
