/**
 * `npm run ui:shots [-- --out dir]`: starts a real server on loopback over a seeded temporary
 * profile, opens every inspector page in headless Chromium, writes one PNG per page into the
 * folder (default ./ui-shots, gitignored) and prints each page's transferred bytes (gzip).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHttpServer } from '../src/http/server.js';
import { openMemory } from '../src/index.js';
import { CHROMIUM, hasChromium, launchChromium, NO_CHROMIUM_REASON, seedProfile } from '../test/support/ui-browser.js';

const outArg = process.argv.indexOf('--out');
const out = path.resolve(outArg > 0 ? process.argv[outArg + 1] : 'ui-shots');
if (!hasChromium) {
  console.error(NO_CHROMIUM_REASON);
  process.exit(1);
}

const dir = mkdtempSync(path.join(tmpdir(), 'mnemo-shots-'));
const mnemo = openMemory({ dataDir: dir, embedder: { kind: 'hashing' }, worker: { background: false } });
const seeded = await seedProfile(mnemo);
await mnemo.profile('notes').remember({ content: 'A second profile, to show the Profiles page with more than one.', type: 'fact' });
const server = await startHttpServer({ mnemo, port: 0, logger: false });
const browser = await launchChromium();
mkdirSync(out, { recursive: true });

const pages: [string, string, string?][] = [
  ['01-profiles', '/ui'],
  ['02-memories', '/ui/p/demo/memories?status=any'],
  ['03-memories-search', '/ui/p/demo/memories?q=database&status=any'],
  ['04-memory', `/ui/p/demo/m/${seeded.sqlite}`],
  ['05-memory-provenance', '/ui/p/demo/memories?q=pnpm', 'table[aria-label="Memories"] a.content'],
  ['06-recall-compare', '/ui/p/demo/recall?q=Which+database+does+the+project+use%3F&q2=What+package+manager+do+we+use%3F'],
  ['07-timeline', '/ui/p/demo/timeline'],
  ['08-timeline-month', '/ui/p/demo/timeline?prefix=2026-04'],
  ['09-jobs', '/ui/p/demo/jobs'],
  ['10-import-export', '/ui/p/demo/transfer'],
  ['11-xss-inert', `/ui/p/demo/m/${seeded.xss}`],
  ['12-unknown-profile', '/ui/p/nobody/memories'],
];

console.log(`Chromium ${browser.version()} (${CHROMIUM}) → ${out}`);
let largest = 0;
try {
  for (const [name, url, clickFirst] of pages) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (req) => sizes.push(req.sizes().then((s) => s.responseBodySize + s.responseHeadersSize)));
    await page.goto(server.url + url);
    await page.waitForSelector('main h1');
    if (clickFirst) {
      await page.locator(clickFirst).first().click();
      await page.waitForSelector('main h2:has-text("Provenance")');
    }
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
    const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    largest = Math.max(largest, bytes);
    console.log(`${name.padEnd(22)} ${(bytes / 1024).toFixed(1).padStart(6)} KB transferred  ${url}`);
    await page.close();
  }
  console.log(`largest page: ${(largest / 1024).toFixed(1)} KB (budget 150 KB gzipped)`);
} finally {
  await browser.close();
  await server.close();
  await mnemo.close();
  rmSync(dir, { recursive: true, force: true });
}
