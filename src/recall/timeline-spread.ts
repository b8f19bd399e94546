import { type Candidate, candidateTime } from './candidate.js';

/**
 * A sequence question wants moments from the whole history, not the best-matching stretch of it:
 * among the first `head` candidates, each pick in turn takes the best score after a penalty of
 * `keep`^n, n being how many earlier picks lie within `share` of the head's time span of it.
 */
export function spreadOverTime(ranked: Candidate[], keep: number, share: number, head = 60): Candidate[] {
  if (keep >= 1 || share <= 0) return ranked;
  const top = ranked.slice(0, head);
  const times = top.map((c) => Date.parse(candidateTime(c) ?? '')).map((t) => (Number.isFinite(t) ? t : null));
  const known = times.filter((t): t is number => t !== null);
  if (known.length < 2) return ranked;
  const window = (Math.max(...known) - Math.min(...known)) * share;
  const picked: number[] = [];
  const left = top.map((c, i) => ({ c, t: times[i] }));
  const out: Candidate[] = [];
  let ceiling = Infinity;
  while (left.length > 0) {
    let best = 0;
    let bestScore = -Infinity;
    left.forEach((x, i) => {
      const near = x.t === null ? 0 : picked.filter((p) => Math.abs(p - x.t!) <= window).length;
      const s = x.c.score * keep ** near;
      if (s > bestScore) [best, bestScore] = [i, s];
    });
    const [{ c, t }] = left.splice(best, 1);
    if (t !== null) picked.push(t);
    ceiling = Math.min(ceiling, bestScore);
    c.score = ceiling;
    out.push(c);
  }
  return [...out, ...ranked.slice(head)];
}
