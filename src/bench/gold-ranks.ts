/** Where a question's gold turns rank, and what links a missed one to the turns that ranked first. */
import { questionEntities } from '../recall/answerability.js';
import { keywords } from '../text/tokenize.js';

export interface TurnPlace {
  session: string;
  /** Position in the conversation. */
  index: number;
  content: string;
}

/** A gold turn outside the first `k`: how far down, and how it relates to what was found. */
export interface MissedGold {
  /** `k+1..25`, `26..depth`, or `beyond` (not in the ranking at all). */
  band: string;
  /** In the session of a gold turn found in the first k, else of another of the first k, else neither. */
  session: 'found gold' | 'first k' | 'other';
  /** Turns to the nearest of the first k in the same session (null: none there). */
  distance: number | null;
  /** Whether it holds a word (or word form) of the question other than the names it mentions (its "Name:" author aside). */
  sharesWord: boolean;
}

const AUTHOR = /^[\p{L}][\p{L} .'-]{0,40}:\s/u;

export function missedGold(question: string, ranked: readonly string[], gold: readonly string[], turns: ReadonlyMap<string, TurnPlace>, k = 10): MissedGold[] {
  const first = ranked.slice(0, k);
  const firstTurns = first.map((id) => turns.get(id)).filter((t): t is TurnPlace => !!t);
  const foundSessions = new Set(first.filter((id) => gold.includes(id)).map((id) => turns.get(id)?.session));
  const names = new Set(questionEntities(question));
  // Word forms match by their first five letters (paint, painting), as the confidence's coverage does.
  const asked = new Set(keywords(question).filter((w) => !names.has(w)).map((w) => w.slice(0, 5)));
  const out: MissedGold[] = [];
  for (const id of new Set(gold)) {
    const turn = turns.get(id);
    if (!turn || first.includes(id)) continue;
    const rank = ranked.indexOf(id) + 1;
    const near = firstTurns.filter((t) => t.session === turn.session).map((t) => Math.abs(t.index - turn.index));
    out.push({
      band: rank === 0 ? 'beyond' : rank <= 25 ? `${k + 1}..25` : `26..${ranked.length}`,
      session: foundSessions.has(turn.session) ? 'found gold' : near.length > 0 ? 'first k' : 'other',
      distance: near.length > 0 ? Math.min(...near) : null,
      sharesWord: keywords(turn.content.replace(AUTHOR, '')).some((w) => asked.has(w.slice(0, 5))),
    });
  }
  return out;
}
