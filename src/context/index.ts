export { buildContextBlock, CONTEXT_PREAMBLE, type ContextBlockOptions } from './build.js';
export type { ContextInput } from './sections.js';
export { countTokens, TOKENIZER } from './tokens.js';
