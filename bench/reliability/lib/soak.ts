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
import { type RssParts, rssParts } from './rss-parts.js';

const TEAMS = ['billing', 'search', 'mobile', 'data', 'auth', 'web', 'ml', 'cron', 'payments', 'infra'];
const THINGS = ['database', 'region', 'owner', 'language', 'deploy day', 'package manager', 'queue', 'cache', 'on-call rotation', 'dashboard'];

export interface SoakResult {
  memories: number;
  /** Active (not superseded) memories when the load starts. */
  activeAtStart: number;
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
  /**
   * The highest raw RSS of each window (as `p99ByWindow`), from the 15-second samples: a trend
   * measure, where the peak over one sample after warm-up also holds the GC sawtooth's amplitude.
   */
  rssPeakByWindow: number[];
  rssPeakFirstToLast: number;
  /** Every 15 s of load: seconds, the server's raw RSS, and the rows the profile holds then. */
  series: { s: number; rssMb: number; memories: number; messages: number; parts?: RssParts | null }[];
  /**
   * RSS after a full GC in every thread, at the end of warm-up, every minute and at the end: the
   * first, highest and last (MB), peak / first − 1, and the growth first → end per row written
   * meanwhile (bytes per memory or message added), with the samples.
   */
  afterGc: { firstMb: number; peakMb: number; endMb: number; growth: number; rowsAdded: number; bytesPerRow: number; series: SoakResult['series'] } | null;
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

/**
 * `n` active memories: each fact under a topic key of its own. Left to the classifier, these
 * sentences share ten keys, and all but ten of them were superseded (a profile of 10 memories).
 */
async function seed(dataDir: string, n: number): Promise<void> {
  const mem = openMemory({ dataDir, embedder: { kind: 'hashing' }, worker: { background: false } });
  const p = mem.profile('soak');
  for (let i = 0; i < n; i++) await p.remember({ content: fact(i), topicKey: `service_${i}.stack` });
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

const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));

function afterGcFigures(list: SoakResult['series']): NonNullable<SoakResult['afterGc']> {
  const first = list[0]!;
  const end = list[list.length - 1]!;
  const peakMb = Math.max(...list.map((x) => x.rssMb));
  const rowsAdded = end.memories - first.memories + end.messages - first.messages;
  return {
    firstMb: first.rssMb, peakMb, endMb: end.rssMb, growth: peakMb / first.rssMb - 1, rowsAdded,
    bytesPerRow: rowsAdded > 0 ? Math.round(((end.rssMb - first.rssMb) * 1048576) / rowsAdded) : 0, series: list,
  };
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

function p99(values: number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(0.99 * s.length))]!;
}

export async function soak(dataDir: string, opts: { memories: number; connections: number; seconds: number; warmupSeconds: number; windowSeconds?: number; seed?: number;
  /** At the end of warm-up, every minute and at the end, RSS after a full GC in every server thread (default on). */
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
  const activeAtStart = (counter.prepare(`SELECT count(*) AS n FROM memories WHERE status = 'active'`).get() as { n: number }).n;
  const countRows = () => ({
    memories: (counter.prepare(`SELECT count(*) AS n FROM memories`).get() as { n: number }).n,
    messages: (counter.prepare(`SELECT count(*) AS n FROM messages`).get() as { n: number }).n,
  });
  const gcSamples = opts.gcSamples ?? true;
  // Load time: wall time minus the pauses for GC samples, so the run loads the server for `seconds`.
  let pausedMs = 0;
  let gate: Promise<void> | null = null;
  let inFlight = 0;
  const loadMs = () => Date.now() - started - pausedMs;
  const recorder = setInterval(() => {
    if (!gate) series.push({ s: Math.round(loadMs() / 1000), rssMb: Math.round(lastRss), ...countRows() });
  }, 15_000);
  const sampler = setInterval(() => {
    if (gate) return;
    const mb = rssMb(server.pid!);
    lastRss = mb;
    if (loadMs() >= opts.warmupSeconds * 1000) {
      if (!rssAfterWarmup) rssAfterWarmup = mb;
      rssPeak = Math.max(rssPeak, mb);
    }
  }, 2_000);
  /**
   * RSS after a full GC in every server thread: new requests wait, the ones in flight finish (a
   * busy recall thread handles the GC request only between requests), then SIGUSR2 (gc-probe.mjs).
   */
  const gcSeries: SoakResult['series'] = [];
  const gcSample = async () => {
    const t0 = Date.now();
    // The raw samples' first one after warm-up is taken before this pause's GC, as without pauses.
    if (!rssAfterWarmup && loadMs() >= opts.warmupSeconds * 1000) rssPeak = rssAfterWarmup = lastRss = rssMb(server.pid!);
    let release!: () => void;
    gate = new Promise((res) => (release = res));
    while (inFlight > 0 && Date.now() - t0 < 60_000) await sleep(50);
    server.kill('SIGUSR2');
    await sleep(2_500);
    gcSeries.push({ s: Math.round(loadMs() / 1000), rssMb: Math.round(rssMb(server.pid!)), ...countRows(), parts: rssParts(server.pid!) });
    pausedMs += Date.now() - t0;
    gate = null;
    release();
  };
  let nextGcAt = opts.warmupSeconds * 1000;
  const gcTimer = gcSamples ? setInterval(() => {
    if (gate || loadMs() < nextGcAt || loadMs() >= opts.seconds * 1000) return;
    nextGcAt += 60_000;
    void gcSample();
  }, 500) : null;
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
    samples.push({ at: started + loadMs(), ms: performance.now() - t0 });
    if (res.status >= 300) throw new Error(`${res.status} ${JSON.stringify(body).slice(0, 160)}`);
    if (body.memory) acked.push(body.memory.id);
  };
  await Promise.all(Array.from({ length: opts.connections }, async (_, w) => {
    for (let i = 0; loadMs() < opts.seconds * 1000; i++) {
      if (gate) await gate;
      inFlight++;
      try {
        await op(w, i);
      } catch (err) {
        errors++;
        if (errorSamples.length < 5) errorSamples.push((err as Error).message);
      } finally {
        inFlight--;
      }
    }
  }));
  if (gcTimer) clearInterval(gcTimer);
  while (gate) await sleep(100);
  clearInterval(sampler);
  clearInterval(recorder);
  series.push({ s: Math.round(loadMs() / 1000), rssMb: Math.round(lastRss), ...countRows() });
  if (gcSamples) await gcSample();
  counter.close();
  const afterWarmup = (list: SoakResult['series']) => list.filter((x) => x.s >= opts.warmupSeconds);
  const measured = afterWarmup(series);
  const warm = measured[0] ?? series[series.length - 1]!;
  const end = series[series.length - 1]!;
  const gcMeasured = afterWarmup(gcSeries);
  const exited = new Promise((res) => server.once('exit', res));
  server.kill('SIGTERM');
  await exited;

  const windowMs = (opts.windowSeconds ?? 60) * 1000;
  const windows: number[][] = [];
  for (const s of samples.filter((x) => x.at - started >= opts.warmupSeconds * 1000)) (windows[Math.floor((s.at - started - opts.warmupSeconds * 1000) / windowMs)] ??= []).push(s.ms);
  const p99s = windows.filter((w) => w && w.length > 20).map(p99);
  const rssWindows: number[] = [];
  for (const x of measured) {
    const w = Math.floor(((x.s - opts.warmupSeconds) * 1000) / windowMs);
    rssWindows[w] = Math.max(rssWindows[w] ?? 0, x.rssMb);
  }
  const rssPeaks = rssWindows.filter((x) => x !== undefined);

  const mem = openMemory({ dataDir, embedder: { kind: 'hashing' }, worker: { background: false } });
  const ids = new Set((await mem.profile('soak').export()).memories.map((m) => m.id));
  await mem.close();
  const db = new Database(dbFile, { readonly: true });
  const rows = (t: string) => (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n;
  const result: SoakResult = {
    memories: opts.memories, activeAtStart, connections: opts.connections, seconds: opts.seconds, requests: samples.length, errors, errorSamples,
    p99ByWindow: p99s.map((x) => Math.round(x)), p99FirstToLast: lastOverFirst(p99s),
    rssAfterWarmupMb: Math.round(rssAfterWarmup), rssPeakMb: Math.round(rssPeak), rssGrowth: rssAfterWarmup ? rssPeak / rssAfterWarmup - 1 : 0,
    rssEndMb: Math.round(lastRss), series,
    rssPeakByWindow: rssPeaks, rssPeakFirstToLast: lastOverFirst(rssPeaks),
    afterGc: gcMeasured.length > 1 ? afterGcFigures(gcMeasured) : null, addedAfterWarmup: { memories: end.memories - warm.memories, messages: end.messages - warm.messages },
    lostRemembers: acked.filter((id) => !ids.has(id)).length, jobRows: rows('jobs'), auditRows: rows('audit'),
  };
  db.close();
  return result;
}

/** The last window's figure over the first one's: 1 when there is only one window. */
function lastOverFirst(windows: number[]): number {
  return windows.length > 1 ? windows[windows.length - 1]! / windows[0]! : 1;
}
