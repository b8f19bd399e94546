/** Entry point name used by the engine; the implementation lives in extractor.ts. */
export { createRuleExtractor, extractFromMessage } from './extractor.js';
