/** @jsxImportSource hono/jsx */
import { authorize } from '../../auth/access.js';
import { MnemoError } from '../../errors.js';
import { profileNameSchema } from '../../schemas.js';
import { MEMORY_STATUSES, MEMORY_TIERS, MEMORY_TYPES, type Memory } from '../../types.js';
import { fixed, when } from '../format.js';
import { MemoryLink, StatusBadge } from '../parts/memory-bits.js';
import { ProfileNav } from '../parts/nav.js';
import { paths } from '../paths.js';
import { view } from '../view.js';

const FILTERS = ['q', 'type', 'status', 'tier', 'tag', 'session', 'from', 'to', 'limit'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

/** The day after a YYYY-MM-DD date, so "to" includes the whole day. */
function dayAfter(date: string): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? date : new Date(ms + 86_400_000).toISOString();
}

export const memoriesView = view({
  method: 'get', path: '/ui/p/:name/memories', scope: 'read',
  async render({ name, profile, query }) {
    const f: Filters = {};
    for (const k of FILTERS) if (query[k]?.trim()) f[k] = query[k].trim();
    const status = f.status ?? 'active';
    const page = await profile.browse({
      q: f.q, type: f.type as Memory['type'] | undefined, status: status === 'any' ? undefined : (status as Memory['status']),
      tier: f.tier as Memory['tier'] | undefined, tag: f.tag, sessionId: f.session,
      from: f.from, to: f.to ? dayAfter(f.to) : undefined,
      limit: f.limit ? Number(f.limit) : 50, cursor: query.cursor || undefined,
    });
    const pastEnd = page.items.length === 0 && Boolean(query.cursor);
    return {
      html: (
        <>
          <ProfileNav profile={name} active="memories" />
          <h1>Memories of {name}</h1>
          <FilterForm profile={name} f={f} status={status} />
          {pastEnd && (
            <p class="notice" role="status" data-past-end="true">
              There are no memories past this page. <a href={paths.memories(name, f)}>Back to the first page</a>.
            </p>
          )}
          {!pastEnd && page.items.length === 0 && <p class="notice" role="status">No memory matches these filters.</p>}
          {page.items.length > 0 && <MemoryTable profile={name} items={page.items} />}
          <div class="pager">
            {query.cursor && !pastEnd && <a href={paths.memories(name, f)}>First page</a>}
            {page.nextCursor && <a href={paths.memories(name, { ...f, cursor: page.nextCursor })} rel="next">Next page →</a>}
            <span class="muted small">{page.items.length} shown{page.nextCursor ? ', more on the next page' : ''}</span>
          </div>
        </>
      ),
    };
  },
});

/** `/ui/open?profile=name`: the Memories page of a profile typed by name (keys that may not list profiles). */
export const openView = view({
  method: 'get', path: '/ui/open', scope: 'read',
  async render(input) {
    const name = input.query.profile?.trim() ?? '';
    if (!profileNameSchema.safeParse(name).success) throw new MnemoError('invalid_profile', `invalid profile name "${name}": use [a-z0-9][a-z0-9._-]{0,99}`);
    authorize(input.key, 'read', name);
    return memoriesView.render({ ...input, name, profile: input.mnemo.profile(name), query: {} });
  },
});

function Select({ id, label, value, options, any }: { id: string; label: string; value: string; options: readonly string[]; any: string }) {
  return (
    <label for={id}>{label}
      <select id={id} name={id}>
        <option value={id === 'status' ? 'any' : ''} selected={value === '' || value === 'any'}>{any}</option>
        {options.map((o) => <option value={o} selected={o === value}>{o}</option>)}
      </select>
    </label>
  );
}

function FilterForm({ profile, f, status }: { profile: string; f: Filters; status: string }) {
  return (
    <form class="filters" method="get" action={paths.memories(profile)} role="search" aria-label="Filter memories">
      <label for="q">Search text<input id="q" name="q" type="search" value={f.q ?? ''} placeholder="words in content, questions, tags" size={28} /></label>
      <Select id="type" label="Type" value={f.type ?? ''} options={MEMORY_TYPES} any="any type" />
      <Select id="status" label="Status" value={status} options={MEMORY_STATUSES} any="any status" />
      <Select id="tier" label="Tier" value={f.tier ?? ''} options={MEMORY_TIERS} any="any tier" />
      <label for="tag">Tag<input id="tag" name="tag" value={f.tag ?? ''} size={12} /></label>
      <label for="session">Session<input id="session" name="session" value={f.session ?? ''} size={14} /></label>
      <label for="from">Created from<input id="from" name="from" type="date" value={f.from ?? ''} /></label>
      <label for="to">Created to<input id="to" name="to" type="date" value={f.to ?? ''} /></label>
      <label for="limit">Per page
        <select id="limit" name="limit">{['25', '50', '100', '200'].map((n) => <option selected={(f.limit ?? '50') === n}>{n}</option>)}</select>
      </label>
      <button class="primary" type="submit">Apply</button>
      <a href={paths.memories(profile)}>Reset</a>
    </form>
  );
}

function MemoryTable({ profile, items }: { profile: string; items: Memory[] }) {
  return (
    <table aria-label="Memories">
      <thead><tr><th>Created</th><th>Type</th><th>Status</th><th>Tier</th><th class="num">Salience</th><th>Content</th><th>Topic key</th><th>Tags</th></tr></thead>
      <tbody>
        {items.map((m) => (
          <tr>
            <td class="small">{when(m.createdAt)}</td>
            <td>{m.type}</td>
            <td><StatusBadge status={m.status} /></td>
            <td>{m.tier}</td>
            <td class="num">{fixed(m.salience, 2)}</td>
            <td><MemoryLink profile={profile} memory={m} /></td>
            <td class="small">{m.topicKey ?? ''}</td>
            <td class="small">{m.tags.map((t, i) => <>{i > 0 && ' '}<a href={paths.memories(profile, { tag: t, status: 'any' })}>#{t}</a></>)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
