import { LIMITS } from '../limits.js';

/** Cuts a long history into ingest calls that each stay within the message and character limits. */
export function ingestBatches<M extends { content: string }>(messages: M[]): M[][] {
  const batches: M[][] = [];
  let batch: M[] = [];
  let chars = 0;
  for (const m of messages) {
    const len = typeof m.content === 'string' ? m.content.length : 0;
    if (batch.length && (batch.length >= LIMITS.maxMessagesPerIngest || chars + len > LIMITS.maxIngestChars)) {
      batches.push(batch);
      batch = [];
      chars = 0;
    }
    batch.push(m);
    chars += len;
  }
  if (batch.length) batches.push(batch);
  return batches;
}
