/** The inspector's static files, read and gzipped once: htmx from its npm package, our script and CSS. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { CLIENT_SCRIPT } from './client/script.js';
import { STYLE } from './client/style.js';

export interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer;
}

const js = 'text/javascript; charset=utf-8';
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#2457c5"/><text x="8" y="12" font-size="10" text-anchor="middle" fill="#fff" font-family="sans-serif">m</text></svg>';

function asset(type: string, text: string | Buffer): Asset {
  const body = typeof text === 'string' ? Buffer.from(text) : text;
  return { type, body, gzip: gzipSync(body, { level: 9 }) };
}

let cache: Map<string, Asset> | null = null;

export function uiAssets(): Map<string, Asset> {
  cache ??= new Map([
    ['htmx.min.js', asset(js, readFileSync(createRequire(import.meta.url).resolve('htmx.org/dist/htmx.min.js')))],
    ['app.js', asset(js, CLIENT_SCRIPT)],
    ['app.css', asset('text/css; charset=utf-8', STYLE)],
    ['icon.svg', asset('image/svg+xml', ICON)],
  ]);
  return cache;
}
