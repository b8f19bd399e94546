import type { Command } from 'commander';
import type { IngestResult } from '../../api.js';
import { ingestBatches } from '../../ingest/batches.js';
import { LIMITS } from '../../limits.js';
import type { Memory, Redaction } from '../../types.js';
import { withProfile } from '../context.js';
import { emit, memoryLine, redactionLines } from '../output.js';
import { progressBar } from '../progress.js';
import { parseMessages, readInput } from '../read-messages.js';

interface Opts {
  session?: string;
  wait?: boolean;
}

export function registerIngest(program: Command): void {
  program
    .command('ingest')
    .description('store conversation messages from a JSON array or JSONL file (- for stdin) and extract memories')
    .argument('<file>', 'JSON array or JSON lines of {role, content, sessionId?, timestamp?, metadata?}; - reads stdin')
    .option('--session <id>', 'session id for messages that carry none')
    .option('--wait', 'wait until memories have been extracted')
    .addHelpText('after', `\nThe whole file is validated before anything is written; batches of ${LIMITS.maxMessagesPerIngest} messages.\nExample:\n  mnemo ingest chat.jsonl --session s1 --wait`)
    .action(async (file: string, opts: Opts, cmd: Command) => {
      const messages = parseMessages(await readInput(file), file === '-' ? 'stdin' : file);
      await withProfile(cmd, async (profile, g) => {
        const results: IngestResult[] = [];
        const bar = progressBar(messages.length, 'ingest', !g.json);
        try {
          for (const batch of ingestBatches(messages)) {
            results.push(await profile.ingest(batch, { sessionId: opts.session, wait: opts.wait === true }));
            bar.advance(batch.length);
          }
        } finally {
          bar.stop();
        }
        const summary = {
          profile: profile.name,
          messages: messages.length,
          inserted: sum(results, (r) => r.inserted),
          duplicates: sum(results, (r) => r.duplicates),
          jobIds: results.map((r) => r.jobId).filter((id): id is string => id !== null),
          redactions: results.flatMap((r): Redaction[] => r.redactions),
          ...(results.some((r) => r.split) ? { split: results.reduce((n, r) => n + (r.split?.length ?? 0), 0) } : {}),
          ...(opts.wait ? { memories: results.flatMap((r): Memory[] => r.memories ?? []) } : {}),
        };
        emit(g.json, summary, () => [
          `ingested ${summary.messages} messages into profile "${profile.name}": ${summary.inserted} new, ${summary.duplicates} already known`,
          ...(summary.split ? [`${summary.split} message(s) longer than ${LIMITS.maxContentChars} characters were stored in parts`] : []),
          ...redactionLines(summary.redactions),
          ...(summary.memories
            ? [`extracted ${summary.memories.length} memories:`, ...summary.memories.map((m) => `  ${memoryLine(m, 70)}`)]
            : summary.jobIds.length
              ? [`extraction queued (job ${summary.jobIds.join(', ')}); pass --wait to wait for it, or run \`mnemo jobs --drain\``]
              : []),
        ]);
      });
    });
}

function sum<T>(items: T[], f: (t: T) => number): number {
  return items.reduce((n, t) => n + f(t), 0);
}
