/** URLs of the inspector's views (one place, so links and routes agree). */
export const UI = '/ui';

const enc = encodeURIComponent;
export const paths = {
  home: () => UI,
  open: () => `${UI}/open`,
  memories: (profile: string, query?: Record<string, string | undefined>) => `${UI}/p/${enc(profile)}/memories${qs(query)}`,
  memory: (profile: string, id: string) => `${UI}/p/${enc(profile)}/m/${enc(id)}`,
  recall: (profile: string, query?: Record<string, string | undefined>) => `${UI}/p/${enc(profile)}/recall${qs(query)}`,
  timeline: (profile: string, prefix = '') => `${UI}/p/${enc(profile)}/timeline${qs({ prefix: prefix || undefined })}`,
  jobs: (profile: string) => `${UI}/p/${enc(profile)}/jobs`,
  transfer: (profile: string) => `${UI}/p/${enc(profile)}/transfer`,
  api: (profile: string) => `/v1/profiles/${enc(profile)}`,
};

export function qs(query: Record<string, string | undefined> = {}): string {
  const entries = Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '');
  return entries.length ? `?${new URLSearchParams(entries).toString()}` : '';
}
