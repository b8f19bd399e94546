/** Unit test of the one code → status mapping, through the app with a stub profile. */
import { describe, expect, it } from 'vitest';
import type { MnemoApi, ProfileApi } from '../src/api.js';
import { ERROR_CODES, MnemoError, type ErrorCode } from '../src/errors.js';
import { createHttpApp } from '../src/http/app.js';
import { httpStatus } from '../src/http/errors.js';
import type { LogLine } from '../src/http/logging.js';

const failing = (err: unknown): MnemoApi => ({
  profile: (name: string) => ({ name, stats: () => Promise.reject(err) }) as unknown as ProfileApi,
  listProfiles: async () => [],
  close: async () => {},
});

describe('error mapping', () => {
  it('maps every code to its status in one table', () => {
    const expected: Record<ErrorCode, number> = {
      invalid_input: 400, invalid_profile: 400, not_found: 404, too_large: 413, conflict: 409, unauthorized: 401,
      forbidden: 403, rate_limited: 429, unavailable: 503, model_error: 502, internal: 500,
    };
    for (const code of ERROR_CODES) expect(httpStatus(code)).toBe(expected[code]);
  });

  it('answers {error:{code,message}} and hides internal messages but logs them', async () => {
    for (const code of ERROR_CODES) {
      const res = await createHttpApp({ mnemo: failing(new MnemoError(code, `boom ${code}`)), logger: false }).request('/v1/profiles/p/stats');
      expect(res.status).toBe(httpStatus(code));
      expect(((await res.json()) as any).error).toMatchObject({ code });
    }
    const lines: LogLine[] = [];
    const res = await createHttpApp({ mnemo: failing(new Error('SQLITE_CORRUPT secret path')), logger: (l) => lines.push(l) }).request('/v1/profiles/p/stats');
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain('SQLITE');
    expect(lines[0]).toMatchObject({ status: 500, route: '/v1/profiles/{name}/stats', error: { code: 'internal', message: 'SQLITE_CORRUPT secret path' } });
  });
});
