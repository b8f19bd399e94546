import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openMemory } from '../src/index.js';
import { locomoMessages } from './support/locomo.js';

const child = fileURLToPath(new URL('./support/crash-child.mjs', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'mnemo-crash-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Runs the child until it has acknowledged `acks` batches, then SIGKILLs it. */
function ingestAndKill(dataDir: string, file: string, acks: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, dataDir, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    const acked: string[] = [];
    let buf = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      const lines = buf.split('\n');
      buf = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('ack ')) acked.push(...line.slice(4).split(','));
        if (acked.length >= acks * 10 && proc.exitCode === null) proc.kill('SIGKILL');
      }
    });
    proc.on('error', reject);
    proc.on('exit', () => resolve(acked));
  });
}

describe('crash safety', () => {
  it('loses nothing acknowledged, duplicates nothing, and finishes pending jobs after a SIGKILL', async () => {
    const messages = locomoMessages('conv-30').slice(0, 300);
    const dataDir = tempDir();
    const file = path.join(dataDir, 'msgs.json');
    writeFileSync(file, JSON.stringify(messages));
    const acked = await ingestAndKill(dataDir, file, 8);
    expect(acked.length).toBeGreaterThanOrEqual(80);

    const mem = openMemory({ dataDir, embedder: false, worker: { background: false, leaseMs: 500 } });
    const p = mem.profile('crash');
    await new Promise((r) => setTimeout(r, 600));
    await p.drain();
    const dump = await p.export();
    const storedIds = new Set(dump.messages.map((m) => m.id));
    for (const id of acked) expect(storedIds.has(id)).toBe(true);
    expect(dump.messages.length).toBe(storedIds.size);
    expect(dump.messages.length % 10).toBe(0);
    const jobs = await p.jobs();
    expect(jobs.pending + jobs.running + jobs.failed).toBe(0);

    // The same messages ingested without a crash give exactly the same memories.
    const stored = [...dump.messages].sort((a, b) => a.seq - b.seq);
    const ref = openMemory({ dataDir: tempDir(), embedder: false, worker: { background: false } });
    const rp = ref.profile('crash');
    for (let i = 0; i < stored.length; i += 10) {
      await rp.ingest(stored.slice(i, i + 10).map((m) => ({ role: m.role, content: m.content, sessionId: m.sessionId, timestamp: m.timestamp!, metadata: m.metadata ?? undefined })), { wait: true });
    }
    const key = (m: { type: string; content: string; status: string }) => `${m.type}|${m.status}|${m.content}`;
    const got = dump.memories.map(key).sort();
    const want = (await rp.export()).memories.map(key).sort();
    expect(got).toEqual(want);
    await ref.close();
    await mem.close();
  });
});
