/**
 * One memory per run configuration, kept in the data directory: re-running ingests nothing new
 * (messages are content-addressed) and an extraction cut short by a kill resumes from its durable job.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { MnemoApi, ProfileApi } from '../../api.js';
import { LIMITS } from '../../limits.js';
import { createLlmPipeline } from '../../models/llm/create-llm-pipeline.js';
import { UsageCounter } from '../../models/llm/usage.js';
import { openMemory, type MnemoOptions } from '../../mnemo.js';
import { buildEvidenceMap, type EvidenceMap } from '../evidence.js';
import { profileNameFor } from '../mnemo-system.js';
import { splitOversized } from '../split-oversized.js';
import type { QaSetup } from './setup.js';
import type { QaConversation } from './types.js';

export interface QaMemory {
  memory: MnemoApi;
  /** Identifies the run configuration the memory was built with (its folder name). */
  id: string;
  /** Extraction model usage of this run (`--extract model`). */
  extraction: UsageCounter;
}

export function openQaMemory(setup: QaSetup, fetch?: typeof globalThis.fetch): QaMemory {
  const { options, model } = setup;
  const extraction = new UsageCounter();
  const identity = [setup.dataset.format, options.extract, options.extract === 'model' ? model.id : '', options.embedder];
  const id = createHash('sha256').update(identity.join('\0')).digest('hex').slice(0, 16);
  const dir = join(setup.profilesRoot, id);
  const embedder: MnemoOptions['embedder'] = options.embedder === 'none' ? false : options.embedder === 'hashing' ? { kind: 'hashing' } : undefined;
  const extractor = options.extract === 'model' ? createLlmPipeline(model.config, { usage: extraction, fetch }).extractor : undefined;
  const memory = openMemory({ dataDir: dir, embedder, ...(extractor ? { extractor } : {}), worker: { background: false } });
  return { memory, extraction, id };
}

/** Ingests (a no-op when already there), runs pending extraction, and maps message ids to turn ids. */
export async function ingestConversation(memory: MnemoApi, conv: QaConversation): Promise<{ profile: ProfileApi; evidence: EvidenceMap }> {
  const profile = memory.profile(profileNameFor(conv.id));
  const messages = splitOversized(conv.messages, LIMITS.maxContentChars);
  const stored: string[] = [];
  for (let i = 0; i < messages.length; i += LIMITS.maxMessagesPerIngest) {
    const result = await profile.ingest(messages.slice(i, i + LIMITS.maxMessagesPerIngest), { wait: true });
    stored.push(...result.messageIds);
  }
  await profile.drain();
  return { profile, evidence: buildEvidenceMap(messages, stored.length === messages.length ? stored : undefined) };
}
