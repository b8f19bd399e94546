export { runPerfBench, DEFAULT_SIZES } from './run.js';
export { formatPerfReport, sizeLabel } from './format.js';
export { parseSizes } from './sizes.js';
export { generateBatch, draftAt, MEMORIES_PER_MESSAGE } from './generator.js';
export { recallQuestions, ingestMessages, type PerfQuestion } from './questions.js';
export { buildProfile, type BuildOptions, type BuildStats } from './build-profile.js';
export { checkTargets } from './targets.js';
export type { PerfBenchOptions, PerfResult, SizeResult, TargetCheck } from './types.js';
