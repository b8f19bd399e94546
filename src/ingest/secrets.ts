import type { Redaction } from '../types.js';

/**
 * Secret scanner: replaces credentials with `[REDACTED:<kind>]` before anything is stored as a
 * memory. Patterns are anchored on provider prefixes or on an explicit `key = value` shape so
 * ordinary prose ("my password manager is 1Password", git SHAs, UUIDs) is left alone.
 */
interface SecretPattern {
  kind: string;
  regex: RegExp;
  /** Index of the capture group holding the secret; 0 = the whole match. */
  group: number;
  /** Whether the first characters are a public prefix that may appear in the hint. */
  showPrefix: boolean;
  accept?: (value: string) => boolean;
}

const ASSIGNED_KEY =
  /(["']?)\b[A-Za-z0-9_.-]*(?:password|passwd|pwd|secret|api[_-]?key|apikey|access[_-]?key|auth[_-]?token|token)[A-Za-z0-9_-]*\1/
    .source;

/** Unquoted assignment values that are code, placeholders or plain words, not secrets. */
function looksLikeLiteralSecret(value: string): boolean {
  if (value.length < 6 || /^\d+$/.test(value)) return false;
  if (/^(?:null|none|true|false|undefined|required|optional|string|empty|changeme|\*+)$/i.test(value)) return false;
  if (/[([{<$]|^REDACTED|^\[REDACTED/.test(value)) return false;
  if (/^[a-z_]+(?:\.[a-z_]+)+$/i.test(value)) return false; // os.environ, config.secret
  return true;
}

const PATTERNS: SecretPattern[] = [
  {
    kind: 'private_key',
    regex: /-----BEGIN ([A-Z ]*PRIVATE KEY(?: BLOCK)?)-----[\s\S]*?(?:-----END \1-----|$)/g,
    group: 0,
    showPrefix: false,
  },
  { kind: 'anthropic_key', regex: /\bsk-ant-[A-Za-z0-9_-]{20,}/g, group: 0, showPrefix: true },
  { kind: 'openai_key', regex: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g, group: 0, showPrefix: true },
  { kind: 'stripe_key', regex: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g, group: 0, showPrefix: true },
  { kind: 'aws_access_key', regex: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, group: 0, showPrefix: true },
  { kind: 'github_token', regex: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})/g, group: 0, showPrefix: true },
  { kind: 'slack_token', regex: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, group: 0, showPrefix: true },
  { kind: 'google_key', regex: /\bAIza[0-9A-Za-z_-]{35}/g, group: 0, showPrefix: true },
  { kind: 'jwt', regex: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, group: 0, showPrefix: true },
  {
    kind: 'bearer_token',
    regex: /\bBearer\s+([A-Za-z0-9._~+/-]{16,}=*)/g,
    group: 1,
    showPrefix: false,
    accept: (v) => /\d/.test(v) && /[A-Za-z]/.test(v),
  },
  { kind: 'url_password', regex: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:([^\s@/]+)@/gi, group: 1, showPrefix: false },
  {
    kind: 'assigned_secret',
    regex: new RegExp(`${ASSIGNED_KEY}\\s*[:=]\\s*(?:"([^"\\n]{3,})"|'([^'\\n]{3,})'|([^\\s,;'"\`)\\]}]+))`, 'gi'),
    group: -1, // one of the three value groups, see valueOf()
    showPrefix: false,
  },
];

function valueOf(p: SecretPattern, m: RegExpExecArray): { value: string; offset: number } | null {
  if (p.group === 0) return { value: m[0], offset: 0 };
  if (p.group > 0) return m[p.group] ? { value: m[p.group]!, offset: m[0].lastIndexOf(m[p.group]!) } : null;
  const quoted = m[2] ?? m[3];
  const bare = m[4];
  const value = quoted ?? bare;
  if (!value || value.startsWith('[REDACTED')) return null;
  if (bare && !looksLikeLiteralSecret(bare)) return null;
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
  return { text: out, redactions };
}

export function containsSecret(text: string): boolean {
  return redactSecrets(text).redactions.length > 0;
}
