/**
 * Ingest throughput with offline rule extraction and vectors on, in batches of 100, two ways:
 * - `messagesPerSecond`: each `profile.ingest(..., {wait: true})` returns once its messages are
 *   stored, extracted and their memories and vectors written (everything searchable);
 * - `acknowledged`: calls without `wait` (what a client waits for: the messages stored in one
 *   transaction and searchable as raw messages, the extract job queued); the job worker runs
 *   beside them as in a server, and `searchablePerSecond` counts until it has drained.
 * The acknowledged run uses other messages (seed + 1), so neither run finds the other's rows.
 */
import type { ProfileApi } from '../../api.js';
import type { MessageInput } from '../../schemas.js';

export interface IngestMeasurement {
  messages: number;
  memories: number;
  seconds: number;
  messagesPerSecond: number;
  acknowledged?: { ackPerSecond: number; searchablePerSecond: number };
}

export async function measureIngest(profile: ProfileApi, messages: MessageInput[], unwaited?: MessageInput[], batch = 100): Promise<IngestMeasurement> {
  let memories = 0;
  const t = performance.now();
  for (let i = 0; i < messages.length; i += batch) {
    const res = await profile.ingest(messages.slice(i, i + batch), { wait: true });
    memories += res.memories?.length ?? 0;
  }
  const seconds = (performance.now() - t) / 1000;
  const waited = { messages: messages.length, memories, seconds, messagesPerSecond: messages.length / seconds };
  if (!unwaited?.length) return waited;

  const started = performance.now();
  for (let i = 0; i < unwaited.length; i += batch) await profile.ingest(unwaited.slice(i, i + batch));
  const acked = (performance.now() - started) / 1000;
  await profile.drain();
  const searchable = (performance.now() - started) / 1000;
  return { ...waited, acknowledged: { ackPerSecond: unwaited.length / acked, searchablePerSecond: unwaited.length / searchable } };
}
