/**
 * Dumps every scored question's ranked evidence ids (limit 50, as bench:locomo / bench:beam), the
 * score and channels of each returned turn, and the conversation's turns, for offline failure
 * analysis and re-ranking experiments (bench/rerank-loo.ts reads it).
 *   npx tsx bench/rank-dump.ts --bench locomo|beam --out FILE.json [--tuning '{...RecallTuning}']
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchArgs, jsonArg } from '../src/bench/bench-args.js';
import { loadBeam } from '../src/bench/datasets/beam.js';
import { loadLocomo } from '../src/bench/datasets/locomo.js';
import { buildEvidenceMap, rankedEvidenceIds } from '../src/bench/evidence.js';
import { tempDirProfiles } from '../src/bench/mnemo-factory.js';
import { profileNameFor } from '../src/bench/mnemo-system.js';
import { defaultBeamPath, defaultLocomoPath } from '../src/bench/paths.js';
import { splitOversized } from '../src/bench/split-oversized.js';
import { isRecallScored } from '../src/bench/types.js';
import { LIMITS } from '../src/limits.js';
import { createGloveEmbedder } from '../src/models/embedders/glove/glove-embedder.js';
import { type RecallTuning, setRecallTuning } from '../src/recall/tuning.js';

const args = benchArgs('bench/rank-dump', "npx tsx bench/rank-dump.ts --bench locomo|beam --out FILE.json [--tuning '{...}']", {
  bench: { type: 'string', default: 'locomo' }, out: { type: 'string' }, tuning: { type: 'string' },
});
const bench = args.choice('bench', ['locomo', 'beam']);
const outPath = args.values.out ?? args.fail('--out FILE.json is required');
if (args.values.tuning) setRecallTuning(jsonArg<Partial<RecallTuning>>(args, 'tuning', args.values.tuning));
const embedder = await createGloveEmbedder({ cacheDir: path.join(os.homedir(), '.cache', 'mnemo', 'models') });
const open = tempDirProfiles({ embedder, consolidation: { everyNewMemories: 0 } });
const conversations = bench === 'beam' ? loadBeam(defaultBeamPath()) : loadLocomo(defaultLocomoPath());
const out = [];
for (const conversation of conversations) {
  const opened = await open(profileNameFor(conversation.id));
  const messages = splitOversized(conversation.messages, LIMITS.maxContentChars);
  const stored: string[] = [];
  for (let i = 0; i < messages.length; i += LIMITS.maxMessagesPerIngest) {
    stored.push(...(await opened.profile.ingest(messages.slice(i, i + LIMITS.maxMessagesPerIngest), { wait: true })).messageIds);
  }
  const evidence = buildEvidenceMap(messages, stored.length === messages.length ? stored : undefined);
  const questions = [];
  for (const q of conversation.questions.filter(isRecallScored)) {
    const result = await opened.profile.recall(q.question, { limit: 50, referenceDate: q.referenceDate });
    const turns = result.messages.map((m) => ({ ids: evidence.get(m.id) ?? [], score: m.score, channels: m.channels.map((c) => c.channel) }));
    questions.push({ question: q.question, category: q.category, gold: [...new Set(q.gold)], ranked: rankedEvidenceIds(result, evidence), turns });
  }
  await opened.close();
  out.push({ id: conversation.id, turns: conversation.messages.map((m, index) => ({ id: m.metadata.evidenceId, session: m.sessionId, index, role: m.role, content: m.content })), questions });
}
writeFileSync(outPath, JSON.stringify(out));
