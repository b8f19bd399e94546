import type { Redaction } from '../types.js';
import { findContextSecrets } from './secret-context.js';
import { isPlaceholder, looksLikeLiteralSecret } from './secret-values.js';
import { PATTERNS, type SecretPattern } from './secret-rules.js';

/**
 * Secret scanner: replaces credentials with `[REDACTED:<kind>]` before anything is stored.
 * Two passes: the known formats (secret-rules.ts: provider prefixes, PEM blocks, URLs with a
 * password, `key = value`), then random-looking tokens right after a key/token/password word
 * (secret-context.ts). Ordinary prose, git SHAs, UUIDs and versions are left alone.
 */
function valueOf(p: SecretPattern, m: RegExpExecArray): { value: string; offset: number } | null {
  if (p.group === 0) return { value: m[0], offset: 0 };
  if (p.group > 0) return m[p.group] ? { value: m[p.group]!, offset: m[0].lastIndexOf(m[p.group]!) } : null;
  const quoted = m[2] ?? m[3];
  const bare = m[4];
  const value = quoted ?? bare;
  if (!value || value.startsWith('[REDACTED')) return null;
  if (bare && !looksLikeLiteralSecret(bare)) return null;
  if (quoted && isPlaceholder(quoted)) return null;
  return { value, offset: m[0].lastIndexOf(value) };
}

function hintFor(p: SecretPattern, value: string): string {
  if (p.showPrefix && value.length >= 16) return `${value.slice(0, 3)}…${value.slice(-2)} (${value.length} chars)`;
  return `${p.kind} (${value.length} chars)`;
}

export function redactSecrets(text: string): { text: string; redactions: Redaction[] } {
  const redactions: Redaction[] = [];
  let out = text;
  for (const p of PATTERNS) {
    p.regex.lastIndex = 0;
    if (!p.regex.test(out)) continue;
    p.regex.lastIndex = 0;
    out = out.replace(p.regex, (...args) => {
      const m = args.slice(0, -2) as unknown as RegExpExecArray;
      const match = args[0] as string;
      const found = valueOf(p, m);
      if (!found || (p.accept && !p.accept(found.value))) return match;
      redactions.push({ kind: p.kind, hint: hintFor(p, found.value) });
      const end = found.offset + found.value.length;
      return `${match.slice(0, found.offset)}[REDACTED:${p.kind}]${match.slice(end)}`;
    });
  }
  return redactByContext(out, redactions);
}

export function containsSecret(text: string): boolean {
  return redactSecrets(text).redactions.length > 0;
}

function redactByContext(text: string, redactions: Redaction[]): { text: string; redactions: Redaction[] } {
  const hits = findContextSecrets(text).sort((a, b) => b.start - a.start);
  let out = text;
  let floor = Infinity;
  for (const h of hits) {
    if (h.end > floor) continue; // overlaps a hit already replaced
    const value = out.slice(h.start, h.end);
    redactions.push({ kind: h.kind, hint: `${h.kind} (${value.length} chars)` });
    out = `${out.slice(0, h.start)}[REDACTED:${h.kind}]${out.slice(h.end)}`;
    floor = h.start;
  }
  return { text: out, redactions };
}
