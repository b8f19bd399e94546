/** Everything checked before the first model call: options, data, model flags, keys, reachability. */
import { join, resolve } from 'node:path';
import { MnemoError } from '../../errors.js';
import { loadQaDataset } from './load.js';
import { parseModelSpec, type Env, type ModelSpec } from './model-spec.js';
import { parseQaOptions, type QaOptions, type QaOptionsInput } from './options.js';
import { preflight } from './preflight.js';
import type { QaConversation, QaDataset } from './types.js';

export interface QaSetup {
  options: QaOptions;
  dataset: QaDataset;
  /** The selected conversations, each cut to `limitQuestions`. */
  conversations: QaConversation[];
  model: ModelSpec;
  judge: ModelSpec;
  cacheFile: string;
  profilesRoot: string;
}

function select(dataset: QaDataset, options: QaOptions): QaConversation[] {
  let conversations = dataset.conversations;
  if (options.conversations) {
    const wanted = new Set(options.conversations);
    const unknown = [...wanted].filter((id) => !conversations.some((c) => c.id === id));
    if (unknown.length) {
      const known = conversations.map((c) => c.id).slice(0, 12).join(', ');
      throw new MnemoError('invalid_input', `--conversations: unknown id(s) ${unknown.join(', ')} (the data has ${known}${dataset.conversations.length > 12 ? ', …' : ''})`);
    }
    conversations = conversations.filter((c) => wanted.has(c.id));
  }
  const limit = options.limitQuestions;
  const cut = conversations.map((c) => (limit ? { ...c, questions: c.questions.slice(0, limit) } : c)).filter((c) => c.questions.length > 0);
  if (cut.length === 0) throw new MnemoError('invalid_input', `--data ${dataset.path}: no questions to ask`);
  return cut;
}

export async function prepareQa(input: QaOptionsInput, deps: { env: Env; fetch?: typeof globalThis.fetch }): Promise<QaSetup> {
  const options = parseQaOptions(input);
  const dataset = loadQaDataset(resolve(options.dataPath), options.format);
  const conversations = select(dataset, options);
  const model = parseModelSpec('--model', options.model, deps.env);
  const judge = parseModelSpec('--judge', options.judge ?? options.model, deps.env);
  await preflight([{ role: 'judge', spec: judge }, { role: 'model', spec: model }], { fetch: deps.fetch });
  const root = join(resolve(options.dataDir), 'bench-qa');
  return { options, dataset, conversations, model, judge, cacheFile: join(root, 'cache.jsonl'), profilesRoot: join(root, 'profiles') };
}
