import { createRequire } from 'node:module';

/** The tokenizer budgets are measured in: o200k_base, the BPE of current OpenAI models. */
export const TOKENIZER = 'o200k_base';

type CountTokens = (text: string) => number;
let countO200k: CountTokens | null = null;

/**
 * Loaded on first use: the encoding table costs about 0.2 s and 60 MB, which a process that never
 * packs a context block (a CLI recall, a recall thread) should not pay at start.
 */
function encoder(): CountTokens {
  countO200k ??= (createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as { countTokens: CountTokens }).countTokens;
  return countO200k;
}

export function countTokens(text: string): number {
  return text.length === 0 ? 0 : encoder()(text);
}
