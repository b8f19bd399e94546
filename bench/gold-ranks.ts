/**
 * Failure analysis of recall: for each category, where the gold turns outside the first k rank and
 * what links them to the turns that ranked first (the session of a found gold turn, a nearby turn,
 * a word of the question). Reads the same dev sets as bench:locomo and bench:beam.
 *   npx tsx bench/gold-ranks.ts [--bench locomo,beam] [--categories multi-hop,summarization] [--k 10] [--consolidate]
 */
import os from 'node:os';
import path from 'node:path';
import { benchArgs } from '../src/bench/bench-args.js';
import { loadBeam } from '../src/bench/datasets/beam.js';
import { loadLocomo } from '../src/bench/datasets/locomo.js';
import { type MissedGold, missedGold, type TurnPlace } from '../src/bench/gold-ranks.js';
import { tempDirProfiles } from '../src/bench/mnemo-factory.js';
import { mnemoSystem } from '../src/bench/mnemo-system.js';
import { defaultBeamPath, defaultLocomoPath } from '../src/bench/paths.js';
import { isRecallScored } from '../src/bench/types.js';
import { createGloveEmbedder } from '../src/models/embedders/glove/glove-embedder.js';

const args = benchArgs('bench/gold-ranks', 'npx tsx bench/gold-ranks.ts [--bench locomo,beam] [--categories a,b] [--k 10] [--depth 50] [--consolidate]', {
  bench: { type: 'string', default: 'locomo,beam' },
  categories: { type: 'string' },
  k: { type: 'string', default: '10' },
  depth: { type: 'string', default: '50' },
  consolidate: { type: 'boolean', default: false },
});
const benches = args.choices('bench', ['locomo', 'beam']);
const k = args.whole('k', 1);
const depth = args.whole('depth', k);
const only = args.values.categories ? new Set(args.values.categories.split(',')) : null;
const embedder = await createGloveEmbedder({ cacheDir: path.join(os.homedir(), '.cache', 'mnemo', 'models') });
const system = mnemoSystem(tempDirProfiles({ embedder, consolidation: { everyNewMemories: 0 } }), 'mnemo', { consolidate: args.values.consolidate });

interface Tally { questions: number; gold: number; found: number; missed: MissedGold[] }

const sets = benches.map((bench) => ({ bench, conversations: bench === 'beam' ? loadBeam(defaultBeamPath()) : loadLocomo(defaultLocomoPath()) }));
const known = new Set(sets.flatMap((s) => s.conversations.flatMap((c) => c.questions.map((q) => q.category))));
const unknown = [...(only ?? [])].filter((c) => !known.has(c));
if (unknown.length) args.fail(`--categories: no ${unknown.join(', ')} in ${benches.join(', ')}; categories: ${[...known].join(', ')}`);

for (const { bench, conversations } of sets) {
  const tallies = new Map<string, Tally>();
  for (const conversation of conversations) {
    const questions = conversation.questions.filter((q) => isRecallScored(q) && (!only || only.has(q.category)));
    if (questions.length === 0) continue;
    const turns = new Map<string, TurnPlace>(conversation.messages.map((m, index) => [m.metadata.evidenceId, { session: m.sessionId, index, content: m.content }]));
    const prepared = await system.prepare(conversation);
    for (const q of questions) {
      const ranked = [...new Set((await prepared.query(q, depth)).ranked)].slice(0, depth);
      const t = tallies.get(q.category) ?? { questions: 0, gold: 0, found: 0, missed: [] };
      const missed = missedGold(q.question, ranked, q.gold, turns, k);
      t.questions++;
      t.gold += new Set(q.gold).size;
      t.found += ranked.slice(0, k).filter((id) => q.gold.includes(id)).length;
      t.missed.push(...missed);
      tallies.set(q.category, t);
    }
    await prepared.close();
  }
  console.log(`\n## ${bench}: gold turns outside the first ${k} (counts of turns)\n`);
  console.log(`| category | questions | gold | in first ${k} | ${k + 1}..25 | 26..${depth} | beyond ${depth} | session of a found gold | session of the first ${k} | other session | within 2 turns | within 6 | no question word |`);
  console.log('| --- |' + ' ---: |'.repeat(12));
  for (const [category, t] of [...tallies].sort()) {
    const m = t.missed;
    const n = (f: (x: MissedGold) => boolean) => m.filter(f).length;
    console.log(`| ${category} | ${t.questions} | ${t.gold} | ${t.found} | ${n((x) => x.band === `${k + 1}..25`)} | ${n((x) => x.band.startsWith('26..'))} | ${n((x) => x.band === 'beyond')} | ${n((x) => x.session === 'found gold')} | ${n((x) => x.session === 'first k')} | ${n((x) => x.session === 'other')} | ${n((x) => x.distance !== null && x.distance <= 2)} | ${n((x) => x.distance !== null && x.distance <= 6)} | ${n((x) => !x.sharesWord)} |`);
  }
}
