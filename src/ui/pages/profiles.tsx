/** @jsxImportSource hono/jsx */
import { allows } from '../../auth/access.js';
import type { ProfileInspection } from '../../inspect/index.js';
import { bytes, when } from '../format.js';
import { paths } from '../paths.js';
import { view } from '../view.js';

/** Profiles inspected at most on one page (each costs a grouped count). */
const MAX_PROFILES = 50;

export const profilesView = view({
  method: 'get', path: '/ui', scope: 'read',
  async render({ mnemo, key }) {
    // As in the API, listing profiles needs an admin key for every profile; a key limited to one
    // profile sees that one, and a '*' key without admin scope opens profiles by name.
    if (key && key.profile === '*' && !allows(key, 'admin')) return { html: <OpenByName /> };
    const names = key && key.profile !== '*' ? [key.profile] : await mnemo.listProfiles();
    const shown = names.slice(0, MAX_PROFILES);
    const inspections = await Promise.all(shown.map(async (name) => {
      try {
        return { name, data: await mnemo.profile(name).inspect() };
      } catch (err) {
        return { name, error: err instanceof Error ? err.message : String(err) };
      }
    }));
    return {
      html: (
        <>
          <h1>Profiles</h1>
          {names.length === 0 && <p class="notice">No profiles yet. Write a memory (<code>mnemo remember</code>) or ingest a conversation to create one.</p>}
          {names.length > shown.length && <p class="notice">Showing the first {shown.length} of {names.length} profiles.</p>}
          <div class="cards">
            {inspections.map((p) => ('data' in p && p.data ? <ProfileCard name={p.name} data={p.data} /> : (
              <section class="card"><h2>{p.name}</h2><p class="notice error">{'error' in p ? p.error : ''}</p></section>
            )))}
          </div>
        </>
      ),
    };
  },
});

function Counts({ title, counts }: { title: string; counts: Record<string, number> }) {
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  return (
    <>
      <dt>{title}</dt>
      <dd>{entries.length ? entries.map(([k, n], i) => <>{i > 0 && ', '}{k} <strong>{n}</strong></>) : 'none'}</dd>
    </>
  );
}

function ProfileCard({ name, data }: { name: string; data: ProfileInspection }) {
  const backlog = data.jobs.pending + data.jobs.running;
  return (
    <section class="card" aria-labelledby={`profile-${name}`}>
      <h2 id={`profile-${name}`}><a href={paths.memories(name)}>{name}</a></h2>
      <dl class="facts">
        <dt>Memories</dt><dd><strong>{data.memories.total}</strong></dd>
        <Counts title="By type" counts={data.memories.byType} />
        <Counts title="By status" counts={data.memories.byStatus} />
        <Counts title="By tier" counts={data.memories.byTier} />
        <dt>Messages</dt><dd>{data.messages}</dd>
        <dt>Size on disk</dt><dd>{bytes(data.sizeBytes)}</dd>
        <dt>Last write</dt><dd>{when(data.lastWriteAt)}</dd>
        <dt>Job backlog</dt>
        <dd>
          <a href={paths.jobs(name)}>{backlog} queued or running</a>
          {data.jobs.failed > 0 && <>, <span class="badge failed">{data.jobs.failed} failed</span></>}
        </dd>
      </dl>
    </section>
  );
}

function OpenByName() {
  return (
    <>
      <h1>Profiles</h1>
      <p class="notice">This key may read every profile, but listing their names needs an admin key. Open a profile by its name.</p>
      <form class="filters" method="get" action={paths.open()} aria-label="Open a profile">
        <label for="open-profile">Profile name<input id="open-profile" name="profile" required pattern="[a-z0-9][a-z0-9._-]{0,99}" /></label>
        <button class="primary" type="submit">Open</button>
      </form>
    </>
  );
}
