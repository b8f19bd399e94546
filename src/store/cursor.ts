import { MnemoError } from '../errors.js';

/** Opaque list cursor: base64url of the last row's sort key (createdAt, id), shared by every backend. */
export interface SortKey {
  createdAt: string;
  id: string;
}

export function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify([key.createdAt, key.id])).toString('base64url');
}

export function decodeCursor(cursor: string): SortKey {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string'
      && !Number.isNaN(Date.parse(parsed[0]))) {
      return { createdAt: parsed[0], id: parsed[1] };
    }
  } catch {
    // fall through to the error below
  }
  throw new MnemoError('invalid_input', 'invalid cursor');
}
