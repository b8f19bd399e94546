import type { NewMemory, StoredMessage } from '../../types.js';
import type { ExtractionInput, ExtractionOutput, Extractor } from '../extractor.js';
import { generateStructured, type ModelStageOptions } from '../../models/llm/structured-call.js';
import { addUsage, emptyUsage } from '../../models/llm/usage.js';
import { chunkOutputSchema, salvageChunkOutput } from './candidate-schema.js';
import { chunkByChars, type Window } from './chunking.js';
import { mergeMemories } from './merge.js';
import { mapWithConcurrency } from './pool.js';
import { COMBINED_PASS_SYSTEM, DETAIL_PASS_SYSTEM, extractionPrompt, FULL_PASS_SYSTEM } from './prompts.js';
import { candidateToMemory } from './to-memory.js';
import { relevantTopicKeys } from './topic-keys.js';
import { renderLine, renderTranscript } from './transcript.js';

export interface LlmExtractorOptions extends ModelStageOptions {
  /** Chunks in flight at once (default 4). */
  concurrency?: number;
  /** Characters per full-pass chunk (default 10,000). */
  chunkChars?: number;
  /** Characters per detail-pass window (default 8,000); 0 disables the detail pass. */
  detailChars?: number;
  /** Messages shared by consecutive windows (default 2). */
  overlapMessages?: number;
  /** Conversations shorter than this skip the detail pass (default 9). */
  detailMinMessages?: number;
  /** Call budget: at most one call per this many characters, else the passes are merged (default 2,000). */
  charsPerCall?: number;
}

interface Pass {
  stage: 'extract.full' | 'extract.detail' | 'extract.combined';
  system: string;
  window: Window;
}

/**
 * The LLM extraction pipeline (DESIGN §2): a full pass over ~10K-character chunks plus a detail
 * pass over larger overlapping windows; each call returns candidates already verified against the
 * transcript and classified. A batch costs at most one call per 2K characters (passes merge into one
combined call when the batch is too small for both), about one per 3.3K on LoCoMo sessions.
 */
export function createLlmExtractor(opts: LlmExtractorOptions): Extractor {
  const concurrency = opts.concurrency ?? 4;
  const chunkChars = opts.chunkChars ?? 10_000;
  const detailChars = opts.detailChars ?? 8_000;
  const overlap = opts.overlapMessages ?? 2;
  const detailMin = opts.detailMinMessages ?? 9;
  const charsPerCall = opts.charsPerCall ?? 2_000;

  async function extract(input: ExtractionInput): Promise<ExtractionOutput> {
    const { messages } = input;
    const usage = emptyUsage();
    if (messages.length === 0) return { memories: [], usage };
    const lengths = messages.map((m, i) => renderLine(m, i).length + 1);
    const passes = planPasses(lengths, messages.reduce((n, m) => n + m.content.length, 0));
    const perPass = await mapWithConcurrency(passes, concurrency, async (pass, signal) => {
      const result = await runPass(pass, messages, input.existingTopicKeys, signal);
      addUsage(usage, result.usage);
      return result.memories;
    });
    const order = new Map(messages.map((m, i) => [m.id, i]));
    // Ordered by the last message each memory rests on, so a later value of a topic key is written last and supersedes.
    const lastSource = (m: NewMemory) => Math.max(...m.sourceMessageIds.map((id) => order.get(id) ?? 0));
    const memories = mergeMemories(perPass.flat(), order).sort((a, b) => lastSource(a) - lastSource(b));
    return { memories, usage };
  }

  /**
   * Full chunks plus detail windows when the batch can afford both within the call budget;
   * otherwise one combined prompt per chunk (a typical single session of ~3K characters).
   */
  function planPasses(lengths: readonly number[], contentChars: number): Pass[] {
    const full = chunkByChars(lengths, chunkChars, overlap);
    const wantsDetail = detailChars > 0 && lengths.length >= detailMin;
    if (!wantsDetail) return full.map((window) => ({ stage: 'extract.full', system: FULL_PASS_SYSTEM, window }));
    const detail = chunkByChars(lengths, detailChars, overlap);
    if ((full.length + detail.length) * charsPerCall > contentChars) {
      return full.map((window) => ({ stage: 'extract.combined', system: COMBINED_PASS_SYSTEM, window }));
    }
    return [
      ...full.map((window): Pass => ({ stage: 'extract.full', system: FULL_PASS_SYSTEM, window })),
      ...detail.map((window): Pass => ({ stage: 'extract.detail', system: DETAIL_PASS_SYSTEM, window })),
    ];
  }

  async function runPass(pass: Pass, messages: readonly StoredMessage[], existing: readonly string[], signal: AbortSignal) {
    const transcript = renderTranscript(messages, pass.window.start, pass.window.end);
    const keys = relevantTopicKeys(existing, transcript);
    const { value, usage } = await generateStructured(opts, {
      stage: pass.stage,
      system: pass.system,
      prompt: extractionPrompt(transcript, keys),
      schema: chunkOutputSchema,
      salvage: salvageChunkOutput,
      signal,
    });
    const memories = value.memories
      .map((c) => candidateToMemory(c, messages, pass.window, existing))
      .filter((m): m is NewMemory => m !== null);
    return { memories, usage };
  }

  return { id: 'llm@1', extract };
}
