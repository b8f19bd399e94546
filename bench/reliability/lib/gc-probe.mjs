/**
 * Preloaded into the soak's server (`node --expose-gc --import gc-probe.mjs`; worker threads
 * inherit it). On SIGUSR2 the main thread runs a full GC and asks every recall thread to run one
 * too (over a BroadcastChannel), so the soak can read the process's RSS after garbage collection:
 * live data, not the garbage a thread's heap holds until its next major GC. With
 * MNEMO_PROBE_FILE set, every thread appends one JSON line per GC there (RSS, heap used, external,
 * and per V8 heap space the MB it holds and uses: committed but unused pages are anonymous RSS too).
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';
import { BroadcastChannel, isMainThread, threadId } from 'node:worker_threads';

const file = process.env.MNEMO_PROBE_FILE;
const mb = (n) => Math.round((n / 1048576) * 10) / 10;
const started = Date.now();
const channel = new BroadcastChannel('mnemo-soak-gc');
channel.unref();

function collect() {
  const before = process.memoryUsage().rss;
  globalThis.gc?.();
  if (!file) return;
  const m = process.memoryUsage();
  const anon = Number(/RssAnon:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;
  appendFileSync(file, `${JSON.stringify({ thread: threadId, s: Math.round((Date.now() - started) / 1000), rssBeforeGc: mb(before), rss: mb(m.rss), anon: mb(anon), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers), spaces: spaces() })}\n`);
}

/** Per V8 heap space: [MB committed, MB used]. */
function spaces() {
  return Object.fromEntries(getHeapSpaceStatistics().map((x) => [x.space_name.replace(/_space$/, ''), [mb(x.physical_space_size), mb(x.space_used_size)]]));
}

if (isMainThread) {
  process.on('SIGUSR2', () => {
    collect();
    channel.postMessage('gc');
  });
} else {
  channel.onmessage = () => collect();
}
