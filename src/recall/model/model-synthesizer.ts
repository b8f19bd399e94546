import { z } from 'zod';
import { generateStructured, type ModelStageOptions } from '../../models/llm/structured-call.js';
import type { SynthesisInput, SynthesisOutput, Synthesizer } from '../synthesizer.js';
import { SYNTHESIS_SYSTEM, synthesisPrompt } from './synthesis-prompt.js';

export const synthesisSchema = z.object({
  answer: z.string().nullable(),
  citations: z.array(z.string()),
  support: z.enum(['full', 'partial', 'none']),
});

const SUPPORT_WEIGHT = { full: 1, partial: 0.6, none: 0 } as const;

export interface ModelSynthesizerOptions extends ModelStageOptions {
  /** Used when the model call fails (e.g. the extractive synthesizer). */
  fallback?: Synthesizer;
}

/**
 * A grounded answer from ranked evidence. An answer that cites no given evidence id, or that the
 * model marks unsupported, becomes an abstention (answer null) rather than a guess.
 */
export function createModelSynthesizer(opts: ModelSynthesizerOptions): Synthesizer {
  return {
    id: 'model@1',
    async synthesize(input: SynthesisInput): Promise<SynthesisOutput> {
      if (input.evidence.length === 0) return { answer: null, citedIds: [], confidence: 0 };
      const { prompt, idFor } = synthesisPrompt(input);
      let result;
      try {
        result = await generateStructured(opts, { stage: 'recall.synthesize', system: SYNTHESIS_SYSTEM, prompt, schema: synthesisSchema, maxOutputTokens: 800 });
      } catch (err) {
        if (opts.fallback) return opts.fallback.synthesize(input);
        throw err;
      }
      const { answer, citations, support } = result.value;
      const citedIds = [...new Set(citations.map((c) => idFor.get(c.trim().replace(/^\[|\]$/g, ''))).filter((id): id is string => !!id))];
      const grounded = !!answer?.trim() && support !== 'none' && citedIds.length > 0;
      if (!grounded) return { answer: null, citedIds: [], confidence: 0, usage: result.usage };
      return { answer: answer!.trim(), citedIds, confidence: input.confidence * SUPPORT_WEIGHT[support], usage: result.usage };
    },
  };
}
