/**
 * Soak: `mnemo serve` (a separate process, so its RSS is its own) on a profile seeded with N
 * memories takes mixed recall / remember / ingest from C connections for a while. Reports
 * errors, p99 latency per minute, the server's RSS after warm-up and at its peak, and checks
 * every acknowledged remember afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { openMemory } from '../../../src/index.js';
import { seeded } from '../../../test/fixtures/secrets/random.js';
import { cliPath } from './dist.js';

const TEAMS = ['billing', 'search', 'mobile', 'data', 'auth', 'web', 'ml', 'cron', 'payments', 'infra'];
const THINGS = ['database', 'region', 'owner', 'language', 'deploy day', 'package manager', 'queue', 'cache', 'on-call rotation', 'dashboard'];

export interface SoakResult {
  memories: number;
  connections: number;
  seconds: number;
  requests: number;
  errors: number;
  errorSamples: string[];
  /** p99 latency (ms) of each minute (or window) of the run, in order. */
  p99ByWindow: number[];
  p99FirstToLast: number;
  rssAfterWarmupMb: number;
  rssPeakMb: number;
  rssGrowth: number;
  /** RSS at the end of the run (last sample). */
  rssEndMb: number;
  /** Every 15 s: seconds since start, server RSS (after a full GC in every thread, unless gcSamples is off), and the rows the profile holds then. */
  series: { s: number; rssMb: number; memories: number; messages: number }[];
  /** From the series: the first sample after warm-up, the highest and the last one (MB), and peak / first − 1. */
  afterGc: { firstMb: number; peakMb: number; endMb: number; growth: number } | null;
  /** Rows written during the measured part (after warm-up), which the in-memory indexes grow with. */
  addedAfterWarmup: { memories: number; messages: number };
  lostRemembers: number;
  jobRows: number;
  auditRows: number;
}

const freePort = () => new Promise<number>((resolve, reject) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
  s.once('error', reject);
});

function fact(i: number): string {
  return `The ${TEAMS[i % TEAMS.length]} service ${i} uses ${THINGS[(i * 7) % THINGS.length]} number ${i % 97}, reviewed in week ${i % 52}.`;
}

async function seed(dataDir: string, n: number): Promise<void> {
  const mem = openMemory({ dataDir, embedder: { kind: 'hashing' }, worker: { background: false } });
  const p = mem.profile('soak');
  for (let i = 0; i < n; i++) await p.remember({ content: fact(i) });
  await p.drain();
  await mem.close();
}

function serve(dataDir: string, port: number, gcSamples: boolean, probeFile?: string): Promise<ChildProcess> {
  const probe = gcSamples ? ['--expose-gc', '--import', fileURLToPath(new URL('./gc-probe.mjs', import.meta.url))] : [];
  const child = spawn(process.execPath, [...probe, cliPath(), 'serve', '--json', '--port', String(port), '--data-dir', dataDir], {
    env: { ...process.env, MNEMO_EMBEDDER: 'hashing', ...(probeFile ? { MNEMO_PROBE_FILE: probeFile } : {}) }, stdio: ['ignore', 'pipe', 'ignore'], cwd: probeFile ? path.dirname(probeFile) : undefined,
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error('serve did not start')), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (/"url":"http/.test(out)) {
        clearTimeout(t);
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

function p99(values: number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(0.99 * s.length))]!;
}

export async function soak(dataDir: string, opts: { memories: number; connections: number; seconds: number; warmupSeconds: number; windowSeconds?: number; seed?: number;
  /** Every 15 s, a full GC in every server thread, then an RSS sample (default on; off keeps only the raw 2-s samples). */
  gcSamples?: boolean;
  /** Every thread's heap figures per GC, one JSON line each. */
  probeFile?: string }): Promise<SoakResult> {
  await seed(dataDir, opts.memories);
  const port = await freePort();
  const server = await serve(dataDir, port, opts.gcSamples ?? true, opts.probeFile);
  const url = `http://127.0.0.1:${port}/v1/profiles/soak`;
  const r = seeded(opts.seed ?? 64);
  const started = Date.now();
  const samples: { at: number; ms: number }[] = [];
  const acked: string[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  let rssAfterWarmup = 0;
  let rssPeak = 0;
  const dbFile = path.join(dataDir, 'profiles', 'soak.db');
  const series: SoakResult['series'] = [];
  let lastRss = 0;
  const counter = new Database(dbFile, { readonly: true, fileMustExist: true });
  const countRows = () => ({
    memories: (counter.prepare(`SELECT count(*) AS n FROM memories`).get() as { n: number }).n,
    messages: (counter.prepare(`SELECT count(*) AS n FROM messages`).get() as { n: number }).n,
  });
  const gcSamples = opts.gcSamples ?? true;
  let quietUntil = 0;
  const recorder = setInterval(() => {
    if (!gcSamples) {
      series.push({ s: Math.round((Date.now() - started) / 1000), rssMb: Math.round(lastRss), ...countRows() });
      return;
    }
    // The raw samples skip the seconds after a forced GC, so they stay what they were without it.
    quietUntil = Date.now() + 4_000;
    server.kill('SIGUSR2');
    setTimeout(() => series.push({ s: Math.round((Date.now() - started) / 1000), rssMb: Math.round(rssMb(server.pid!)), ...countRows() }), 3_000);
  }, 15_000);
  const sampler = setInterval(() => {
    if (Date.now() < quietUntil) return;
    const mb = rssMb(server.pid!);
    lastRss = mb;
    if (Date.now() - started >= opts.warmupSeconds * 1000) {
      if (!rssAfterWarmup) rssAfterWarmup = mb;
      rssPeak = Math.max(rssPeak, mb);
    }
  }, 2_000);
  const deadline = started + opts.seconds * 1000;
  const op = async (w: number, i: number) => {
    const pick = r.next();
    const t0 = performance.now();
    let res: Response;
    if (pick < 0.6) {
      res = await fetch(`${url}/recall?q=${encodeURIComponent(`what ${THINGS[(w + i) % THINGS.length]} does the ${TEAMS[i % TEAMS.length]} service use?`)}`);
    } else if (pick < 0.85) {
      res = await fetch(`${url}/remember`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: `Soak writer ${w} note ${i}: ${fact(opts.memories + w * 100_000 + i)}` }) });
    } else {
      const messages = [0, 1, 2].map((j) => ({ role: j % 2 ? 'assistant' : 'user', content: `Writer ${w} turn ${i}.${j}: we moved the ${TEAMS[(i + j) % TEAMS.length]} ${THINGS[j]} to version ${i % 40}.` }));
      res = await fetch(`${url}/ingest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages, sessionId: `w${w}` }) });
    }
    const body = (await res.json()) as { memory?: { id: string } };
    samples.push({ at: Date.now(), ms: performance.now() - t0 });
    if (res.status >= 300) throw new Error(`${res.status} ${JSON.stringify(body).slice(0, 160)}`);
    if (body.memory) acked.push(body.memory.id);
  };
  await Promise.all(Array.from({ length: opts.connections }, async (_, w) => {
    for (let i = 0; Date.now() < deadline; i++) {
      try {
        await op(w, i);
      } catch (err) {
        errors++;
        if (errorSamples.length < 5) errorSamples.push((err as Error).message);
      }
    }
  }));
  clearInterval(sampler);
  clearInterval(recorder);
  await new Promise((res) => setTimeout(res, 3_500));
  if (!gcSamples) series.push({ s: Math.round((Date.now() - started) / 1000), rssMb: Math.round(lastRss), ...countRows() });
  counter.close();
  const warm = series.find((x) => x.s >= opts.warmupSeconds) ?? series[series.length - 1]!;
  const end = series[series.length - 1]!;
  const after = series.filter((x) => x.s >= warm.s);
  const exited = new Promise((res) => server.once('exit', res));
  server.kill('SIGTERM');
  await exited;

  const windowMs = (opts.windowSeconds ?? 60) * 1000;
  const measured = samples.filter((s) => s.at - started >= opts.warmupSeconds * 1000);
  const windows: number[][] = [];
  for (const s of measured) (windows[Math.floor((s.at - started - opts.warmupSeconds * 1000) / windowMs)] ??= []).push(s.ms);
  const p99s = windows.filter((w) => w && w.length > 20).map(p99);

  const mem = openMemory({ dataDir, embedder: { kind: 'hashing' }, worker: { background: false } });
  const ids = new Set((await mem.profile('soak').export()).memories.map((m) => m.id));
  await mem.close();
  const db = new Database(dbFile, { readonly: true });
  const rows = (t: string) => (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n;
  const result: SoakResult = {
    memories: opts.memories, connections: opts.connections, seconds: opts.seconds, requests: samples.length, errors, errorSamples,
    p99ByWindow: p99s.map((x) => Math.round(x)), p99FirstToLast: p99s.length > 1 ? p99s[p99s.length - 1]! / p99s[0]! : 1,
    rssAfterWarmupMb: Math.round(rssAfterWarmup), rssPeakMb: Math.round(rssPeak), rssGrowth: rssAfterWarmup ? rssPeak / rssAfterWarmup - 1 : 0,
    rssEndMb: Math.round(lastRss), series,
    afterGc: gcSamples ? { firstMb: warm.rssMb, peakMb: Math.max(...after.map((x) => x.rssMb)), endMb: end.rssMb, growth: Math.max(...after.map((x) => x.rssMb)) / warm.rssMb - 1 } : null, addedAfterWarmup: { memories: end.memories - warm.memories, messages: end.messages - warm.messages },
    lostRemembers: acked.filter((id) => !ids.has(id)).length, jobRows: rows('jobs'), auditRows: rows('audit'),
  };
  db.close();
  return result;
}
