/**
 * A process's resident memory by kind (Linux `/proc/PID/smaps`): anonymous memory (JS heaps,
 * native allocations), pages of memory-mapped HNSW graph files, and other file pages (code,
 * SQLite's shared-memory index); MB. Graph pages of a file deleted since it was mapped are
 * counted apart: a view that never lets go of a replaced graph shows there.
 */
import { readFileSync } from 'node:fs';

export interface RssParts {
  anonMb: number;
  graphMb: number;
  deletedGraphMb: number;
  otherFileMb: number;
}

export function rssParts(pid: number): RssParts | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return null;
  }
  const kb = { anon: 0, graph: 0, deletedGraph: 0, otherFile: 0 };
  let file = '';
  for (const line of text.split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      file = head[1]!;
      continue;
    }
    // A file mapping's resident pages are its Rss less its private copies (Anonymous).
    const field = /^(Rss|Anonymous):\s+(\d+) kB/.exec(line);
    if (!field) continue;
    const n = field[1] === 'Rss' ? Number(field[2]) : -Number(field[2]);
    if (n < 0) kb.anon -= n;
    if (file.includes('.usearch')) kb[file.endsWith('(deleted)') ? 'deletedGraph' : 'graph'] += n;
    else if (file.startsWith('/')) kb.otherFile += n;
  }
  const mb = (n: number) => Math.round(n / 102.4) / 10;
  return { anonMb: mb(kb.anon), graphMb: mb(kb.graph), deletedGraphMb: mb(kb.deletedGraph), otherFileMb: mb(kb.otherFile) };
}
