/**
 * The credential formats the scanner knows, modelled on the public rule sets of secret scanners.
 * Each is anchored on a provider prefix, a PEM header or an explicit `key = value` shape, so
 * ordinary prose, git SHAs, UUIDs and version strings are left alone.
 */
export interface SecretPattern {
  kind: string;
  regex: RegExp;
  /** Index of the capture group holding the secret; 0 = the whole match, -1 = an assignment value. */
  group: number;
  /** Whether the first characters are a public prefix that may appear in the hint. */
  showPrefix: boolean;
  accept?: (value: string) => boolean;
}

const prefixed = (kind: string, regex: RegExp): SecretPattern => ({ kind, regex, group: 0, showPrefix: true });
const inGroup = (kind: string, regex: RegExp): SecretPattern => ({ kind, regex, group: 1, showPrefix: false });

/** Names of variables and fields that hold secrets (`DB_PASSWORD`, `"apiKey"`, `AccountKey`). */
export const SECRET_NAME =
  /(["']?)\b[A-Za-z0-9_.-]*(?:password|passwd|passphrase|pwd|secret|api[_-]?key|apikey|access[_-]?key|account[_-]?key|shared[_-]?access[_-]?key|private[_-]?key|auth[_-]?token|token|credentials?)[A-Za-z0-9_-]*\1/
    .source;

const hasDigitAndLetter = (v: string) => /\d/.test(v) && /[A-Za-z]/.test(v);

export const PATTERNS: SecretPattern[] = [
  {
    kind: 'private_key',
    // Real newlines or the `\n` escapes of a key pasted from JSON (service-account files).
    regex: /-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----[\s\S]*?(?:-----END \1-----|$)/g,
    group: 0,
    showPrefix: false,
  },
  prefixed('anthropic_key', /\bsk-ant-[A-Za-z0-9_-]{20,}/g),
  prefixed('openai_key', /\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g),
  prefixed('stripe_key', /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g),
  prefixed('stripe_webhook_secret', /\bwhsec_[A-Za-z0-9]{24,}/g),
  prefixed('aws_access_key', /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b/g),
  prefixed('github_token', /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})/g),
  prefixed('gitlab_token', /\bgl(?:pat|dt|ptt|rt|soat|cbt)-[A-Za-z0-9_-]{20,}/g),
  prefixed('npm_token', /\bnpm_[A-Za-z0-9]{36}\b/g),
  prefixed('pypi_token', /\bpypi-AgE[A-Za-z0-9_-]{50,}/g),
  prefixed('huggingface_token', /\bhf_[A-Za-z0-9]{30,}\b/g),
  prefixed('groq_key', /\bgsk_[A-Za-z0-9]{40,}\b/g),
  prefixed('replicate_token', /\br8_[A-Za-z0-9]{30,}\b/g),
  { ...prefixed('slack_token', /\bxox[abposre]-[A-Za-z0-9-]{10,}/g), accept: (v) => !/-(?:your|my|example)-/i.test(v) },
  inGroup('slack_webhook', /\bhooks\.slack\.com\/(?:services|workflows)\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/([A-Za-z0-9]{16,})/g),
  inGroup('discord_webhook', /\bdiscord(?:app)?\.com\/api\/webhooks\/\d+\/([A-Za-z0-9_-]{30,})/g),
  prefixed('discord_token', /\b[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_-])/g),
  prefixed('telegram_token', /\b\d{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/g),
  prefixed('google_key', /\bAIza[0-9A-Za-z_-]{35}/g),
  prefixed('square_token', /\b(?:sq0atp|sq0csp)-[A-Za-z0-9_-]{22,}/g),
  prefixed('braintree_token', /\baccess_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32}/g),
  prefixed('twilio_key', /\bSK[0-9a-f]{32}\b/g),
  prefixed('sendgrid_key', /\bSG\.[A-Za-z0-9_-]{20,24}\.[A-Za-z0-9_-]{40,50}/g),
  prefixed('mailgun_key', /\bkey-[0-9a-f]{32}\b/g),
  prefixed('mailchimp_key', /\b[0-9a-f]{32}-us\d{1,2}\b/g),
  prefixed('shopify_token', /\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b/g),
  prefixed('digitalocean_token', /\bdo[opr]_v1_[a-f0-9]{64}\b/g),
  prefixed('doppler_token', /\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,}/g),
  prefixed('databricks_token', /\bdapi[a-f0-9]{32}(?:-\d)?\b/g),
  prefixed('linear_key', /\blin_api_[A-Za-z0-9]{40}\b/g),
  prefixed('notion_token', /\b(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,})\b/g),
  prefixed('postman_key', /\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b/g),
  prefixed('grafana_token', /\b(?:glsa_[A-Za-z0-9]{32}_[a-f0-9]{8}|glc_[A-Za-z0-9+/]{32,}={0,2})/g),
  prefixed('age_secret_key', /\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}\b/g),
  prefixed('jwt', /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g),
  { kind: 'bearer_token', regex: /\bBearer\s+([A-Za-z0-9._~+/-]{16,}=*)/g, group: 1, showPrefix: false, accept: hasDigitAndLetter },
  { kind: 'basic_auth', regex: /\bBasic\s+([A-Za-z0-9+/]{12,}={0,2})/g, group: 1, showPrefix: false, accept: (v) => hasDigitAndLetter(v) || /=$/.test(v) },
  // scheme://user:password@host, also with an empty user (redis://:password@host).
  inGroup('url_password', /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:([^\s@/]+)@/gi),
  {
    kind: 'assigned_secret',
    regex: new RegExp(`${SECRET_NAME}\\s*[:=]\\s*(?:"([^"\\n]{3,})"|'([^'\\n]{3,})'|([^\\s,;'"\`)\\]}]+))`, 'gi'),
    group: -1,
    showPrefix: false,
  },
];
