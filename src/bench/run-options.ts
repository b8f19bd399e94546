/** Options shared by the LoCoMo and BEAM runs. */
import type { Embedder } from '../models/embedder.js';
import { BASELINE_NAMES, type BaselineName, createBaselines } from './baselines/index.js';
import { cachingEmbedder } from './embed-cache.js';
import { mnemoSystem, type OpenProfile } from './mnemo-system.js';
import type { BenchSystem } from './system.js';
import type { BenchConversation } from './types.js';

export interface BenchRunOptions {
  /** File (LoCoMo) or directory (BEAM); defaults to ../shared/bench next to the repository. */
  dataPath?: string;
  /** Only these conversation ids (LoCoMo `conv-26`, BEAM `beam-3` or `3`). */
  conversations?: string[];
  /** At most this many questions per conversation (the first ones, before filtering). */
  limitQuestions?: number;
  /** Opens a fresh mnemo profile per conversation; without it only the baselines run. */
  openProfile?: OpenProfile;
  /** Embedder for the vector and hybrid baselines; without it they are skipped. */
  embedder?: Embedder;
  baselines?: BaselineName[];
  ks?: number[];
  /** Progress bar on stderr (default: when stderr is a TTY). */
  progress?: boolean;
  /** Adds a "mnemo + consolidation" row: the same, with a consolidation pass after ingest. */
  consolidate?: boolean;
  /** Adds a "mnemo after tiering" row: tiering at today's date after ingest (see MnemoSystemOptions.tier). */
  tiered?: boolean;
}

export function selectConversations(all: BenchConversation[], opts: BenchRunOptions): BenchConversation[] {
  const wanted = opts.conversations?.length ? new Set(opts.conversations) : null;
  const picked = wanted ? all.filter((c) => wanted.has(c.id) || wanted.has(c.id.replace(/^beam-/, ''))) : all;
  if (wanted && picked.length === 0) throw new Error(`no conversation matches ${[...wanted].join(', ')}; have ${all.map((c) => c.id).join(', ')}`);
  const limit = opts.limitQuestions;
  return limit === undefined ? picked : picked.map((c) => ({ ...c, questions: c.questions.slice(0, limit) }));
}

/** mnemo first (the headline row), then the baselines, BM25 leading them. */
export function buildSystems(opts: BenchRunOptions): BenchSystem[] {
  const embedder = opts.embedder ? cachingEmbedder(opts.embedder) : undefined;
  const baselines = createBaselines(opts.baselines ?? [...BASELINE_NAMES], embedder);
  if (!opts.openProfile) return baselines;
  const consolidated = opts.consolidate ? [mnemoSystem(opts.openProfile, 'mnemo + consolidation', { consolidate: true })] : [];
  const tiered = opts.tiered ? [mnemoSystem(opts.openProfile, 'mnemo after tiering', { tier: true })] : [];
  return [mnemoSystem(opts.openProfile), ...consolidated, ...tiered, ...baselines];
}
