/** Per-request variables shared by the middleware of the HTTP app. */
import type { KeyRecord } from '../auth/keys.js';

export interface HttpEnv {
  Variables: {
    requestId: string;
    /** The verified API key, or null when the server runs open (loopback without keys). */
    key: KeyRecord | null;
    /** The matched route pattern, for metrics and logs. */
    route: string;
    /** The profile the request addressed, for logs. */
    profile?: string;
    /** The error a request failed with, for logs (internal messages stay out of responses). */
    error?: { code: string; message: string };
    /** Body size limit of this request, set by bodyReader when the body is read from the Node socket. */
    bodyLimit?: number;
  };
}
