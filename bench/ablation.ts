/**
 * Ablation of the offline recall pipeline: each conversation is ingested once, then every
 * configuration (defaults, each channel off, each ranking step off) answers all questions.
 *   npx tsx bench/ablation.ts [--bench locomo,beam] [--configs '{"name": {...RecallTuning}}'] [--only name,name]
 *     [--consolidate merge,semantic,summary]   (every row answers on profiles consolidated so)
 */
import os from 'node:os';
import path from 'node:path';
import { benchArgs, jsonArg } from '../src/bench/bench-args.js';
import { loadBeam } from '../src/bench/datasets/beam.js';
import { loadLocomo } from '../src/bench/datasets/locomo.js';
import { tempDirProfiles } from '../src/bench/mnemo-factory.js';
import { mnemoSystem } from '../src/bench/mnemo-system.js';
import { defaultBeamPath, defaultLocomoPath } from '../src/bench/paths.js';
import { runBench } from '../src/bench/runner.js';
import type { BenchSystem, PreparedConversation } from '../src/bench/system.js';
import type { BenchConversation } from '../src/bench/types.js';
import { createGloveEmbedder } from '../src/models/embedders/glove/glove-embedder.js';
import { DEFAULT_TUNING, type RecallTuning, setRecallTuning } from '../src/recall/tuning.js';
import { GROUP_KINDS, type ConsolidateOptions } from '../src/consolidation/options.js';

const off = (channel: string) => ({ weights: { [channel]: 0 } });
const DEFAULT_CONFIGS: Record<string, Partial<RecallTuning>> = {
  default: {},
  'previous defaults': { neighbours: 0.25, neighbourRefChars: 0, authorBoost: 0, sessionBoost: 0, misattributionGap: 2 },
  'rrf fusion': { fusion: 'rrf' },
  '- messages': off('messages'),
  '- fulltext': off('fulltext'),
  '- topic_key': off('topic_key'),
  '- vector (memories)': off('vector'),
  '- hyde': off('hyde'),
  '- message vectors': { messageVectorWeight: 0 },
  '- provenance': { provenance: 0 },
  '- neighbours': { neighbours: 0 },
  '- length scaling': { neighbourRefChars: 0 },
  '- session boost': { sessionBoost: 0 },
  '- author boost': { authorBoost: 0 },
  '- time boost': { timeBoost: 1 },
  '- misattribution abstention': { misattributionGap: 2 },
  '- newer restatement wins': { newerWithin: 0 },
  '- answer type boost': { answerTypeBoost: 0 },
  '- troubles': { troubleBoost: 0 },
  '- guidance boost': { guidanceBoost: 0 },
  '- overview ranking': { overviewMode: false },
  '- assistant boost': { assistantBoost: 0 },
  '- own turns (sequence)': { ownTurnsBoost: 0 },
  '- time spread (sequence)': { timeSpread: 1 },
  '- thread names (sequence)': { threads: { ...DEFAULT_TUNING.threads, share: 0 } },
  '- first mentions (sequence)': { firstMention: 0 },
  '- follow-ups (sequence)': { followUps: { ...DEFAULT_TUNING.followUps, share: 0 } },
  '- answers to questions': { answerLift: 0 },
  'answer lift seeds 10': { answerSeeds: 10 },
  '+ lines about someone else demoted': { subjects: { ...DEFAULT_TUNING.subjects, keep: 0.7 } },
  "- named speaker's lines first": { speakerFocus: { ...DEFAULT_TUNING.speakerFocus, keep: 1 } },
  "- named speaker's questions lower": { speakerFocus: { ...DEFAULT_TUNING.speakerFocus, askingKeep: 1 } },
  "- named speaker's session openers": { speakerFocus: { ...DEFAULT_TUNING.speakerFocus, openingGain: 0 } },
  '- second round (named people)': { secondRound: { ...DEFAULT_TUNING.secondRound, weight: 0 } },
  '- exchange pairs (overview)': { overview: { ...DEFAULT_TUNING.overview, exchangeHead: 0 } },
  '- exchange keep (overview)': { overview: { ...DEFAULT_TUNING.overview, exchangeKeep: 0 } },
  '- session spread (across the history)': { acrossHistorySpread: 1 },
  '- named thread (overview)': { overview: { ...DEFAULT_TUNING.overview, entityMaxShare: DEFAULT_TUNING.entityMaxShare, entityWeight: DEFAULT_TUNING.entityWeight } },
  '+ related words + expansions': { relatedWords: true, expansionWeight: 0.2 },
  '+ feedback words (PRF: top 5 turns)': { feedbackTermsWeight: 0.1 },
  '+ feedback vector (PRF: top 5 turns)': { feedbackVectorWeight: 0.1 },
  '+ co-occurrence words (all matching turns)': { feedbackTermsWeight: 0.1, feedback: { docs: 50, terms: 3, vectorShare: 0 } },
  '- salience prior': { salienceWeight: 0 },
  'salience prior 0.25': { salienceWeight: 0.25 },
  '- set questions': { setMode: false },
  '- set: near-copy breadth': { set: { ...DEFAULT_TUNING.set, breadthCopyKeep: 1 } },
  '- set: category members': { set: { ...DEFAULT_TUNING.set, categoryBoost: 0 } },
  '+ set: session spread 0.8': { set: { ...DEFAULT_TUNING.set, breadthSessionKeep: 0.8 } },
  '- entity channel': { entityWeight: 0 },
  'entity channel 0.6': { entityWeight: 0.6 },
  // These four move nothing without consolidation: run with --consolidate merge,semantic,summary.
  '+ gathered memories as pointers': { pointers: { ...DEFAULT_TUNING.pointers, share: 0.5 } },
  '+ topic memory answering first': { topicAnswers: true },
  '- merged memory lifted by its lead turn': { mergeLeadProvenance: false },
  '- topic memory spread (across the history)': { spreadGathered: false },
};

/** Rows with a consolidation pass after ingest (each ingests on its own; the rows above share the plain ingest). */
const CONSOLIDATION_ROWS: Record<string, ConsolidateOptions> = {
  '+ consolidation': {},
  '+ consolidation: all kinds': { kinds: ['merge', 'semantic', 'summary'] },
  '+ consolidation: merges only': { kinds: ['merge'] },
  '+ consolidation: semantic only': { kinds: ['semantic'] },
  '+ consolidation: summaries only': { kinds: ['summary'] },
};

const args = benchArgs('bench/ablation', `npx tsx bench/ablation.ts [--bench locomo,beam] [--configs '{"name": {...RecallTuning}}'] [--only name,name]
  [--consolidate merge,semantic,summary]`, {
  bench: { type: 'string', default: 'locomo,beam' }, configs: { type: 'string' }, only: { type: 'string' }, consolidate: { type: 'string' },
});
const { values } = args;
const configs: Record<string, Partial<RecallTuning>> = values.configs ? jsonArg(args, 'configs', values.configs) : DEFAULT_CONFIGS;
const wanted = values.only ? values.only.split(',') : [...Object.keys(configs), ...Object.keys(CONSOLIDATION_ROWS)];
const unknownRows = wanted.filter((n) => !(n in configs) && !(n in CONSOLIDATION_ROWS));
if (unknownRows.length) args.fail(`--only: no row named ${unknownRows.map((n) => JSON.stringify(n)).join(', ')}; rows: ${[...Object.keys(configs), ...Object.keys(CONSOLIDATION_ROWS)].join(', ')}`);
const benches = args.choices('bench', ['locomo', 'beam']);
const kinds = values.consolidate ? args.choices('consolidate', GROUP_KINDS) : undefined;
const names = wanted.filter((n) => !(n in CONSOLIDATION_ROWS));
const embedder = await createGloveEmbedder({ cacheDir: path.join(os.homedir(), '.cache', 'mnemo', 'models') });
const profiles = tempDirProfiles({ embedder, consolidation: { everyNewMemories: 0 } });
const consolidate = kinds ? { kinds } : undefined;
const base = mnemoSystem(profiles, 'mnemo', { consolidate });
const consolidationSystems = wanted.filter((n) => n in CONSOLIDATION_ROWS).map((n) => withDefaultTuning(mnemoSystem(profiles, n, { consolidate: CONSOLIDATION_ROWS[n] })));

/** Consolidation rows answer with the default recall tuning (the rows above change it per query). */
function withDefaultTuning(system: BenchSystem): BenchSystem {
  return {
    ...system,
    async prepare(conversation) {
      const inner = await system.prepare(conversation);
      return { query: (q, limit) => (setRecallTuning({}), inner.query(q, limit)), close: () => inner.close() };
    },
  };
}

/**
 * One ingest per conversation shared by every configuration; the last one closes it. Each row
 * must find the profile as it was prepared, so no row's order changes another's figures: the
 * bench never runs the job worker after preparing (no fold of the rows' reads, and so no tiering),
 * and each row checks the tiers and access counts are as prepared before its first question.
 */
function sharedSystems(): BenchSystem[] {
  const prepared = new Map<string, Promise<{ inner: PreparedConversation; state: string | undefined }>>();
  const users = new Map<string, number>();
  return names.map((name) => ({
    name,
    answersAbstention: true,
    async prepare(conversation: BenchConversation): Promise<PreparedConversation> {
      let p = prepared.get(conversation.id);
      if (!p) prepared.set(conversation.id, (p = base.prepare(conversation).then(async (inner) => ({ inner, state: await inner.state?.() }))));
      const { inner, state } = await p;
      let checked = false;
      return {
        async query(q, limit) {
          if (!checked) {
            checked = true;
            if ((await inner.state?.()) !== state) throw new Error(`row "${name}": the profile of ${conversation.id} changed since it was prepared (tiers or access counts): a fold ran between rows, so rows would depend on their order`);
          }
          setRecallTuning(configs[name] ?? {});
          return inner.query(q, limit);
        },
        async close() {
          const n = (users.get(conversation.id) ?? 0) + 1;
          users.set(conversation.id, n);
          if (n === names.length) await inner.close();
        },
      };
    },
  }));
}

const fmt = (n: number | undefined) => (n === undefined ? '–' : n.toFixed(1));
for (const bench of benches) {
  const conversations = bench === 'beam' ? loadBeam(defaultBeamPath()) : loadLocomo(defaultLocomoPath());
  const result = await runBench({ benchmark: bench, dataPath: '', conversations, systems: [...sharedSystems(), ...consolidationSystems], scoreF1: bench === 'locomo', progress: false });
  console.log(`\n## ${bench}: ablation (R@k; abstention accuracy / false abstention %; updated-above-original %; F1; p50 ms)\n`);
  console.log('| config | R@5 | R@10 | R@25 | R@50 | abst. | false abst. | upd. first | F1 | p50 |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const s of result.systems) {
    const r = s.recall.overall;
    const a = s.abstention;
    const ku = s.knowledgeUpdate ? fmt(s.knowledgeUpdate.rate) : '–';
    console.log(`| ${s.name} | ${fmt(r['5'])} | ${fmt(r['10'])} | ${fmt(r['25'])} | ${fmt(r['50'])} | ${a ? fmt(a.accuracy) : '–'} | ${a ? fmt(a.falseAbstentionRate) : '–'} | ${ku} | ${fmt(s.f1?.overall)} | ${fmt(s.latency.p50)} |`);
  }
  // R@5 / R@10 / R@25 per category.
  if (process.env.ABLATION_CATEGORIES) {
    for (const s of result.systems) console.log(s.name, JSON.stringify(Object.fromEntries(Object.entries(s.recall.byCategory).map(([c, r]) => [c, `${r['5']?.toFixed(1)} / ${r['10']?.toFixed(1)} / ${r['25']?.toFixed(1)}`]))));
  }
}
setRecallTuning({});
