import { isGathered } from '../consolidation/compose.js';
import type { Store } from '../store/store.js';
import type { Candidate } from './candidate.js';
import { termCoverage } from './confidence.js';

/**
 * The raw turn is the evidence: a memory and the messages it was extracted from reinforce each
 * other instead of competing. Each gains `share` × the best own score of its partners; source
 * messages not found by any channel join as candidates. Memories must be hydrated.
 * Gathered memories (consolidation's digests) never take part: without pointers they wait aside
 * (src/recall/gathered-aside.ts); with them `skipGathered` leaves them to gathered-pointers.ts.
 * With `leadOnly`, a merged memory is read as its members were (see memberTurns); `terms` are the question's.
 */
export async function propagateProvenance(store: Store, candidates: Candidate[], share: number, skipGathered = false, leadOnly = false, terms: string[] = []): Promise<Candidate[]> {
  if (share <= 0) return candidates;
  const messages = new Map<string, Candidate>();
  for (const c of candidates) if (c.kind === 'message') messages.set(c.id, c);
  const fromMemories = new Map<string, number>();
  const members = leadOnly ? await memberTurns(store, candidates, terms) : new Map<string, MemberTurns>();
  for (const c of candidates) {
    if (c.kind !== 'memory' || !c.memory) continue;
    if (skipGathered && isGathered(c.memory)) continue;
    const merged = members.get(c.id);
    for (const src of c.memory.sourceMessageIds) {
      fromMemories.set(src, Math.max(fromMemories.get(src) ?? 0, c.own * (merged?.weight.get(src) ?? 1)));
      const msg = messages.get(src);
      if (msg && (!merged || merged.lead.has(src))) c.score = Math.max(c.score, c.own + share * msg.own);
    }
  }
  const missing = [...fromMemories.keys()].filter((id) => !messages.has(id));
  const loaded = missing.length ? await store.getMessages(missing) : [];
  const out = [...candidates];
  for (const message of loaded) {
    out.push({ kind: 'message', id: message.id, message, hits: [], score: 0, own: 0 });
  }
  for (const c of out) {
    const bonus = c.kind === 'message' ? fromMemories.get(c.id) : undefined;
    if (bonus !== undefined) c.score = Math.max(c.score, c.own + share * bonus);
  }
  return out;
}

interface MemberTurns {
  /** The turns of the statement whose words the merge keeps (`derivedFrom[0]`). */
  lead: ReadonlySet<string>;
  /** Per turn, the share of the merge's score it takes (1 unless another member's turn). */
  weight: ReadonlyMap<string, number>;
}

/**
 * A merged memory (consolidation's) keeps one member's words (src/consolidation/kept-statement.ts;
 * a model's rewrite is read the same way), so the question matches it as it matched that statement:
 * it takes its lift from that statement's turns only, as the statement did. Lifted by whichever
 * restatement's turn the question found best, it ranked above every statement it replaced.
 * In turn it lifts each member's turns as that member would have: in proportion to how much of the
 * question the member covers against the kept statement (a restatement in other words the question
 * does not use lifted its turns little before the merge, and still does).
 */
async function memberTurns(store: Store, candidates: Candidate[], terms: string[]): Promise<Map<string, MemberTurns>> {
  const merged = candidates.filter((c) => c.memory && c.memory.derivedFrom.length > 0 && !isGathered(c.memory) && c.memory.sourceMessageIds.length > 1);
  if (merged.length === 0) return new Map();
  const byId = new Map((await store.getMemories([...new Set(merged.flatMap((c) => c.memory!.derivedFrom))])).map((m) => [m.id, m]));
  const out = new Map<string, MemberTurns>();
  for (const c of merged) {
    const [lead, ...rest] = c.memory!.derivedFrom.map((id) => byId.get(id));
    if (!lead) continue;
    const leadCoverage = termCoverage(terms, lead.content);
    const weight = new Map<string, number>();
    for (const m of rest) {
      if (!m) continue;
      const w = leadCoverage > 0 ? Math.min(1, termCoverage(terms, m.content) / leadCoverage) : 1;
      for (const src of m.sourceMessageIds) weight.set(src, Math.max(weight.get(src) ?? 0, w));
    }
    for (const src of lead.sourceMessageIds) weight.set(src, 1);
    out.set(c.id, { lead: new Set(lead.sourceMessageIds), weight });
  }
  return out;
}
