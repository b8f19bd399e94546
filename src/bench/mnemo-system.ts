/** mnemo as a benchmark system: a fresh profile per conversation, ingest with wait, recall per question. */
import type { ProfileApi } from '../api.js';
import type { ConsolidateOptions } from '../consolidation/options.js';
import { LIMITS } from '../limits.js';
import { buildEvidenceMap, rankedEvidenceIds } from './evidence.js';
import { lifecycleDigest } from './profile-state.js';
import { splitOversized } from './split-oversized.js';
import type { BenchSystem } from './system.js';
import type { BenchMessage } from './types.js';

export interface OpenedProfile {
  profile: ProfileApi;
  /** Closes the memory and removes anything the factory created (e.g. a temp data dir). */
  close(): Promise<void>;
}

/** Opens a fresh, empty profile; called once per conversation. */
export type OpenProfile = (name: string) => Promise<OpenedProfile>;

/** Profile names must match `[a-z0-9][a-z0-9._-]{0,99}`. */
export function profileNameFor(conversationId: string): string {
  const name = conversationId.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[^a-z0-9]+/, '');
  return (name || 'bench').slice(0, 100);
}

async function ingestAll(profile: ProfileApi, messages: readonly BenchMessage[]): Promise<string[]> {
  const stored: string[] = [];
  const batch = LIMITS.maxMessagesPerIngest;
  for (let i = 0; i < messages.length; i += batch) {
    const result = await profile.ingest(messages.slice(i, i + batch), { wait: true });
    stored.push(...result.messageIds);
  }
  return stored;
}

export interface MnemoSystemOptions {
  /** Run a consolidation pass (src/consolidation) after ingest, before the questions. */
  consolidate?: boolean | ConsolidateOptions;
  /**
   * Run tiering after ingest (and consolidation), at today's date and the profile's default
   * settings, as a server's first access fold does: the questions then meet the hot/cold gate.
   */
  tier?: boolean;
}

export function mnemoSystem(openProfile: OpenProfile, name = 'mnemo', opts: MnemoSystemOptions = {}): BenchSystem {
  return {
    name,
    answersAbstention: true,
    async prepare(conversation) {
      const opened = await openProfile(profileNameFor(conversation.id));
      // A few BEAM turns exceed mnemo's content limit: ingest them as parts with the same evidence id.
      const messages = splitOversized(conversation.messages, LIMITS.maxContentChars);
      const stored = await ingestAll(opened.profile, messages);
      if (opts.consolidate) {
        await opened.profile.consolidate(opts.consolidate === true ? {} : opts.consolidate);
        await opened.profile.drain(); // the new memories' vectors
      }
      if (opts.tier) await opened.profile.tier();
      // Settled before the first question: nothing is left for the job worker, and the questions never
      // run it, so no fold of their reads (nor the tiering a first fold runs) changes what later ones see.
      await opened.profile.drain();
      // Ingest returns one id per message in order; anything else means we cannot align them.
      const evidence = buildEvidenceMap(messages, stored.length === messages.length ? stored : undefined);
      return {
        async query(q, limit) {
          const result = await opened.profile.recall(q.question, { limit, referenceDate: q.referenceDate });
          return { ranked: rankedEvidenceIds(result, evidence), answer: result.answer, abstained: result.abstained };
        },
        close: () => opened.close(),
        state: () => lifecycleDigest(opened.profile),
      };
    },
  };
}
