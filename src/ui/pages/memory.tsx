/** @jsxImportSource hono/jsx */
import type { ProfileApi } from '../../api.js';
import type { Provenance } from '../../inspect/index.js';
import { MEMORY_TYPES, type Memory } from '../../types.js';
import { fixed, when } from '../format.js';
import { StatusBadge } from '../parts/memory-bits.js';
import { ProfileNav } from '../parts/nav.js';
import { paths } from '../paths.js';
import { view, type ViewResult } from '../view.js';

async function memoryPage(profile: ProfileApi, name: string, id: string, notice?: string): Promise<ViewResult> {
  const memory = await profile.get(id);
  const [provenance, history] = await Promise.all([
    profile.provenance(id),
    memory.topicKey ? profile.history(memory.topicKey) : Promise.resolve([] as Memory[]),
  ]);
  return {
    html: (
      <>
        <ProfileNav profile={name} active="memories" />
        {notice && <p class="notice ok" role="status">{notice}</p>}
        <h1>Memory {memory.id.slice(0, 8)}</h1>
        <MemoryFacts profile={name} m={memory} />
        <h2>Question forms</h2>
        {memory.queries.length ? <ul>{memory.queries.map((q) => <li>{q}</li>)}</ul> : <p class="muted">None.</p>}
        <h2>Provenance</h2>
        <ProvenanceView p={provenance} />
        {memory.topicKey && <History profile={name} current={memory} items={history} />}
        <Actions profile={name} m={memory} />
      </>
    ),
    pushUrl: paths.memory(name, memory.id),
  };
}

export const memoryView = view({
  method: 'get', path: '/ui/p/:name/m/:id', scope: 'read',
  render: ({ profile, name, params }) => memoryPage(profile, name, params.id),
});

export const forgetView = view({
  method: 'post', path: '/ui/p/:name/m/:id/forget', scope: 'write',
  async render({ profile, name, params, form }) {
    const purge = form.get('purge') === 'true';
    await profile.forget(params.id, { purge, reason: 'web inspector' });
    return memoryPage(profile, name, params.id, purge ? 'Purged: the content is erased; the record stays for the audit trail.' : 'Forgotten: it no longer appears in recall.');
  },
});

export const editView = view({
  method: 'post', path: '/ui/p/:name/m/:id/edit', scope: 'write',
  async render({ profile, name, params, form }) {
    const tags = (form.get('tags') ?? '').split(/[\s,]+/).map((t) => t.replace(/^#/, '')).filter(Boolean);
    const { memory } = await profile.update(params.id, {
      content: form.get('content') ?? undefined,
      type: (form.get('type') || undefined) as Memory['type'] | undefined,
      tags,
    });
    return memoryPage(profile, name, memory.id, 'Saved as a new version; the previous one is kept in the history, superseded by this one.');
  },
});

function MemoryFacts({ profile, m }: { profile: string; m: Memory }) {
  return (
    <section class="card" aria-label="Memory">
      <p class="content" data-testid="memory-content">{m.content}</p>
      <dl class="facts">
        <dt>Type</dt><dd>{m.type}</dd>
        <dt>Status</dt><dd><StatusBadge status={m.status} />{m.supersededBy && <> by <a href={paths.memory(profile, m.supersededBy)}>{m.supersededBy.slice(0, 8)}</a></>}</dd>
        <dt>Topic key</dt><dd>{m.topicKey ?? '—'}</dd>
        <dt>Salience</dt><dd>{fixed(m.salience, 3)} <span class="muted small">(importance {fixed(m.importance, 2)})</span></dd>
        <dt>Tier</dt><dd>{m.tier}{m.pinned ? ', pinned' : ''}</dd>
        <dt>Accesses</dt><dd>{m.accessCount}{m.lastAccessedAt ? `, last ${when(m.lastAccessedAt)}` : ''}</dd>
        {m.eventTime && <><dt>Event time</dt><dd>{when(m.eventTime)}</dd></>}
        <dt>Session</dt><dd>{m.sessionId ? <a href={paths.memories(profile, { session: m.sessionId, status: 'any' })}>{m.sessionId}</a> : '—'}</dd>
        <dt>Tags</dt><dd>{m.tags.length ? m.tags.map((t, i) => <>{i > 0 && ' '}<a href={paths.memories(profile, { tag: t, status: 'any' })}>#{t}</a></>) : '—'}</dd>
        <dt>Created</dt><dd>{when(m.createdAt)}</dd>
        <dt>Updated</dt><dd>{when(m.updatedAt)}</dd>
        <dt>Id</dt><dd class="small">{m.id}</dd>
      </dl>
    </section>
  );
}

function ProvenanceView({ p }: { p: Provenance }) {
  if (p.sources.length === 0) return <p class="muted">Written directly (remember or import): no source messages.</p>;
  return (
    <>
      {p.sources.map((s) => (
        <section aria-label={`Source message ${s.messageId}`}>
          <h3 class="small">Source {s.messageId.slice(0, 8)}{s.context[0] ? <> in session {s.context[0].sessionId}</> : null}</h3>
          {!s.found && <p class="notice">This message is no longer stored.</p>}
          <ol class="conv">
            {s.context.map((msg) => (
              <li class={msg.id === s.messageId ? 'source' : undefined} aria-current={msg.id === s.messageId ? 'true' : undefined}>
                <strong>{msg.role}</strong> <span class="muted small">{when(msg.timestamp ?? msg.createdAt)}</span>
                <div class="content">{msg.content}</div>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}

function History({ profile, current, items }: { profile: string; current: Memory; items: Memory[] }) {
  return (
    <>
      <h2>History of {current.topicKey}</h2>
      <ol class="history" aria-label={`History of ${current.topicKey}`}>
        {items.map((m) => (
          <li class={m.id === current.id ? 'current' : undefined} aria-current={m.id === current.id ? 'true' : undefined}>
            <span class="muted small">{when(m.createdAt)}</span> <StatusBadge status={m.status} />{' '}
            {m.id === current.id ? <strong class="content">{m.content}</strong> : <a class="content" href={paths.memory(profile, m.id)}>{m.content}</a>}
            {m.supersededBy && <span class="small"> → superseded by <a href={paths.memory(profile, m.supersededBy)}>{m.supersededBy.slice(0, 8)}</a></span>}
          </li>
        ))}
      </ol>
    </>
  );
}

function Actions({ profile, m }: { profile: string; m: Memory }) {
  const base = paths.memory(profile, m.id);
  const editable = m.status === 'active';
  return (
    <>
      <h2>Fix this memory</h2>
      {editable ? (
        <details>
          <summary>Edit</summary>
          <form class="stack" method="post" action={`${base}/edit`} hx-confirm="Save these changes as a new version of the memory?">
            <label for="edit-content">Content<textarea id="edit-content" name="content" required>{m.content}</textarea></label>
            <label for="edit-type">Type
              <select id="edit-type" name="type">{MEMORY_TYPES.map((t) => <option selected={t === m.type}>{t}</option>)}</select>
            </label>
            <label for="edit-tags">Tags (space or comma separated)<input id="edit-tags" name="tags" value={m.tags.join(' ')} /></label>
            <button class="primary" type="submit">Save as new version</button>
          </form>
        </details>
      ) : <p class="muted">Only active memories can be edited.</p>}
      <div class="actions">
        {m.status !== 'forgotten' && (
          <form method="post" action={`${base}/forget`} hx-confirm="Forget this memory? It leaves recall but stays in the audit trail.">
            <input type="hidden" name="purge" value="false" />
            <button class="danger" type="submit">Forget</button>
          </form>
        )}
        {m.content !== '[purged]' && (
          <form method="post" action={`${base}/forget`} hx-confirm="Purge this memory? Its content, questions and tags are erased for good.">
            <input type="hidden" name="purge" value="true" />
            <button class="danger" type="submit">Purge</button>
          </form>
        )}
      </div>
    </>
  );
}
