import { createHash, randomBytes } from 'node:crypto';

/** First 128 bits of SHA-256 over the parts joined by NUL, as 32 hex characters. */
export function hashId(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 32);
}

/** Content-addressed message id (DESIGN.md §1). */
export function messageId(sessionId: string, role: string, content: string): string {
  return hashId(sessionId, role, content);
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function randomId(): string {
  return randomBytes(16).toString('hex');
}

/** Lower-cased, whitespace-collapsed content used to detect identical memories. */
export function normalizeContent(content: string): string {
  return content.toLowerCase().replace(/\s+/g, ' ').trim();
}
