export { llmConfigSchema, LLM_PROVIDERS, type LlmConfig, type LlmConfigInput, type LlmProvider } from './config.js';
export { configFromEnv } from './config-from-env.js';
export { createLanguageModels, parseLlmConfig, type LanguageModels } from './create-models.js';
export { createLlmPipeline, isLlmConfig, type LlmModels, type LlmPipeline, type LlmPipelineOptions, type LlmSetting } from './create-llm-pipeline.js';
export { doctor, type DoctorCheck, type DoctorOptions } from './doctor.js';
export { describeModelError, toModelError, type ModelErrorInfo, type ModelFailure } from './model-error.js';
export { UsageCounter, type Usage } from './usage.js';
