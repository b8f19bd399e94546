import type { Command } from 'commander';
import type { ProfileApi, RecallResult } from '../../api.js';
import type { Memory } from '../../types.js';
import { globals, openMnemo, profileGiven } from '../context.js';
import { DEMO_MESSAGES, DEMO_QUESTIONS, DEMO_SESSION } from '../demo-conversation.js';
import { emit, oneLine } from '../output.js';

export interface DemoResult {
  profile: string;
  ingested: number;
  memories: Memory[];
  recalls: RecallResult[];
}

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description('ingest a short built-in developer chat and recall from it (offline, no key needed)')
    .addHelpText('after', '\nUses the profile "demo" unless --profile is given. Example:\n  mnemo demo --data-dir /tmp/mnemo-demo')
    .action(async (_opts: unknown, cmd: Command) => {
      const g = globals(cmd);
      const mnemo = await openMnemo(g);
      try {
        await runDemo(mnemo.profile(profileGiven(cmd) ? g.profile : 'demo'), { json: g.json });
      } finally {
        await mnemo.close();
      }
    });
}

/** Ingests the sample chat (idempotent), waits for extraction, runs two recalls and prints it all. */
export async function runDemo(profile: ProfileApi, out: { json: boolean }): Promise<DemoResult> {
  const ingest = await profile.ingest(DEMO_MESSAGES, { sessionId: DEMO_SESSION, wait: true });
  const memories = (await profile.list({ sessionId: DEMO_SESSION, limit: 100 })).items;
  const recalls: RecallResult[] = [];
  for (const q of DEMO_QUESTIONS) recalls.push(await profile.recall(q, { limit: 3, referenceDate: '2026-04-15T12:00:00Z' }));
  const result: DemoResult = { profile: profile.name, ingested: ingest.inserted, memories, recalls };
  emit(out.json, result, () => [
    `Ingested a ${DEMO_MESSAGES.length}-message developer chat into profile "${profile.name}"${ingest.inserted ? '' : ' (already there)'}.`,
    `mnemo extracted ${memories.length} memories offline:`,
    ...memories.map((m) => `  - ${m.type}${m.topicKey ? ` [${m.topicKey}]` : ''}: ${oneLine(m.content, 100)}`),
    ...recalls.flatMap((r) => [
      '',
      `> mnemo recall "${r.query}"`,
      `  ${r.answer && !r.abstained ? r.answer : 'nothing found'}  (confidence ${r.confidence.toFixed(2)})`,
      ...r.memories.slice(0, 2).map((m) => `    from ${m.type}: ${oneLine(m.content, 90)}  via ${m.channels.map((c) => c.channel).join(', ')}`),
    ]),
    '',
    `Next: mnemo recall "what database do we use?" --profile ${profile.name}`,
  ]);
  return result;
}
