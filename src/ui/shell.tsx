/** @jsxImportSource hono/jsx */
/**
 * The one HTML document of the inspector. It carries no profile data: every view is a fragment
 * fetched by htmx with the bearer key, so a plain navigation (bookmark, reload) never needs a
 * cookie and an unauthenticated visitor sees only this empty frame.
 */
import { raw } from 'hono/html';

/** htmx settings: no history snapshots (memory text never lands in storage), no eval, errors are swapped in. */
const HTMX_CONFIG = JSON.stringify({
  historyCacheSize: 0,
  refreshOnHistoryMiss: true,
  allowEval: false,
  allowScriptTags: false,
  includeIndicatorStyles: false,
  selfRequestsOnly: true,
  defaultSwapStyle: 'innerHTML',
  responseHandling: [
    { code: '204', swap: false },
    { code: '[23]..', swap: true },
    { code: '[45]..', swap: true, error: true },
  ],
});

export function Shell() {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="htmx-config" content={HTMX_CONFIG} />
        <title>mnemo inspector</title>
        <link rel="icon" href="/ui/assets/icon.svg" />
        <link rel="stylesheet" href="/ui/assets/app.css" />
        <script src="/ui/assets/htmx.min.js" defer></script>
        <script src="/ui/assets/app.js" defer></script>
      </head>
      <body hx-boost="true" hx-target="#main" hx-swap="innerHTML show:window:top">
        <a class="skip" href="#main">Skip to content</a>
        <header>
          <a class="brand" href="/ui">mnemo inspector</a>
          <form id="key-form" hx-boost="false" aria-label="API key for this tab">
            <label for="api-key">API key</label>
            <input id="api-key" name="key" type="password" autocomplete="off" placeholder="mnemo_…" size={28} />
            <button type="submit">Use key</button>
            <button type="button" id="key-clear">Forget key</button>
            <span id="key-state" class="muted small" role="status"></span>
          </form>
        </header>
        <main id="main" tabindex={-1} aria-live="polite">
          <p class="muted">Loading…</p>
          <noscript>{raw('<p class="notice error">The inspector needs JavaScript to send your API key with each request.</p>')}</noscript>
        </main>
      </body>
    </html>
  );
}
