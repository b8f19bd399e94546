/** Shared by the inspector's browser tests and `npm run ui:shots`: a seeded profile and a headless Chromium. */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { MnemoApi } from '../../src/api.js';
import type { Store } from '../../src/store/store.js';

export const CHROMIUM = process.env.MNEMO_CHROMIUM ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const NO_CHROMIUM_REASON = `browser tests skipped: no Chromium at ${CHROMIUM} (install it with "apt-get install -y chromium" or set MNEMO_CHROMIUM)`;

/** Headless Debian Chromium; playwright gives every launch a fresh temporary profile directory. */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run'],
  });
}

export const XSS_CONTENT = 'Notes <script>window.__xss = "script"</script> <img src=x onerror="window.__xss = \'img\'"> '
  + '<a href="javascript:window.__xss=\'link\'">click me</a> [md](javascript:window.__xss=1)';

export interface Seeded {
  /** The current value of project.database and the one it superseded. */
  sqlite: string;
  postgres: string;
  xss: string;
  failedJob: string;
}

/** A profile with a conversation, a supersession chain, an event, hostile content and a failed job. */
export async function seedProfile(mnemo: MnemoApi, name = 'demo'): Promise<Seeded> {
  const p = mnemo.profile(name);
  await p.ingest([
    { role: 'user', content: 'Hi! I just moved to Lisbon for the new job.', sessionId: 'onboarding', timestamp: '2026-03-02T09:00:00Z' },
    { role: 'assistant', content: 'Welcome to Lisbon! How can I help with the project setup?', sessionId: 'onboarding', timestamp: '2026-03-02T09:00:20Z' },
    { role: 'user', content: 'We use pnpm as the package manager, never npm.', sessionId: 'onboarding', timestamp: '2026-03-02T09:01:00Z' },
    { role: 'assistant', content: 'Got it: pnpm for every install.', sessionId: 'onboarding', timestamp: '2026-03-02T09:01:10Z' },
    { role: 'user', content: 'Always run the linter before deploying.', sessionId: 'onboarding', timestamp: '2026-03-02T09:02:00Z' },
  ], { wait: true });
  await p.ingest([
    { role: 'user', content: 'Yesterday I deployed version 2.3 to production.', sessionId: 'release', timestamp: '2026-04-15T16:00:00Z' },
    { role: 'assistant', content: 'Congratulations on shipping 2.3!', sessionId: 'release', timestamp: '2026-04-15T16:00:30Z' },
  ], { wait: true });
  const postgres = (await p.remember({ content: 'The project database is PostgreSQL.', type: 'fact', topicKey: 'project.database', tags: ['infra'] })).memory.id;
  const sqlite = (await p.remember({ content: 'The project database is SQLite, one file per profile.', type: 'fact', topicKey: 'project.database', tags: ['infra'] })).memory.id;
  await p.remember({ content: 'Team offsite in Porto.', type: 'event', eventTime: '2026-05-20T10:00:00Z', tags: ['team'] });
  const xss = (await p.remember({ content: XSS_CONTENT, type: 'fact', tags: ['xss'] })).memory.id;
  await p.drain();
  // A job that failed for good, recorded through the store's own queue calls.
  const store = await (p as unknown as { store(): Promise<Store> }).store();
  const [job] = await store.enqueueJobs([{ kind: 'inspector-demo', payload: { note: 'fails once' }, maxAttempts: 1 }]);
  const claimed = await store.claimJob({ workerId: 'seed', leaseMs: 60_000, kinds: ['inspector-demo'] });
  await store.failJob(claimed!.id, 'seed', 'connection refused: model server at 127.0.0.1:11434', new Date());
  return { sqlite, postgres, xss, failedJob: job.id };
}
