/** LongMemEval retrieval recall from `has_answer`: turn level and session level, at 5, 10 and in the context. */
import { dedupe, recallAtK } from '../metrics.js';
import type { QaQuestion, RetrievalRecord } from './types.js';

/** LongMemEval turn ids are `<session id>:<turn index>`. */
const sessionOf = (turnId: string) => turnId.slice(0, turnId.lastIndexOf(':'));

/** `ranked`: evidence ids in recall order; `inContext`: those inside the context block. */
export function retrievalRecord(q: QaQuestion, ranked: string[], inContext: string[]): RetrievalRecord | null {
  if (q.abstain || q.goldTurns.length === 0) return null;
  const sessions = dedupe(ranked.map(sessionOf));
  const contextSessions = dedupe(inContext.map(sessionOf));
  const goldSessions = q.goldSessions?.length ? q.goldSessions : dedupe(q.goldTurns.map(sessionOf));
  return {
    questionId: q.id,
    turn: {
      at5: recallAtK(ranked, q.goldTurns, 5),
      at10: recallAtK(ranked, q.goldTurns, 10),
      inContext: recallAtK(inContext, q.goldTurns, inContext.length),
    },
    session: {
      at5: recallAtK(sessions, goldSessions, 5),
      at10: recallAtK(sessions, goldSessions, 10),
      inContext: recallAtK(contextSessions, goldSessions, contextSessions.length),
    },
  };
}
