/**
 * CPU profile of a block of work via node:inspector (same data as `node --cpu-prof`, but only
 * around the calls of interest), summarized as self time per function and per source file.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export interface CpuHotspot {
  name: string;
  selfMs: number;
  share: number;
}

export interface CpuSummary {
  totalMs: number;
  byFunction: CpuHotspot[];
  byFile: CpuHotspot[];
}

export async function profileCpu(work: () => Promise<void>, saveTo?: string, top = 15): Promise<CpuSummary> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  let profile: unknown;
  try {
    await work();
  } finally {
    profile = (await session.post('Profiler.stop')).profile;
    session.disconnect();
  }
  if (saveTo) writeFileSync(saveTo, JSON.stringify(profile));
  return summarize(profile as { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[] }, top);
}

function summarize(p: { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[] }, top: number): CpuSummary {
  const totalMs = (p.endTime - p.startTime) / 1000;
  const hits = p.nodes.reduce((n, node) => n + (node.hitCount ?? 0), 0) || 1;
  const fn = new Map<string, number>();
  const file = new Map<string, number>();
  for (const node of p.nodes) {
    const h = node.hitCount ?? 0;
    if (h === 0) continue;
    const url = shortUrl(node.callFrame.url);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${url}:${node.callFrame.lineNumber + 1}`;
    fn.set(name, (fn.get(name) ?? 0) + h);
    file.set(url || node.callFrame.functionName, (file.get(url || node.callFrame.functionName) ?? 0) + h);
  }
  const rank = (m: Map<string, number>): CpuHotspot[] =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, h]) => ({ name, selfMs: (h / hits) * totalMs, share: h / hits }));
  return { totalMs, byFunction: rank(fn), byFile: rank(file) };
}

function shortUrl(url: string): string {
  const src = url.lastIndexOf('/src/');
  if (src >= 0) return url.slice(src + 1);
  const nm = url.lastIndexOf('/node_modules/');
  return nm >= 0 ? url.slice(nm + 1) : url.replace(/^file:\/\//, '');
}
