/** @jsxImportSource hono/jsx */
import type { ChannelHit, RecallChannel, RecallResult } from '../../api.js';
import { fixed, truncate, when } from '../format.js';
import { MemoryLink } from '../parts/memory-bits.js';
import { ProfileNav } from '../parts/nav.js';
import { paths } from '../paths.js';
import { view } from '../view.js';

const CHANNELS: [RecallChannel, string][] = [
  ['fulltext', 'Full text'], ['topic_key', 'Topic key'], ['messages', 'Messages'], ['vector', 'Vector'], ['hyde', 'HyDE'],
];

export const recallView = view({
  method: 'get', path: '/ui/p/:name/recall', scope: 'read',
  async render({ name, profile, query }) {
    const questions = [query.q, query.q2].map((q) => q?.trim() ?? '').filter(Boolean);
    const opts = {
      limit: query.limit ? Number(query.limit) : 10,
      synthesize: query.synthesize !== 'off',
      includeSuperseded: query.superseded === 'on',
    };
    const results = await Promise.all(questions.map((q) => profile.recall(q, opts)));
    return {
      html: (
        <>
          <ProfileNav profile={name} active="recall" />
          <h1>Recall playground</h1>
          <RecallForm profile={name} query={query} />
          {results.length === 0 && <p class="muted">Ask a question to see what recall returns and why. Add a second question to compare them side by side.</p>}
          <div class={results.length > 1 ? 'side' : undefined}>
            {results.map((r, i) => <RecallColumn profile={name} r={r} label={results.length > 1 ? `Question ${i + 1}` : 'Result'} />)}
          </div>
        </>
      ),
    };
  },
});

function RecallForm({ profile, query }: { profile: string; query: Record<string, string> }) {
  return (
    <form class="filters" method="get" action={paths.recall(profile)} aria-label="Recall">
      <label for="rq">Question<input id="rq" name="q" type="search" value={query.q ?? ''} size={40} required /></label>
      <label for="rq2">Compare with (optional)<input id="rq2" name="q2" type="search" value={query.q2 ?? ''} size={40} /></label>
      <label for="rlimit">Results
        <select id="rlimit" name="limit">{['5', '10', '20', '50'].map((n) => <option selected={(query.limit ?? '10') === n}>{n}</option>)}</select>
      </label>
      <label for="rsynth">Answer
        <select id="rsynth" name="synthesize">
          <option value="on" selected={query.synthesize !== 'off'}>synthesize</option>
          <option value="off" selected={query.synthesize === 'off'}>hits only</option>
        </select>
      </label>
      <label for="rsup"><span>Superseded</span>
        <select id="rsup" name="superseded">
          <option value="" selected={query.superseded !== 'on'}>exclude</option>
          <option value="on" selected={query.superseded === 'on'}>include</option>
        </select>
      </label>
      <button class="primary" type="submit">Recall</button>
    </form>
  );
}

function ChannelCells({ hits }: { hits: ChannelHit[] }) {
  return (
    <>
      {CHANNELS.map(([ch]) => {
        const hit = hits.find((h) => h.channel === ch);
        return <td class="num small" data-channel={ch}>{hit ? <>#{hit.rank}<br /><span class="muted">{fixed(hit.score, 3)}</span></> : '—'}</td>;
      })}
    </>
  );
}

function RecallColumn({ profile, r, label }: { profile: string; r: RecallResult; label: string }) {
  const reading = r.reading;
  return (
    <section class="card" aria-label={`${label}: ${r.query}`} data-testid="recall-result">
      <h2>{label}: “{r.query}”</h2>
      <dl class="facts">
        <dt>Answer</dt><dd class="content" data-testid="recall-answer">{r.answer ?? (r.abstained ? 'Nothing found (abstained).' : '—')}</dd>
        <dt>Confidence</dt><dd><meter min={0} max={1} value={r.confidence} aria-label="confidence" /> {fixed(r.confidence, 2)}{r.abstained ? ' · abstained' : ''}</dd>
        <dt>Read as</dt><dd>{reading.kind}{reading.temporal ? ', temporal' : ''}{reading.history ? ', asks about history' : ''}</dd>
        <dt>Words searched</dt><dd>{reading.terms.join(', ') || '—'}</dd>
        <dt>Time range</dt><dd>{reading.timeRange ? `${reading.timeRange.text}: ${when(reading.timeRange.start)} → ${when(reading.timeRange.end)}` : '—'}</dd>
        <dt>Timings</dt><dd class="small">{Object.entries(r.timings).map(([k, v]) => `${k} ${v.toFixed(1)} ms`).join(' · ')}</dd>
      </dl>
      {r.temporal.length > 0 && (<><h3>Computed time facts</h3><ul>{r.temporal.map((t) => <li>{t.statement}</li>)}</ul></>)}
      <h3>Memories ({r.memories.length})</h3>
      <table aria-label="Recalled memories by channel">
        <thead><tr><th class="num">#</th><th>Memory</th><th class="num">Score</th>{CHANNELS.map(([, l]) => <th class="num">{l}</th>)}</tr></thead>
        <tbody>
          {r.memories.map((m, i) => (
            <tr>
              <td class="num">{i + 1}</td>
              <td class="hit"><MemoryLink profile={profile} memory={m} max={140} /><div class="muted small">{m.type}{m.status !== 'active' ? ` · ${m.status}` : ''}{m.tier === 'cold' ? ' · cold' : ''}</div></td>
              <td class="num">{fixed(m.score, 4)}</td>
              <ChannelCells hits={m.channels} />
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Messages ({r.messages.length})</h3>
      {r.messages.length > 0 ? (
        <table aria-label="Recalled messages by channel">
          <thead><tr><th class="num">#</th><th>Message</th><th class="num">Score</th>{CHANNELS.map(([, l]) => <th class="num">{l}</th>)}</tr></thead>
          <tbody>
            {r.messages.map((m, i) => (
              <tr>
                <td class="num">{i + 1}</td>
                <td class="hit"><span class="content">{truncate(m.content, 160)}</span><div class="muted small">{m.role} · {m.sessionId} · {when(m.timestamp ?? m.createdAt)}</div></td>
                <td class="num">{fixed(m.score, 4)}</td>
                <ChannelCells hits={m.channels} />
              </tr>
            ))}
          </tbody>
        </table>
      ) : <p class="muted">None.</p>}
    </section>
  );
}
