/** Data written before a campaign, and the check that it is intact afterwards. */
import type { MnemoApi } from '../../../src/api.js';
import { comparableExport } from '../../../src/interop/index.js';

export const KEEP = 'keep';

export async function seedKeep(mnemo: MnemoApi, profile = KEEP): Promise<string> {
  const p = mnemo.profile(profile);
  for (let i = 0; i < 12; i++) await p.remember({ content: `The service number ${i} is deployed from the main branch every Tuesday.`, tags: ['ops'] });
  await p.remember({ content: 'The user prefers tabs over spaces.', topicKey: 'user.indentation' });
  await p.ingest(Array.from({ length: 12 }, (_, i) => ({ role: i % 2 ? 'assistant' as const : 'user' as const, content: `Message ${i}: we moved the staging database to Frankfurt in March.` })), { sessionId: 'keep-s1', wait: true });
  await p.drain();
  return snapshot(mnemo, profile);
}

export async function snapshot(mnemo: MnemoApi, profile = KEEP): Promise<string> {
  return JSON.stringify(comparableExport(await mnemo.profile(profile).export()));
}
