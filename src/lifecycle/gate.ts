import type { Candidate, ChannelResult } from '../recall/candidate.js';
import { TIER_REVISION_KEY, type TierLookup } from '../store/lifecycle-store.js';
import type { Store } from '../store/store.js';
import { ArchiveSearch } from './archive.js';

/** What a recall searched: the hot tier, the archive index, the cold tier, the raw messages. */
export type SearchedTier = 'hot' | 'archive' | 'cold' | 'messages';

export interface TierReading {
  searched: SearchedTier[];
  /** One line per step: why recall stopped or escalated. */
  why: string[];
}

/** How many archive members join the cold pass as their own ranked list. */
const ARCHIVE_HITS = 20;

type TierState = TierLookup;

const states = new WeakMap<Store, { rev: string; state: TierState }>();

/**
 * The tiers as the store reads them per recall (SQLite: the archive through its word postings),
 * else the cold set and the archive index loaded whole, reloaded only when a tier changed (a revision in meta).
 */
export async function tierState(store: Store): Promise<TierState> {
  const direct = await store.tierLookup?.();
  if (direct) return direct;
  const rev = (await store.getMeta(TIER_REVISION_KEY)) ?? '0';
  const cached = states.get(store);
  if (cached && cached.rev === rev) return cached.state;
  const [coldIds, entries] = await Promise.all([store.coldMemoryIds(), store.archiveEntries()]);
  const cold = new Set(coldIds);
  const archive = new ArchiveSearch(entries);
  const state: TierState = { hasCold: cold.size > 0, isCold: (id) => cold.has(id), searchArchive: (terms) => archive.search(terms) };
  states.set(store, { rev, state });
  return state;
}

/**
 * Before ranking: escalate at once when a cold memory leads a memory channel (the indexes span
 * both tiers; only ranking, hydration and synthesis are tiered), or when the question names a time
 * (`dated`: its expression), so such a question costs one ranking, not two. The channels then already lead to the cold tier: the archive index is read
 * only when that pass misses too. Pure so it can be tested alone.
 */
export function decideBeforeRanking(s: { coldLeads: string[]; dated?: string | null }): { escalate: boolean; why: string | null } {
  if (s.coldLeads.length > 0) return { escalate: true, why: `a cold memory leads the ${s.coldLeads.join(', ')} channel: ranking cold memories` };
  // Age is what makes a memory cold, and a question naming a time asks for its time's memories.
  if (s.dated) return { escalate: true, why: `the question names a time ("${s.dated}"): ranking cold memories` };
  return { escalate: false, why: null };
}

/** The decision after ranking a pass, pure so it can be tested alone. */
export function decideEscalation(s: { stage: 'hot' | 'cold'; confidence: number; threshold: number; archiveRead?: boolean; messagesSearched?: boolean }): { escalate: boolean; why: string } {
  const conf = `confidence ${s.confidence.toFixed(2)}`;
  if (s.stage === 'hot') {
    if (s.confidence < s.threshold) return { escalate: true, why: `${conf} under ${s.threshold} in the hot tier: searching the archive index and cold memories` };
    return { escalate: false, why: `${conf} reached ${s.threshold} in the hot tier` };
  }
  if (s.confidence < s.threshold && s.messagesSearched) {
    return s.archiveRead === false
      ? { escalate: true, why: `${conf} under ${s.threshold} with cold memories: searching the archive index` }
      : { escalate: false, why: `${conf} under ${s.threshold} with cold memories; the raw messages were searched in the first pass` };
  }
  if (s.confidence < s.threshold) return { escalate: true, why: `${conf} under ${s.threshold} with cold memories: searching ${s.archiveRead === false ? 'the archive index and ' : ''}raw messages` };
  return { escalate: false, why: `${conf} reached ${s.threshold} with cold memories` };
}

export interface GateOptions {
  /** `all` skips the gate: one pass over every tier and the raw messages. */
  tiers: 'auto' | 'all';
  /** Escalate while the pass's confidence is under this. */
  escalateBelow: number;
  /** The raw messages are in the first pass (only memories are tiered); default false: they come last. */
  messagesFirst?: boolean;
}

/**
 * Confidence-gated escalation over the tiers. In a profile with cold memories, the memory
 * channels search once (their indexes span both tiers) and recall ranks the hot hits, with the
 * raw messages (`messagesFirst`, the default: only memories are tiered); a real miss (the
 * confidence under the threshold) looks the question up in the archive index and ranks the cold
 * hits and the archive's members too, without searching again. A cold memory leading a channel
 * ranks the cold hits at once, and the archive joins only when that pass is under the threshold
 * too (reading the archive for a question the channels already answer from the cold tier cost
 * half a recall at 100K). Without `messagesFirst` the raw messages are searched last, after the
 * cold pass, when it is still under the threshold. With `tiers: 'all'`, or nothing cold, one pass
 * searches everything, as recall always did.
 */
export class TierGate {
  private stage: 'hot' | 'cold' | 'done' = 'done';
  private readonly reading: TierReading;
  private memoryResults: ChannelResult[] = [];
  private coldResults: ChannelResult[] = [];
  private terms: string[] = [];
  private archiveRead = false;
  /** The hot pass ranks the cold memory hits beside the turns (they lend them provenance) and returns none of them. */
  private lending = false;

  private constructor(readonly tiered: boolean, private readonly opts: GateOptions, private readonly state: TierState | null, why: string) {
    this.reading = tiered ? { searched: opts.messagesFirst ? ['hot', 'messages'] : ['hot'], why: [] } : { searched: ['hot', 'cold', 'messages'], why: [why] };
    if (tiered) this.stage = 'hot';
  }

  static async open(store: Store, opts: GateOptions): Promise<TierGate> {
    if (opts.tiers === 'all') return new TierGate(false, opts, null, 'tiers: all (gate skipped)');
    const state = await tierState(store);
    if (!state.hasCold) return new TierGate(false, opts, null, 'no cold memories: one pass over everything');
    return new TierGate(true, opts, state, '');
  }

  /**
   * The first pass: `results` (without `messagesFirst`, memory channels only) without the cold memories. When a
   * cold memory leads a channel, or the question names a time (`dated`), the cold tier joins before anything is ranked.
   */
  first(results: ChannelResult[], terms: string[], dated: string | null = null): ChannelResult[] {
    if (!this.tiered || !this.state) return results;
    const { isCold } = this.state;
    this.memoryResults = results;
    this.terms = terms;
    const coldLeads = [...new Set(results.filter((r) => r.hits[0]?.kind === 'memory' && isCold(r.hits[0].id)).map((r) => r.source ?? r.channel))];
    const early = decideBeforeRanking({ coldLeads, dated });
    if (early.escalate) {
      this.reading.why.push(early.why!);
      // The channels already lead to the cold tier: the archive is read only if this pass misses too.
      return this.toCold(false);
    }
    // Only memories are tiered: a cold memory the question matched still vouches for the turn it
    // came from, as it does untiered, so with raw turns in the pass it is ranked and then left out
    // (shown); without them it has nothing to lend to and is left out before ranking.
    this.lending = !!this.opts.messagesFirst && results.some((r) => r.hits.some((h) => h.kind === 'message'));
    if (this.lending) return results;
    return results.map((r) => ({ ...r, hits: r.hits.filter((h) => h.kind !== 'memory' || !isCold(h.id)) }));
  }

  /** A pass's ranking without what it does not return: in the hot pass, the cold memories that only lent their turns provenance. */
  shown(ranked: Candidate[]): Candidate[] {
    if (this.stage !== 'hot' || !this.lending) return ranked;
    const { isCold } = this.state!;
    return ranked.filter((c) => c.kind !== 'memory' || !isCold(c.id));
  }

  /** After ranking a pass: the next pass's channel results, or null to stop. */
  async next(confidence: number, searchMessages: () => Promise<ChannelResult[]>): Promise<ChannelResult[] | null> {
    if (this.stage === 'done') return null;
    const d = decideEscalation({ stage: this.stage, confidence, threshold: this.opts.escalateBelow, archiveRead: this.archiveRead, messagesSearched: this.opts.messagesFirst });
    this.reading.why.push(d.why);
    if (!d.escalate) {
      this.stage = 'done';
      return null;
    }
    if (this.stage === 'hot') return this.toCold(true);
    this.stage = 'done';
    const archive = this.archiveRead ? [] : this.archiveHits();
    if (this.opts.messagesFirst) return archive.length === 0 ? null : [...this.coldResults, ...archive];
    this.reading.searched.push('messages');
    const messages = await searchMessages();
    // Nothing new to rank: the cold pass's ranking stands.
    if (archive.length === 0 && messages.every((r) => r.hits.length === 0)) return null;
    return [...this.coldResults, ...archive, ...messages];
  }

  /** Which tiers were searched and why. */
  tiers(): TierReading {
    return { searched: [...this.reading.searched], why: [...this.reading.why] };
  }

  /**
   * The cold pass: every memory hit, and with `archive` the members of the archive entries the
   * question matches as their own list (without, they join the next pass if there is one).
   */
  private toCold(archive: boolean): ChannelResult[] {
    const archiveHits = archive ? this.archiveHits() : [];
    this.reading.searched.push('cold');
    this.stage = 'cold';
    this.coldResults = [...this.memoryResults, ...archiveHits];
    return this.coldResults;
  }

  /** The cold members of the archive entries the question matches, as one ranked list (none: no list). */
  private archiveHits(): ChannelResult[] {
    const { isCold, searchArchive } = this.state!;
    this.archiveRead = true;
    const match = searchArchive(this.terms);
    const members = match.memberIds.filter((id) => isCold(id)).slice(0, ARCHIVE_HITS);
    if (match.entries.length) this.reading.why.push(`archive index matched ${match.entries.slice(0, 3).map((e) => `${e.kind}:${e.key}`).join(', ')}`);
    this.reading.searched.push('archive');
    return members.length ? [{ channel: 'topic_key', hits: members.map((id, i) => ({ kind: 'memory', id, score: 1 / (i + 1) })) }] : [];
  }
}
