import type { Usage } from '../models/llm/usage.js';
import { offlineContent } from './compose.js';
import type { ConsolidationGroup } from './types.js';

/** Writes the content of a group's derived memory: rules offline, the configured model otherwise. */
export interface Composer {
  readonly id: string;
  compose(group: ConsolidationGroup): Promise<{ content: string; usage?: Usage }>;
}

export function createOfflineComposer(): Composer {
  return { id: 'rules@1', compose: async (group) => ({ content: offlineContent(group) }) };
}
