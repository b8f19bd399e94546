/** The 10K-style profile bench/http-load.ts and bench/recall-cpu.ts seed: one fact per subject, attribute and number. */
import { randomBytes } from 'node:crypto';
import path from 'node:path';

const SUBJECTS = ['billing service', 'search cluster', 'mobile app', 'data pipeline', 'auth gateway', 'web frontend', 'ml trainer', 'cron runner'];
const ATTRS = ['database', 'region', 'owner', 'language', 'deploy day', 'package manager', 'queue', 'cache'];
const VALUES = ['PostgreSQL', 'eu-west-1', 'Dana', 'Rust', 'Tuesday', 'pnpm', 'Kafka', 'Redis', 'SQLite', 'us-east-2', 'Ahmed', 'Go', 'Friday', 'bun', 'NATS', 'Memcached'];

/** A `mnemo-export` document of `count` facts for profile `bench`, importable through POST /import or `profile.import`. */
export function seedDocument(count: number, now = new Date().toISOString()) {
  const memories = Array.from({ length: count }, (_, i) => {
    const s = SUBJECTS[i % SUBJECTS.length], a = ATTRS[Math.floor(i / SUBJECTS.length) % ATTRS.length], v = VALUES[(i * 7) % VALUES.length];
    return {
      id: randomBytes(16).toString('hex'), type: 'fact', content: `The ${s} #${i} uses ${v} as its ${a}.`,
      topicKey: `project.s${i}.${a.replace(/ /g, '_')}`, eventTime: null, sessionId: null, sourceMessageIds: [],
      queries: [`What ${a} does the ${s} #${i} use?`], tags: [], importance: 0.5, status: 'active', supersededBy: null, createdAt: now, updatedAt: now,
    };
  });
  return { format: 'mnemo-export', version: 1, profile: 'bench', exportedAt: now, messages: [], memories, audit: [] };
}

/**
 * Seeds `dir` with that profile through the tree's own library (a baseline tree writes its own,
 * older, schema), its HNSW graph built and saved so every probe searches the same one.
 */
export async function seedWithTree(tree: string, dir: string, count: number): Promise<void> {
  const { openMemory } = await import(path.join(tree, 'src/index.ts'));
  const mnemo = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, recallThreads: 0, onWarning: () => {} });
  const profile = mnemo.profile('bench');
  await profile.import(seedDocument(count));
  await profile.drain();
  await profile.warm();
  await mnemo.close();
}
