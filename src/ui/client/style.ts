/** The inspector's stylesheet, served as /ui/assets/app.css (no inline styles: the CSP forbids them). */
export const STYLE = `
:root { color-scheme: light dark; --fg: #1d2330; --muted: #5b6475; --line: #d5dae3; --bg: #fff; --panel: #f5f7fa;
  --accent: #2457c5; --bad: #b3261e; --ok: #1b7a3d; font: 15px/1.45 system-ui, sans-serif; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e9ef; --muted: #a3acbd; --line: #3a4150; --bg: #161a22; --panel: #1f2430; --accent: #8fb0ff; --bad: #ff8a80; --ok: #7bd88f; } }
* { box-sizing: border-box; }
body { margin: 0; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; } .skip:focus { left: 8px; top: 8px; background: var(--bg); padding: 4px 8px; z-index: 9; }
header { display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: center; padding: 10px 20px; border-bottom: 1px solid var(--line); background: var(--panel); }
header .brand { font-weight: 700; font-size: 1.1em; text-decoration: none; color: var(--fg); }
#key-form { display: flex; gap: 6px; align-items: center; margin-left: auto; flex-wrap: wrap; }
main { padding: 16px 20px 48px; max-width: 1400px; }
h1 { font-size: 1.4em; margin: 4px 0 12px; } h2 { font-size: 1.1em; margin: 24px 0 8px; } h3 { font-size: 1em; margin: 12px 0 6px; }
nav.sub { display: flex; gap: 4px; flex-wrap: wrap; margin: 0 0 12px; border-bottom: 1px solid var(--line); }
nav.sub a { padding: 6px 12px; text-decoration: none; border: 1px solid transparent; border-bottom: none; border-radius: 6px 6px 0 0; }
nav.sub a[aria-current=page] { border-color: var(--line); background: var(--panel); color: var(--fg); font-weight: 600; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
th, td { text-align: left; vertical-align: top; padding: 5px 8px; border-bottom: 1px solid var(--line); }
th { font-weight: 600; color: var(--muted); font-size: .9em; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.content { white-space: pre-wrap; overflow-wrap: anywhere; }
.muted { color: var(--muted); } .small { font-size: .88em; }
.notice { padding: 10px 14px; border: 1px solid var(--line); border-radius: 6px; background: var(--panel); margin: 8px 0; }
.notice.error { border-color: var(--bad); color: var(--bad); }
.notice.ok { border-color: var(--ok); }
form.filters { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: end; padding: 10px; background: var(--panel); border-radius: 6px; }
form.filters label, form.stack label { display: flex; flex-direction: column; font-size: .88em; color: var(--muted); gap: 2px; }
form.stack { display: flex; flex-direction: column; gap: 10px; max-width: 720px; }
input, select, textarea, button { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--line); border-radius: 5px; padding: 5px 8px; }
textarea { width: 100%; min-height: 6em; }
button { cursor: pointer; background: var(--panel); } button.primary { background: var(--accent); color: var(--bg); border-color: var(--accent); }
button.danger { border-color: var(--bad); color: var(--bad); }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 12px; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; background: var(--panel); }
.card h2 { margin-top: 0; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 14px; margin: 0; }
dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; }
.badge { display: inline-block; padding: 0 6px; border-radius: 9px; border: 1px solid var(--line); font-size: .82em; }
.badge.active { border-color: var(--ok); color: var(--ok); } .badge.forgotten, .badge.failed { border-color: var(--bad); color: var(--bad); }
.side { display: grid; grid-template-columns: repeat(auto-fit, minmax(480px, 1fr)); gap: 16px; }
.conv { list-style: none; padding: 0; margin: 4px 0 12px; border-left: 3px solid var(--line); }
.conv li { padding: 4px 10px; } .conv li.source { border-left: 3px solid var(--accent); margin-left: -3px; background: var(--panel); }
ol.history { list-style: none; padding: 0; border-left: 2px solid var(--line); margin-left: 6px; }
ol.history li { position: relative; padding: 4px 0 10px 16px; } ol.history li::before { content: ''; position: absolute; left: -6px; top: 10px; width: 10px; height: 10px; border-radius: 50%; background: var(--line); }
ol.history li.current::before { background: var(--accent); }
meter { width: 160px; }
td.hit { min-width: 14em; }
.pager { display: flex; gap: 16px; align-items: center; margin: 8px 0; }
.actions { display: flex; gap: 8px; flex-wrap: wrap; margin: 8px 0; }
details > summary { cursor: pointer; }
`;
