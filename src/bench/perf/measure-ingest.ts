/**
 * Ingest throughput through `profile.ingest(..., {wait: true})`: offline rule extraction, vectors
 * on, in batches. The same messages go into the big profile and into an empty one (the baseline).
 */
import type { ProfileApi } from '../../api.js';
import type { MessageInput } from '../../schemas.js';

export interface IngestMeasurement {
  messages: number;
  memories: number;
  seconds: number;
  messagesPerSecond: number;
}

export async function measureIngest(profile: ProfileApi, messages: MessageInput[], batch = 100): Promise<IngestMeasurement> {
  let memories = 0;
  const t = performance.now();
  for (let i = 0; i < messages.length; i += batch) {
    const res = await profile.ingest(messages.slice(i, i + batch), { wait: true });
    memories += res.memories?.length ?? 0;
  }
  const seconds = (performance.now() - t) / 1000;
  return { messages: messages.length, memories, seconds, messagesPerSecond: messages.length / seconds };
}
