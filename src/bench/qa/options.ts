/** The options of `mnemo bench qa`, validated before anything is loaded or any model is called. */
import { z } from 'zod';
import { MnemoError } from '../../errors.js';
import { QA_FORMATS } from './types.js';

export const BASELINES = ['full-context', 'no-memory'] as const;

const count = (min: number, max = Number.MAX_SAFE_INTEGER) => z.number().int().min(min).max(max);
const price = z.number().min(0).default(0);

export const qaOptionsSchema = z.object({
  dataPath: z.string().min(1, 'is required: a LoCoMo or LongMemEval JSON file, or a BEAM folder'),
  format: z.enum(QA_FORMATS).optional(),
  model: z.string().trim().min(1),
  /** Defaults to the answering model. */
  judge: z.string().trim().min(1).optional(),
  extract: z.enum(['rules', 'model']).default('rules'),
  maxContextTokens: count(1, 1_000_000).default(4_000),
  /** The full-context baseline is asked only when the whole conversation fits in this many tokens. */
  fullContextLimit: count(1, 10_000_000).default(120_000),
  recallLimit: count(1, 1_000).default(30),
  baselines: z.array(z.enum(BASELINES)).default([...BASELINES]),
  concurrency: count(1, 64).default(4),
  retries: count(0, 20).default(5),
  retryBaseMs: count(0, 600_000).default(1_000),
  timeoutMs: count(1, 3_600_000).default(120_000),
  /** USD per million tokens. */
  prices: z
    .object({ modelIn: price, modelOut: price, judgeIn: price, judgeOut: price })
    .default({ modelIn: 0, modelOut: 0, judgeIn: 0, judgeOut: 0 }),
  conversations: z.array(z.string().min(1)).optional(),
  limitQuestions: count(1).optional(),
  embedder: z.enum(['glove', 'hashing', 'none']).default('glove'),
  dataDir: z.string().min(1),
  progress: z.boolean().default(false),
  /** Recall again instead of reusing the contexts cached by an earlier run (e.g. after changing mnemo). */
  freshContext: z.boolean().default(false),
});

export type QaOptions = z.output<typeof qaOptionsSchema>;
export type QaOptionsInput = z.input<typeof qaOptionsSchema>;

const FLAGS: Record<string, string> = {
  dataPath: '--data',
  maxContextTokens: '--max-context-tokens',
  fullContextLimit: '--full-context-limit',
  recallLimit: '--recall-limit',
  limitQuestions: '--limit-questions',
  retryBaseMs: '--retry-base-ms',
  timeoutMs: '--timeout-ms',
  modelIn: '--price-in',
  modelOut: '--price-out',
  judgeIn: '--judge-price-in',
  judgeOut: '--judge-price-out',
  dataDir: '--data-dir',
};

function flagOf(path: PropertyKey[]): string {
  const last = String(path[path.length - 1] ?? 'options');
  return FLAGS[last] ?? `--${last.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

export function parseQaOptions(input: QaOptionsInput): QaOptions {
  const parsed = qaOptionsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.filter((p) => typeof p !== 'number');
  const value = path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), input);
  let why = issue.message;
  if (issue.code === 'too_small' && typeof value === 'number') why = value < 0 ? `must not be negative` : `must be at least ${String(issue.minimum)}`;
  if (typeof value === 'number' && Number.isNaN(value)) why = 'must be a number';
  throw new MnemoError('invalid_input', `${flagOf(path)}: ${why}${value !== undefined ? ` (got ${typeof value === 'number' ? String(value) : JSON.stringify(value)})` : ''}`);
}
