import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as chrono from 'chrono-node';

export const SHARED_BENCH = fileURLToPath(new URL('../../../shared/bench/', import.meta.url));

export interface TestMessage {
  role: 'user' | 'assistant';
  content: string;
  sessionId: string;
  timestamp: string;
  metadata: { diaId: string };
}

/** One LoCoMo conversation as mnemo messages (bench/README.md protocol, step 1). */
export function locomoMessages(sampleId = 'conv-26'): TestMessage[] {
  const data = JSON.parse(readFileSync(`${SHARED_BENCH}locomo-dev.json`, 'utf8')) as Array<Record<string, any>>;
  const conv = data.find((c) => c.sample_id === sampleId)!.conversation as Record<string, any>;
  const out: TestMessage[] = [];
  for (let n = 1; conv[`session_${n}`] || conv[`session_${n}_date_time`]; n++) {
    const turns = conv[`session_${n}`] as Array<Record<string, string>> | undefined;
    if (!turns) continue;
    const when = chrono.parseDate(conv[`session_${n}_date_time`]) ?? new Date(0);
    turns.forEach((t, i) => {
      const caption = t.blip_caption ? ` [shares a photo of ${t.blip_caption}]` : '';
      out.push({
        role: t.speaker === conv.speaker_a ? 'user' : 'assistant',
        content: `${t.speaker}: ${t.text}${caption}`,
        sessionId: `session_${n}`,
        timestamp: new Date(when.getTime() + i * 1000).toISOString(),
        metadata: { diaId: t.dia_id },
      });
    });
  }
  return out;
}
