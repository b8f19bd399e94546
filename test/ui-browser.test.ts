/**
 * The web inspector in a real headless Chromium against the real HTTP server on loopback:
 * a user's session from search to forget, hostile memory content, and the auth and error pages.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../src/store/cursor.js';
import { startFixture, type Fixture } from './support/http-fixture.js';
import { hasChromium, launchChromium, NO_CHROMIUM_REASON, seedProfile, type Seeded } from './support/ui-browser.js';

if (!hasChromium) console.warn(NO_CHROMIUM_REASON);

describe.skipIf(!hasChromium)('web inspector in Chromium', () => {
  let browser: Browser;
  let open: Fixture;
  let seeded: Seeded;
  const dialogs: string[] = [];

  beforeAll(async () => {
    [browser, open] = await Promise.all([launchChromium(), startFixture()]);
    seeded = await seedProfile(open.mnemo);
  });
  afterAll(async () => {
    await browser?.close();
    await open?.close();
  });

  async function newPage(): Promise<Page> {
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000); // loose: Chromium on a loaded machine
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    page.on('pageerror', (e) => dialogs.push(`pageerror: ${e.message}`));
    return page;
  }

  it('searches, opens a memory, follows its history, recalls, forgets, and the API agrees', async () => {
    const page = await newPage();
    await page.goto(`${open.url}/ui`);
    await page.getByRole('link', { name: 'demo' }).click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Memories of demo');

    // Full-text search narrows the table.
    await page.getByLabel('Search text').fill('database');
    await page.getByLabel('Status').selectOption('any');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/q=database/);
    const rows = page.locator('table[aria-label="Memories"] tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.allTextContents()).toEqual([expect.stringContaining('SQLite'), expect.stringContaining('PostgreSQL')]);

    // Open the current value, then follow its topic key's history to the superseded one.
    await page.getByRole('link', { name: /SQLite, one file per profile/ }).click();
    await page.waitForURL(new RegExp(`/m/${seeded.sqlite}$`));
    const history = page.getByRole('list', { name: 'History of project.database' });
    expect(await history.locator('li').count()).toBe(2);
    await history.getByRole('link', { name: 'The project database is PostgreSQL.' }).click();
    await page.waitForURL(new RegExp(`/m/${seeded.postgres}$`));
    expect(await page.locator('.facts').textContent()).toContain('superseded');
    await page.locator('.facts').getByRole('link', { name: seeded.sqlite.slice(0, 8) }).click();
    await page.waitForURL(new RegExp(`/m/${seeded.sqlite}$`));

    // Back restores the previous view from the server (no snapshot is kept in storage).
    await page.goBack();
    await page.waitForURL(new RegExp(`/m/${seeded.postgres}$`));
    await expect.poll(() => page.locator('main h1').textContent()).toBe(`Memory ${seeded.postgres.slice(0, 8)}`);

    // An extracted memory shows its source message inside the conversation.
    const pnpm = (await open.mnemo.profile('demo').browse({ q: 'pnpm' })).items[0];
    expect(pnpm?.sourceMessageIds.length).toBeGreaterThan(0);
    await page.goto(`${open.url}/ui/p/demo/m/${pnpm.id}`);
    const source = page.locator('.conv li.source');
    await expect.poll(() => source.textContent()).toContain('We use pnpm as the package manager');
    expect(await page.locator('.conv li').count()).toBeGreaterThan(1);

    // Recall two questions side by side and read each hit's channels.
    await page.getByRole('link', { name: 'Recall playground' }).click();
    await page.getByLabel('Question', { exact: true }).fill('Which database does the project use?');
    await page.getByLabel('Compare with (optional)').fill('What package manager do we use?');
    await page.getByRole('button', { name: 'Recall' }).click();
    const results = page.getByTestId('recall-result');
    await expect.poll(() => results.count()).toBe(2);
    expect(await results.nth(0).getByTestId('recall-answer').textContent()).not.toBe('');
    const sqliteHit = results.nth(0).locator('table[aria-label="Recalled memories by channel"] tbody tr', { hasText: 'SQLite' });
    expect(await sqliteHit.count()).toBe(1);
    const channels = await sqliteHit.locator('td[data-channel]').allTextContents();
    expect(channels.some((c) => /^#\d+/.test(c))).toBe(true);
    expect(await results.nth(1).locator('table[aria-label="Recalled memories by channel"]').textContent()).toContain('pnpm');

    // Forget the pnpm memory after confirming; the API sees it forgotten and recall drops it.
    await page.goto(`${open.url}/ui/p/demo/m/${pnpm.id}`);
    await page.getByRole('button', { name: 'Forget', exact: true }).click();
    await expect.poll(() => page.locator('main [role=status]').first().textContent()).toContain('Forgotten');
    expect(dialogs.some((d) => d.startsWith('Forget this memory?'))).toBe(true);
    const res = await open.call('GET', `/v1/profiles/demo/memories/${pnpm.id}`);
    expect(((await res.json()) as { status: string }).status).toBe('forgotten');
    const recall = (await (await open.call('POST', '/v1/profiles/demo/recall', { body: { query: 'package manager pnpm', synthesize: false } })).json()) as { memories: { id: string }[] };
    expect(recall.memories.map((m) => m.id)).not.toContain(pnpm.id);
    await page.close();
  });

  it('edits a memory into a new version that supersedes the old one', async () => {
    const page = await newPage();
    await page.goto(`${open.url}/ui/p/demo/m/${seeded.sqlite}`);
    await page.getByText('Edit', { exact: true }).click();
    await page.getByLabel('Content').fill('The project database is SQLite with WAL mode.');
    await page.getByRole('button', { name: 'Save as new version' }).click();
    await expect.poll(() => page.getByTestId('memory-content').textContent()).toBe('The project database is SQLite with WAL mode.');
    const newId = page.url().split('/m/')[1];
    expect(newId).not.toBe(seeded.sqlite);
    expect(await page.getByRole('list', { name: 'History of project.database' }).locator('li').count()).toBe(3);
    const old = (await (await open.call('GET', `/v1/profiles/demo/memories/${seeded.sqlite}`)).json()) as { status: string; supersededBy: string };
    expect(old).toMatchObject({ status: 'superseded', supersededBy: newId });
    seeded.sqlite = newId;
    await page.close();
  });

  it('retries a failed job from the Jobs page', async () => {
    const page = await newPage();
    await page.goto(`${open.url}/ui/p/demo/jobs`);
    const failed = page.getByRole('region', { name: 'failed jobs' });
    await expect.poll(() => failed.textContent()).toContain('connection refused');
    await failed.getByRole('button', { name: `Retry job ${seeded.failedJob}` }).click();
    await expect.poll(() => page.locator('main [role=status]').first().textContent()).toContain('queued again');
    const job = (await (await open.call('GET', `/v1/profiles/demo/jobs/${seeded.failedJob}`)).json()) as { status: string; attempts: number };
    expect(job).toMatchObject({ status: 'pending', attempts: 0 });
    await page.close();
  });

  it('renders script tags, onerror images and javascript: links in memories as inert text', async () => {
    const page = await newPage();
    const visit = async (path: string) => {
      await page.goto(`${open.url}${path}`);
      await expect.poll(() => page.locator('main').textContent()).toContain('window.__xss');
    };
    await visit('/ui/p/demo/memories?tag=xss');
    await visit(`/ui/p/demo/m/${seeded.xss}`);
    expect(await page.getByTestId('memory-content').textContent()).toContain('<script>window.__xss = "script"</script>');
    await visit('/ui/p/demo/recall?q=notes+click+me&synthesize=off');
    for (const selector of ['main script', 'main img', 'main a[href^="javascript:"]', 'main [onerror]']) {
      expect(await page.locator(selector).count(), selector).toBe(0);
    }
    expect(await page.evaluate(() => (globalThis as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs.filter((d) => d.startsWith('pageerror'))).toEqual([]);
    await page.close();
  });

  it('works from the keyboard, and every control on every page has a label', async () => {
    const page = await newPage();
    const tabTo = async (matches: () => Promise<boolean>) => {
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        if (await matches()) return;
      }
      throw new Error('focus never reached the target');
    };
    // Runs in the page (this project's TypeScript has no DOM types, hence the narrow casts).
    type El = { id: string; tagName: string; textContent: string | null; labels?: unknown[] | null; outerHTML: string; getAttribute(n: string): string | null };
    type Doc = { document: { activeElement: El | null; querySelectorAll(s: string): Iterable<El> } };
    const focused = () => page.evaluate(() => {
      const a = (globalThis as unknown as Doc).document.activeElement;
      return { text: a?.textContent?.trim() ?? '', id: a?.id ?? '' };
    });
    await page.goto(`${open.url}/ui`);
    await page.waitForSelector('main h1');
    await tabTo(async () => (await focused()).text === 'demo');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/ui\/p\/demo\/memories$/);
    await tabTo(async () => (await focused()).id === 'q');
    await page.keyboard.type('offsite');
    await page.keyboard.press('Enter');
    await page.waitForURL(/q=offsite/);
    await tabTo(async () => (await focused()).text === 'Team offsite in Porto.');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('memory-content').textContent()).toBe('Team offsite in Porto.');

    const unlabelled = () => page.evaluate(() => [...(globalThis as unknown as Doc).document.querySelectorAll('input:not([type=hidden]), select, textarea, button')]
      .filter((el) => !(el.labels?.length || el.getAttribute('aria-label') || (el.tagName === 'BUTTON' && el.textContent?.trim())))
      .map((el) => el.outerHTML));
    for (const path of ['/ui', '/ui/p/demo/memories', `/ui/p/demo/m/${seeded.sqlite}`, '/ui/p/demo/recall?q=database&q2=pnpm',
      '/ui/p/demo/timeline', '/ui/p/demo/jobs', '/ui/p/demo/transfer']) {
      await page.goto(`${open.url}${path}`);
      await page.waitForSelector('main h1');
      expect(await unlabelled(), path).toEqual([]);
    }
    await page.close();
  });

  it('explains an unknown profile, a page past the end and a bad cursor', async () => {
    const page = await newPage();
    await page.goto(`${open.url}/ui/p/nobody/memories`);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('no profile "nobody"');
    expect(await page.locator('main h1').textContent()).toBe('Not found');

    const pastEnd = encodeCursor({ createdAt: '2000-01-01T00:00:00.000Z', id: '0'.repeat(32) });
    await page.goto(`${open.url}/ui/p/demo/memories?cursor=${pastEnd}`);
    await expect.poll(() => page.locator('[data-past-end]').textContent()).toContain('no memories past this page');
    await page.getByRole('link', { name: 'Back to the first page' }).click();
    await expect.poll(() => page.locator('table[aria-label="Memories"] tbody tr').count()).toBeGreaterThan(0);

    await page.goto(`${open.url}/ui/p/demo/memories?cursor=garbage`);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('invalid cursor');
    await page.close();
  });

  describe('with API keys', () => {
    let secured: Fixture;
    const keys: Record<string, string> = {};
    beforeAll(async () => {
      secured = await startFixture({
        withKeys: async (k) => {
          keys.admin = (await k.create({ profile: '*', scope: 'admin' })).key;
          keys.read = (await k.create({ profile: 'team', scope: 'read' })).key;
          keys.everyRead = (await k.create({ profile: '*', scope: 'read' })).key;
        },
      });
      await secured.mnemo.profile('team').remember({ content: 'Standups are at 9:30.', type: 'fact', topicKey: 'team.standup' });
      await secured.mnemo.profile('other').remember({ content: 'Private to another team.', type: 'fact' });
    });
    afterAll(async () => {
      await secured?.close();
    });

    it('asks for a key, refuses a wrong one with a message, keeps a good one in sessionStorage only', async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      page.setDefaultTimeout(20_000); // loose: Chromium on a loaded machine
      page.on('dialog', (d) => void d.accept());
      await page.goto(`${secured.url}/ui`);
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('an API key is required');

      await page.getByLabel('API key', { exact: true }).fill('mnemo_000000000000_wrongwrongwrongwrongwrongwrongwrongwrongwro');
      await page.getByRole('button', { name: 'Use key' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('unknown or revoked API key');

      await page.getByLabel('API key', { exact: true }).fill(keys.read);
      await page.getByRole('button', { name: 'Use key' }).click();
      await expect.poll(() => page.locator('main h1').textContent()).toBe('Profiles');
      // A key scoped to one profile sees only that profile.
      expect(await page.locator('.card h2').allTextContents()).toEqual(['team']);
      expect(await page.evaluate(() => (globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }).sessionStorage.getItem('mnemo.apiKey'))).toBe(keys.read);
      expect(await context.cookies()).toEqual([]);

      // The key survives a reload of the tab; a read key cannot forget.
      const id = (await secured.mnemo.profile('team').list()).items[0].id;
      await page.goto(`${secured.url}/ui/p/team/m/${id}`);
      await page.getByRole('button', { name: 'Forget', exact: true }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('the operation needs "write"');
      expect((await secured.mnemo.profile('team').get(id)).status).toBe('active');

      // Another profile is out of reach for this key.
      await page.goto(`${secured.url}/ui/p/other/memories`);
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('no access to profile "other"');
      await context.close();
    });

    it('lets a key that may not list profiles open one by name', async () => {
      const page = await newPage();
      await page.goto(`${secured.url}/ui`);
      await page.getByLabel('API key', { exact: true }).fill(keys.everyRead);
      await page.getByRole('button', { name: 'Use key' }).click();
      await expect.poll(() => page.locator('main .notice').first().textContent()).toContain('listing their names needs an admin key');
      await page.getByLabel('Profile name').fill('team');
      await page.getByRole('button', { name: 'Open' }).click();
      await expect.poll(() => page.locator('main h1').textContent()).toBe('Memories of team');
      expect(await page.locator('table[aria-label="Memories"]').textContent()).toContain('Standups are at 9:30.');
      await page.close();
    });

    it('accepts changes only with the bearer header from the page, never from a bare form post', async () => {
      const id = (await secured.mnemo.profile('team').list()).items[0].id;
      const post = (headers: Record<string, string>) => fetch(`${secured.url}/ui/p/team/m/${id}/forget`, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: 'purge=false',
      });
      expect((await post({ authorization: `Bearer ${keys.admin}` })).status).toBe(403); // no HX-Request: a cross-site form
      expect((await post({ 'hx-request': 'true', cookie: `key=${keys.admin}` })).status).toBe(401);
      expect((await post({ 'hx-request': 'true', authorization: `Bearer ${keys.admin}`, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      expect((await secured.mnemo.profile('team').get(id)).status).toBe('active');
      const ok = await post({ 'hx-request': 'true', authorization: `Bearer ${keys.admin}` });
      expect(ok.status).toBe(200);
      expect((await secured.mnemo.profile('team').get(id)).status).toBe('forgotten');
    });
  });
});
