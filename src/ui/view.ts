/** What an inspector view is: a method and path, the key scope it needs, and a renderer. */
import type { MnemoApi, ProfileApi } from '../api.js';
import type { KeyRecord, KeyScope } from '../auth/keys.js';

export interface ViewInput {
  mnemo: MnemoApi;
  /** The verified key, or null when the server runs open (loopback without keys). */
  key: KeyRecord | null;
  /** Profile name from the path ('' for views outside a profile). */
  name: string;
  profile: ProfileApi;
  params: Record<string, string>;
  /** Query string, last value per name. */
  query: Record<string, string>;
  /** Fields of a POSTed urlencoded form. */
  form: URLSearchParams;
}

/** A rendered fragment: hono JSX output or an escaped HTML string. */
export type Html = unknown;

export interface ViewResult {
  html: Html;
  status?: 200 | 201;
  /** After a POST: the URL the browser should show (the page the result belongs to). */
  pushUrl?: string;
  /** A file rather than an HTML fragment (e.g. text/markdown). */
  contentType?: string;
}

export interface ViewDef {
  method: 'get' | 'post';
  /** Hono path under /ui, e.g. `/ui/p/:name/memories`. */
  path: string;
  scope: KeyScope;
  /** `file`: fetched by script with the key (downloads), never answered with the page shell. */
  kind?: 'fragment' | 'file';
  render(input: ViewInput): Promise<ViewResult>;
}

export const view = (def: ViewDef): ViewDef => def;
