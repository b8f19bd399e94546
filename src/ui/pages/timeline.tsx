/** @jsxImportSource hono/jsx */
import { when } from '../format.js';
import { MemoryLink } from '../parts/memory-bits.js';
import { ProfileNav } from '../parts/nav.js';
import { paths } from '../paths.js';
import { view } from '../view.js';

const LEVELS = ['years', 'months', 'days', 'hours'];

/** '2026-04-15' → ['', '2026', '2026-04', '2026-04-15']: the zoom levels above and at the prefix. */
function crumbs(prefix: string): string[] {
  const out = [''];
  for (const len of [4, 7, 10]) if (prefix.length >= len) out.push(prefix.slice(0, len));
  return out;
}

export const timelineView = view({
  method: 'get', path: '/ui/p/:name/timeline', scope: 'read',
  async render({ name, profile, query }) {
    const prefix = query.prefix ?? '';
    const slice = await profile.timeline({ prefix, limit: 200 });
    const max = Math.max(1, ...slice.buckets.map((b) => Math.max(b.events, b.messages)));
    const level = LEVELS[crumbs(prefix).length - 1];
    const canZoom = prefix.length < 10;
    return {
      html: (
        <>
          <ProfileNav profile={name} active="timeline" />
          <h1>Timeline{prefix ? ` of ${prefix}` : ''}</h1>
          <nav aria-label="Zoom" class="small">
            {crumbs(prefix).map((c, i) => <>{i > 0 && ' › '}{c === prefix ? <strong>{c || 'All time'}</strong> : <a href={paths.timeline(name, c)}>{c || 'All time'}</a>}</>)}
          </nav>
          <h2>Events and messages by {level.replace(/s$/, '')}</h2>
          {slice.buckets.length === 0 ? <p class="notice" role="status">Nothing dated in this range.</p> : (
            <table aria-label={`Events and messages by ${level}`}>
              <thead><tr><th>{level}</th><th>Events</th><th class="num">n</th><th>Messages</th><th class="num">n</th></tr></thead>
              <tbody>
                {slice.buckets.map((b) => (
                  <tr>
                    <td>{canZoom ? <a href={paths.timeline(name, b.key)} aria-label={`Zoom into ${b.key}`}>{b.key}</a> : b.key.replace('T', ' ') + ':00'}</td>
                    <td><meter min={0} max={max} value={b.events} aria-label={`${b.events} events`} /></td><td class="num">{b.events}</td>
                    <td><meter min={0} max={max} value={b.messages} aria-label={`${b.messages} messages`} /></td><td class="num">{b.messages}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div class="side">
            <section>
              <h2>Events ({slice.events.length})</h2>
              {slice.events.length ? (
                <ol class="history">{slice.events.map((e) => <li><span class="muted small">{when(e.eventTime)}</span> <MemoryLink profile={name} memory={e} /></li>)}</ol>
              ) : <p class="muted">No events.</p>}
            </section>
            <section>
              <h2>Sessions ({slice.sessions.length})</h2>
              {slice.sessions.length ? (
                <table aria-label="Sessions">
                  <thead><tr><th>Session</th><th>First message</th><th>Last message</th><th class="num">Messages</th></tr></thead>
                  <tbody>{slice.sessions.map((s) => (
                    <tr>
                      <td><a href={paths.memories(name, { session: s.sessionId, status: 'any' })}>{s.sessionId}</a></td>
                      <td class="small">{when(s.first)}</td><td class="small">{when(s.last)}</td><td class="num">{s.messages}</td>
                    </tr>
                  ))}</tbody>
                </table>
              ) : <p class="muted">No sessions.</p>}
            </section>
          </div>
        </>
      ),
    };
  },
});
