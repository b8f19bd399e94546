import { nodeCrypto } from './lazy-crypto.js';

/**
 * SHA-256 as hex. Node's one-shot `crypto.hash` (20.12+) takes a quarter of the time of a Hash
 * object for the short texts hashed here (ids of every message and memory, content identities).
 */
let sha256Of: ((text: string) => string) | undefined;
const sha256 = (text: string): string => (sha256Of ??= oneShotSha256())(text);

function oneShotSha256(): (text: string) => string {
  const crypto = nodeCrypto();
  return typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text).digest('hex');
}

/** First 128 bits of SHA-256 over the parts joined by NUL, as 32 hex characters. */
export function hashId(...parts: string[]): string {
  return sha256(parts.join('\0')).slice(0, 32);
}

/** Content-addressed message id (DESIGN.md §1). */
export function messageId(sessionId: string, role: string, content: string): string {
  return hashId(sessionId, role, content);
}

export function sha256Hex(text: string): string {
  return sha256(text);
}

export function randomId(): string {
  return nodeCrypto().randomBytes(16).toString('hex');
}

/** Lower-cased, whitespace-collapsed content used to detect identical memories. */
export function normalizeContent(content: string): string {
  return content.toLowerCase().replace(/\s+/g, ' ').trim();
}
