/** @jsxImportSource hono/jsx */
import { paths } from '../paths.js';

export type Section = 'memories' | 'recall' | 'timeline' | 'jobs' | 'transfer';

const SECTIONS: [Section, string, (p: string) => string][] = [
  ['memories', 'Memories', (p) => paths.memories(p)],
  ['recall', 'Recall playground', (p) => paths.recall(p)],
  ['timeline', 'Timeline', (p) => paths.timeline(p)],
  ['jobs', 'Jobs', (p) => paths.jobs(p)],
  ['transfer', 'Import and export', (p) => paths.transfer(p)],
];

/** Breadcrumb plus the profile's sections; the current one is marked for screen readers. */
export function ProfileNav({ profile, active }: { profile: string; active?: Section }) {
  return (
    <>
      <p class="small"><a href={paths.home()}>Profiles</a> › <strong>{profile}</strong></p>
      <nav class="sub" aria-label={`Profile ${profile}`}>
        {SECTIONS.map(([id, label, href]) => (
          <a href={href(profile)} aria-current={id === active ? 'page' : undefined}>{label}</a>
        ))}
      </nav>
    </>
  );
}
