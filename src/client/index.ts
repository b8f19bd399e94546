/**
 * `mnemo/client`: a typed HTTP client for a mnemo server. fetch-based (Node 18+, Bun, Deno,
 * browsers, Workers) and free of server code at run time.
 *
 *   const mnemo = createClient({ baseUrl: 'http://127.0.0.1:7077', apiKey });
 *   const me = mnemo.profile('me');
 *   await me.remember({ content: 'The user prefers pnpm.', userId: 'alice' });
 *   const { answer } = await me.recall('which package manager?', { userId: 'alice' });
 *   for await (const m of me.memories({ userId: 'alice' })) console.log(m.content);
 */
import { ProfileClient } from './profile-client.js';
import { type ClientOptions, Transport } from './transport.js';

export class MnemoClient {
  private readonly http: Transport;

  constructor(opts: ClientOptions) {
    this.http = new Transport(opts);
  }

  profile(name: string): ProfileClient {
    return new ProfileClient(name, this.http);
  }

  async listProfiles(): Promise<string[]> {
    return (await this.http.request<{ profiles: string[] }>('GET', 'v1/profiles')).profiles;
  }

  async health(): Promise<{ status: string; version: string }> {
    return this.http.request('GET', 'healthz');
  }
}

export function createClient(opts: ClientOptions): MnemoClient {
  return new MnemoClient(opts);
}

export { MnemoError, isMnemoError, ERROR_CODES, type ErrorCode } from '../errors.js';
export { ProfileClient, type WatchOptions } from './profile-client.js';
export type { ClientOptions } from './transport.js';
export type * from './types.js';
