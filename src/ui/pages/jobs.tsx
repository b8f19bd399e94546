/** @jsxImportSource hono/jsx */
import type { ProfileApi } from '../../api.js';
import type { Job } from '../../types.js';
import { truncate, when } from '../format.js';
import { ProfileNav } from '../parts/nav.js';
import { paths } from '../paths.js';
import { view, type ViewResult } from '../view.js';

const SHOWN = ['failed', 'running', 'pending'] as const;

async function jobsPage(profile: ProfileApi, name: string, notice?: string): Promise<ViewResult> {
  const [counts, ...lists] = await Promise.all([profile.jobs(), ...SHOWN.map((status) => profile.listJobs({ status, limit: 100 }))]);
  return {
    html: (
      <>
        <ProfileNav profile={name} active="jobs" />
        <h1>Jobs of {name}</h1>
        {notice && <p class="notice ok" role="status">{notice}</p>}
        <p>{counts.pending} pending · {counts.running} running · {counts.failed} failed · {counts.done} done</p>
        {SHOWN.map((status, i) => <JobTable profile={name} status={status} jobs={lists[i]} total={counts[status]} />)}
      </>
    ),
    pushUrl: paths.jobs(name),
  };
}

export const jobsView = view({
  method: 'get', path: '/ui/p/:name/jobs', scope: 'read',
  render: ({ profile, name }) => jobsPage(profile, name),
});

export const retryView = view({
  method: 'post', path: '/ui/p/:name/jobs/:id/retry', scope: 'write',
  async render({ profile, name, params }) {
    const job = await profile.retryJob(params.id);
    return jobsPage(profile, name, `Job ${job.id} (${job.kind}) is queued again.`);
  },
});

function JobTable({ profile, status, jobs, total }: { profile: string; status: string; jobs: Job[]; total: number }) {
  return (
    <section aria-label={`${status} jobs`}>
      <h2>{status[0].toUpperCase() + status.slice(1)} ({total})</h2>
      {jobs.length === 0 ? <p class="muted">None.</p> : (
        <table>
          <thead><tr><th>Job</th><th>Kind</th><th class="num">Attempts</th><th>Due</th><th>Updated</th><th>Error</th>{status === 'failed' && <th>Action</th>}</tr></thead>
          <tbody>
            {jobs.map((j) => (
              <tr>
                <td class="small">{j.id}</td><td>{j.kind}</td><td class="num">{j.attempts}/{j.maxAttempts}</td>
                <td class="small">{when(j.runAt)}</td><td class="small">{when(j.updatedAt)}</td>
                <td class="content small">{j.lastError ? truncate(j.lastError, 400) : '—'}</td>
                {status === 'failed' && (
                  <td>
                    <form method="post" action={`${paths.jobs(profile)}/${encodeURIComponent(j.id)}/retry`}>
                      <button type="submit" aria-label={`Retry job ${j.id}`}>Retry</button>
                    </form>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {total > jobs.length && <p class="muted small">Showing the oldest {jobs.length} of {total}.</p>}
    </section>
  );
}
