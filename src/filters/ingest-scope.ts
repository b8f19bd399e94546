import type { Memory, Metadata } from '../types.js';

type Scope = Partial<Pick<Memory, 'userId' | 'agentId' | 'runId' | 'metadata'>>;

/** The scope given to `ingest` (already validated), carried in the extraction job's payload. */
export function scopePayload(opts: Scope): { scope?: Scope } {
  const scope: Scope = {};
  if (opts.userId !== undefined) scope.userId = opts.userId;
  if (opts.agentId !== undefined) scope.agentId = opts.agentId;
  if (opts.runId !== undefined) scope.runId = opts.runId;
  if (opts.metadata !== undefined) scope.metadata = opts.metadata;
  return Object.keys(scope).length ? { scope } : {};
}

/** What every memory extracted by the job inherits (nothing for jobs enqueued without a scope). */
export function scopeFromPayload(payload: Metadata): Scope {
  const s = payload.scope;
  if (typeof s !== 'object' || s === null) return {};
  const { userId, agentId, runId, metadata } = s as Record<string, unknown>;
  return {
    ...(typeof userId === 'string' ? { userId } : {}),
    ...(typeof agentId === 'string' ? { agentId } : {}),
    ...(typeof runId === 'string' ? { runId } : {}),
    ...(typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata) ? { metadata: metadata as Metadata } : {}),
  };
}
