import type { ExtractionInput, ExtractionOutput, Extractor } from '../extractor.js';

export const RULE_EXTRACTOR_ID = 'rules@1';

/**
 * The rule extractor, whose code (sentence rules, classifiers, date resolution) loads on the first
 * extraction: a memory handle that only reads (a one-shot recall) never extracts.
 */
export function lazyRuleExtractor(): Extractor & { load(): Promise<Extractor> } {
  let made: Promise<Extractor> | null = null;
  const load = () => (made ??= import('./rule-extractor.js').then((m) => m.createRuleExtractor()));
  return {
    id: RULE_EXTRACTOR_ID,
    load,
    async extract(input: ExtractionInput): Promise<ExtractionOutput> {
      return (await load()).extract(input);
    },
  };
}
