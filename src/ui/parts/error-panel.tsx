/** @jsxImportSource hono/jsx */
import type { ErrorCode } from '../../errors.js';
import { paths } from '../paths.js';

const TITLES: Partial<Record<ErrorCode, string>> = {
  unauthorized: 'An API key is needed, or the one given was refused',
  forbidden: 'This API key may not do that',
  not_found: 'Not found',
  invalid_input: 'That request is not valid',
  invalid_profile: 'That profile name is not valid',
  conflict: 'That cannot be done in the current state',
  too_large: 'Too large',
  rate_limited: 'Too many requests',
};

/** A failure as a readable panel: what went wrong and what to do next, never a blank page. */
export function ErrorPanel({ code, message, requestId }: { code: ErrorCode; message: string; requestId?: string }) {
  return (
    <section class="notice error" role="alert" data-error-code={code}>
      <h1>{TITLES[code] ?? 'Something went wrong'}</h1>
      <p>{message}</p>
      {code === 'unauthorized' && <p>Type an API key (mnemo_…) in the box at the top of the page and press “Use key”. It is kept for this tab only.</p>}
      {code === 'internal' && requestId && <p class="small">Request id {requestId}: the server log has the details.</p>}
      <p><a href={paths.home()}>Back to the profiles</a></p>
    </section>
  );
}
