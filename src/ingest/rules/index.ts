export { createRuleExtractor, extractFromMessage } from './extractor.js';
