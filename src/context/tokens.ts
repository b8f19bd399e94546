import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

/** The tokenizer budgets are measured in: o200k_base, the BPE of current OpenAI models. */
export const TOKENIZER = 'o200k_base';

export function countTokens(text: string): number {
  return text.length === 0 ? 0 : countO200k(text);
}
