/**
 * The inspector's only hand-written browser code, served as /ui/assets/app.js. It keeps the API
 * key in sessionStorage and adds it to every request as a bearer header (the server sets no
 * cookie), loads the first view, and runs the two actions htmx cannot express: downloads and
 * uploads through the REST API. Untrusted text is only ever written with textContent.
 */
export const CLIENT_SCRIPT = String.raw`
(function () {
  'use strict';
  var KEY = 'mnemo.apiKey';
  var main = function () { return document.getElementById('main'); };
  var key = function () { try { return sessionStorage.getItem(KEY) || ''; } catch (e) { return ''; } };
  var authHeaders = function () { var k = key(); return k ? { Authorization: 'Bearer ' + k } : {}; };
  var fragmentPath = function () { return location.pathname + location.search; };

  function showKeyState() {
    var state = document.getElementById('key-state');
    if (state) state.textContent = key() ? 'Key set for this tab.' : 'No key set.';
  }

  function load() {
    htmx.ajax('GET', fragmentPath(), { target: '#main', swap: 'innerHTML' });
  }

  function say(el, text, isError) {
    if (!el) return;
    el.textContent = text;
    el.className = isError ? 'notice error' : 'notice';
  }

  async function errorText(res) {
    try { var body = await res.json(); return body.error.code + ': ' + body.error.message; }
    catch (e) { return 'HTTP ' + res.status; }
  }

  async function download(button) {
    var out = document.getElementById('transfer-result');
    say(out, 'Preparing ' + button.dataset.filename + '…', false);
    try {
      var res = await fetch(button.dataset.download, { headers: authHeaders() });
      if (!res.ok) return say(out, 'Export failed: ' + await errorText(res), true);
      var url = URL.createObjectURL(await res.blob());
      var a = document.createElement('a');
      a.href = url; a.download = button.dataset.filename; document.body.appendChild(a); a.click(); a.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
      say(out, 'Downloaded ' + button.dataset.filename + '.', false);
    } catch (e) { say(out, 'Export failed: ' + e.message, true); }
  }

  async function upload(form) {
    var out = document.getElementById('transfer-result');
    var file = form.querySelector('input[type=file]').files[0];
    var strategy = form.querySelector('input[name=strategy]:checked').value;
    if (!file) return say(out, 'Choose a file to import first.', true);
    if (strategy === 'replace' && !confirm('Replace overwrites the memories of profile "' + form.dataset.profile + '" that the file also holds (memories only in the profile are kept). Continue?')) return;
    var doc;
    try { doc = JSON.parse(await file.text()); } catch (e) { return say(out, 'Import failed: ' + file.name + ' is not JSON (' + e.message + ').', true); }
    say(out, 'Importing ' + file.name + '…', false);
    try {
      var res = await fetch(form.dataset.action + '?strategy=' + encodeURIComponent(strategy), {
        method: 'POST', headers: Object.assign({ 'content-type': 'application/json' }, authHeaders()), body: JSON.stringify(doc),
      });
      if (!res.ok) return say(out, 'Import failed: ' + await errorText(res), true);
      var result = await res.json();
      say(out, 'Imported ' + result.memories + ' memories and ' + result.messages + ' messages (' + strategy + ').', false);
    } catch (e) { say(out, 'Import failed: ' + e.message, true); }
  }

  document.addEventListener('htmx:configRequest', function (evt) {
    var k = key();
    if (k) evt.detail.headers['Authorization'] = 'Bearer ' + k;
  });
  document.addEventListener('htmx:sendError', function () {
    say(main(), 'The server did not answer. Is mnemo serve still running?', true);
  });
  document.addEventListener('htmx:afterSwap', function (evt) {
    if (evt.detail.target && evt.detail.target.id === 'main') {
      var heading = main().querySelector('h1');
      if (heading) { document.title = heading.textContent + ' · mnemo inspector'; }
      // After a navigation the clicked control is gone: continue from the top of the new view.
      if (evt.detail.boosted) main().focus({ preventScroll: true });
    }
  });
  document.addEventListener('submit', function (evt) {
    var form = evt.target;
    if (form.id === 'key-form') {
      evt.preventDefault();
      var input = document.getElementById('api-key');
      try { sessionStorage.setItem(KEY, input.value.trim()); } catch (e) {}
      input.value = '';
      showKeyState();
      load();
    } else if (form.id === 'import-form') {
      evt.preventDefault();
      upload(form);
    }
  });
  document.addEventListener('click', function (evt) {
    var target = evt.target.closest('button');
    if (!target) return;
    if (target.id === 'key-clear') { try { sessionStorage.removeItem(KEY); } catch (e) {} showKeyState(); load(); }
    else if (target.dataset.download) download(target);
  });
  document.addEventListener('DOMContentLoaded', function () { showKeyState(); load(); });
})();
`;
