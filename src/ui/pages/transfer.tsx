/** @jsxImportSource hono/jsx */
import { INDEX_FILE, renderMarkdownExport } from '../../interop/markdown/index.js';
import { ProfileNav } from '../parts/nav.js';
import { paths } from '../paths.js';
import { view } from '../view.js';

export const transferView = view({
  method: 'get', path: '/ui/p/:name/transfer', scope: 'read',
  async render({ name, profile }) {
    await profile.inspect(); // an unknown profile gets its not-found message here, not on the first click
    return {
      html: (
        <>
          <ProfileNav profile={name} active="transfer" />
          <h1>Import and export</h1>
          <h2>Export</h2>
          <div class="actions">
            <button type="button" data-download={`${paths.api(name)}/export`} data-filename={`${name}.mnemo.json`}>Download JSON (round-trips exactly)</button>
            <button type="button" data-download={`${paths.transfer(name)}/memories.md`} data-filename={`${name}.memories.md`}>Download Markdown</button>
          </div>
          <h2>Import</h2>
          <form id="import-form" class="stack" hx-boost="false" data-action={`${paths.api(name)}/import`} data-profile={name} aria-label="Import a JSON export">
            <label for="import-file">A JSON export file (from “Download JSON” or <code>mnemo export</code>)
              <input id="import-file" name="file" type="file" accept=".json,application/json" required />
            </label>
            <fieldset>
              <legend>Strategy</legend>
              <label><input type="radio" name="strategy" value="merge" checked /> Merge: keep what is here, add what is new</label>
              <label><input type="radio" name="strategy" value="replace" /> Replace: empty the profile first</label>
            </fieldset>
            <button class="primary" type="submit">Import</button>
          </form>
          <p id="transfer-result" class="notice" role="status" aria-live="polite">No transfer yet.</p>
        </>
      ),
    };
  },
});

/** Active memories as one Markdown file: the MEMORY.md index, then every memory file. */
export const markdownExportView = view({
  method: 'get', path: '/ui/p/:name/transfer/memories.md', scope: 'read', kind: 'file',
  async render({ profile }) {
    const doc = await profile.export();
    const { files } = renderMarkdownExport(doc.memories.filter((m) => m.status === 'active'));
    const ordered = [...files].sort(([a], [b]) => Number(b === INDEX_FILE) - Number(a === INDEX_FILE));
    const parts = ordered.map(([file, text]) => `<!-- file: ${file} -->\n${text.trimEnd()}\n`);
    return { html: parts.join('\n'), contentType: 'text/markdown; charset=utf-8' };
  },
});
