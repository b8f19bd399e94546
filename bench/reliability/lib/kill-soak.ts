/**
 * SIGKILL soak: a busy mnemo (kill-child.mjs: ingest with background extraction and
 * vectorization, remember, imports, exports, consolidation, HNSW saves) and the `mnemo` CLI
 * (export, import) are killed at seeded random moments, often right as an import, export,
 * consolidation or index save starts. Afterwards every acknowledged write is present exactly
 * once, every job finishes, `PRAGMA integrity_check` passes and the export file is whole.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { createSqliteProvider, openMemory } from '../../../src/index.js';
import { seeded } from '../../../test/fixtures/secrets/random.js';
import { cliPath } from './dist.js';

/** A child that has acknowledged nothing by then is stuck: the soak fails saying so instead of hanging. */
const NO_ACK_LIMIT_MS = 30_000;
const CHILD = fileURLToPath(new URL('./kill-child.mjs', import.meta.url));

export interface KillSoakResult {
  kills: number;
  killedAt: Record<string, number>;
  acknowledged: { messages: number; memories: number; imports: number };
  lost: string[];
  duplicated: string[];
  integrityFailures: number;
  exportFileBroken: boolean;
  jobsLeft: Record<string, number>;
  recallWorks: boolean;
  /** Time to finish every job left behind, after the last kill. */
  drainMs: number;
}

interface Acks {
  messages: Set<string>;
  memories: Set<string>;
  imports: Set<string>;
}

function integrity(dbFile: string): boolean {
  if (!existsSync(dbFile)) return true;
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.pragma('integrity_check', { simple: true }) === 'ok';
  } finally {
    db.close();
  }
}

/** Runs the child until `deadlineMs` or the chosen event, then SIGKILLs it. Returns the moment. */
function killChild(dataDir: string, round: number, acks: Acks, deadlineMs: number, onEvent: string | null, pace: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, dataDir, String(round), String(pace)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let buf = '';
    let moment = 'timer';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    let readyAt = 0;
    const kill = (why: string) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      moment = why;
      child.kill('SIGKILL');
    };
    let silent = false;
    const watchdog = setTimeout(() => {
      silent = true;
      child.kill('SIGKILL');
    }, NO_ACK_LIMIT_MS);
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString();
      const lines = buf.split('\n');
      buf = lines.pop()!;
      for (const line of lines) {
        // The clock starts at the first acknowledged write, so even a slow, loaded machine kills a process that did work.
        if (!readyAt && /^ack (message|memory) /.test(line)) {
          readyAt = Date.now();
          clearTimeout(watchdog);
          timer = setTimeout(() => kill('timer'), deadlineMs);
        }
        if (line.startsWith('ack message ')) line.slice(12).split(',').forEach((id) => acks.messages.add(id));
        else if (line.startsWith('ack memory ')) acks.memories.add(line.slice(11));
        else if (line.startsWith('ack import ')) (JSON.parse(Buffer.from(line.slice(11), 'base64').toString()) as string[]).forEach((c) => acks.imports.add(c));
        // Armed after a short while, so the process has done some work before the worst moment comes.
        else if (onEvent && line === `event ${onEvent}` && readyAt && (onEvent === 'save' || Date.now() - readyAt > deadlineMs / 3)) kill(onEvent);
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(watchdog);
      if (silent) reject(new Error(`child acknowledged no write in ${NO_ACK_LIMIT_MS} ms: ${stderr}`));
      else if (signal !== 'SIGKILL') reject(new Error(`child exited by itself (${code}): ${stderr}`));
      else resolve(moment);
    });
  });
}

/** Kills the real CLI part-way through an export or an import. */
function killCli(dataDir: string, what: 'export' | 'import', afterMs: number): Promise<string> {
  const args = what === 'export'
    ? ['export', '--out', path.join(dataDir, 'cli-backup.json'), '--profile', 'soak', '--data-dir', dataDir]
    : ['import', path.join(dataDir, 'cli-import.json'), '--profile', 'soak-copy', '--data-dir', dataDir];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliPath(), ...args], { stdio: 'ignore', env: { ...process.env, MNEMO_EMBEDDER: 'hashing' } });
    const t = setTimeout(() => child.kill('SIGKILL'), afterMs);
    child.on('exit', () => {
      clearTimeout(t);
      resolve(`cli ${what}`);
    });
  });
}

function validJsonOrAbsent(file: string): boolean {
  if (!existsSync(file)) return true;
  try {
    JSON.parse(readFileSync(file, 'utf8'));
    return true;
  } catch {
    return false;
  }
}

export async function killSoak(dataDir: string, opts: { kills: number; seed: number; maxDelayMs?: number; pace?: number; log?: (line: string) => void }): Promise<KillSoakResult> {
  const log = opts.log ?? (() => {});
  const r = seeded(opts.seed);
  const acks: Acks = { messages: new Set(), memories: new Set(), imports: new Set() };
  const killedAt: Record<string, number> = {};
  let integrityFailures = 0;
  const dbFile = path.join(dataDir, 'profiles', 'soak.db');
  for (let k = 0; k < opts.kills; k++) {
    let moment: string;
    if (k % 6 === 5 && existsSync(dbFile)) {
      const what = k % 12 === 5 ? 'export' : 'import';
      if (what === 'import' && !existsSync(path.join(dataDir, 'cli-import.json'))) writeFileSync(path.join(dataDir, 'cli-import.json'), readFileSync(path.join(dataDir, 'backup.json')));
      moment = await killCli(dataDir, what, r.int(150, 900));
    } else {
      const event = r.pick([null, null, 'save', 'import', 'export', 'consolidate']);
      // To reach an index save, drop the saved HNSW files: the child rebuilds and saves them soon after it opens.
      if (event === 'save' && existsSync(path.dirname(dbFile))) for (const f of readdirSync(path.dirname(dbFile))) if (/\.hnsw$/.test(f)) rmSync(path.join(path.dirname(dbFile), f));
      moment = await killChild(dataDir, k, acks, r.int(200, opts.maxDelayMs ?? 2500), event, opts.pace ?? 1);
    }
    log(`kill ${k}: ${moment}`);
    killedAt[moment] = (killedAt[moment] ?? 0) + 1;
    if (!integrity(dbFile)) integrityFailures++;
  }

  // Restart: jobs left by the dead processes are claimed again once their lease expires.
  const timings: Record<string, number> = {};
  let t = performance.now();
  await new Promise((res) => setTimeout(res, 1600));
  const mem = openMemory({ store: createSqliteProvider({ dataDir, annThreshold: 150 }), embedder: { kind: 'hashing' }, worker: { background: false, leaseMs: 1500 }, onWarning: () => {} });
  try {
    const p = mem.profile('soak');
    log('restart: draining');
    await p.drain();
    log('restart: drained');
    timings.drainMs = Math.round(performance.now() - t);
    t = performance.now();
    const doc = await p.export();
    const messageIds = new Map<string, number>();
    for (const m of doc.messages) messageIds.set(m.id, (messageIds.get(m.id) ?? 0) + 1);
    const memoryIds = new Set(doc.memories.map((m) => m.id));
    const byContent = new Map<string, number>();
    // Consolidation may write a merged memory with its source's words (it carries derivedFrom); that is not a second write.
    const derived = (m: object) => ((m as { derivedFrom?: string[] }).derivedFrom ?? []).length > 0;
    for (const m of doc.memories) if (!derived(m)) byContent.set(m.content, (byContent.get(m.content) ?? 0) + 1);
    const lost = [
      ...[...acks.messages].filter((id) => !messageIds.has(id)).map((id) => `message ${id}`),
      ...[...acks.memories].filter((id) => !memoryIds.has(id)).map((id) => `memory ${id}`),
      ...[...acks.imports].filter((c) => !doc.memories.some((m) => m.content.includes(c))).map((c) => `import ${c}`),
    ];
    const duplicated = [
      ...[...messageIds].filter(([, n]) => n > 1).map(([id]) => `message ${id}`),
      ...[...byContent].filter(([c, n]) => n > 1 && /^\[r\d+ [ni]\d+/.test(c)).map(([c]) => `memory ${c.slice(0, 40)}`),
    ];
    const jobs = await p.jobs();
    log('restart: recall');
    const recall = await p.recall('who owns the service that deploys from main?');
    return {
      kills: opts.kills, killedAt,
      acknowledged: { messages: acks.messages.size, memories: acks.memories.size, imports: acks.imports.size },
      lost, duplicated, integrityFailures: integrityFailures + (integrity(dbFile) ? 0 : 1),
      exportFileBroken: !validJsonOrAbsent(path.join(dataDir, 'backup.json')) || !validJsonOrAbsent(path.join(dataDir, 'cli-backup.json')),
      jobsLeft: { pending: jobs.pending ?? 0, running: jobs.running ?? 0, failed: jobs.failed ?? 0 },
      recallWorks: recall.memories.length > 0,
      drainMs: timings.drainMs ?? 0,
    };
  } finally {
    await mem.close();
  }
}
