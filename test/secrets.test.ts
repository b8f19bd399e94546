import { describe, expect, it } from 'vitest';
import { containsSecret, redactSecrets } from '../src/ingest/secrets.js';

const CASES: [string, string, string][] = [
  ['openai_key', 'my key is sk-proj-abcDEF1234567890abcdefGHIJ ok', 'sk-proj-abcDEF1234567890abcdefGHIJ'],
  ['anthropic_key', 'use sk-ant-api03-AbCdEf0123456789XyZ_-abcdef', 'sk-ant-api03-AbCdEf0123456789XyZ_-abcdef'],
  ['aws_access_key', 'AWS id AKIAIOSFODNN7EXAMPLE here', 'AKIAIOSFODNN7EXAMPLE'],
  ['assigned_secret', 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
  ['github_token', 'token ghp_abcdefghijklmnopqrstuvwxyz0123456789', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789'],
  ['github_token', 'pat github_pat_11ABCDEFG0123456789_abcdefghijklmnop', 'github_pat_11ABCDEFG0123456789_abcdefghijklmnop'],
  ['slack_token', 'slack xoxb-1234567890-abcdefghij', 'xoxb-1234567890-abcdefghij'],
  ['google_key', 'maps AIzaSyA1234567890abcdefghijklmnopqrstuv', 'AIzaSyA1234567890abcdefghijklmnopqrstuv'],
  ['stripe_key', 'stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'],
  [
    'jwt',
    'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  ],
  ['bearer_token', 'Authorization: Bearer abcd1234efgh5678ijkl', 'abcd1234efgh5678ijkl'],
  ['url_password', 'connect to postgres://admin:s3cr3tPass@db.example.com:5432/app', 's3cr3tPass'],
  ['assigned_secret', 'set password=hunter22 in the env', 'hunter22'],
  ['assigned_secret', 'config api_key: 9f8e7d6c5b4a', '9f8e7d6c5b4a'],
  ['assigned_secret', '{"secret": "correct horse battery"}', 'correct horse battery'],
  ['assigned_secret', 'token=abc123def456', 'abc123def456'],
];

describe('redactSecrets', () => {
  for (const [kind, text, secret] of CASES) {
    it(`redacts ${kind}: ${text.slice(0, 30)}`, () => {
      const r = redactSecrets(text);
      expect(r.text).not.toContain(secret);
      expect(r.text).toContain('[REDACTED:');
      expect(r.redactions.map((x) => x.kind)).toContain(kind);
      for (const red of r.redactions) {
        expect(red.hint).not.toContain(secret.slice(0, 6 > secret.length ? secret.length : 6).slice(3));
      }
      expect(containsSecret(text)).toBe(true);
    });
  }

  it('redacts PEM private key blocks', () => {
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1234\nabcd\n-----END RSA PRIVATE KEY-----';
    const r = redactSecrets(`key:\n${pem}\nthanks`);
    expect(r.text).toBe('key:\n[REDACTED:private_key]\nthanks');
    expect(r.redactions[0]!.hint).toBe('private_key (' + pem.length + ' chars)');
  });

  it('hints never reveal more than 3 leading and 2 trailing characters', () => {
    const r = redactSecrets('sk-proj-abcDEF1234567890abcdefGHIJ');
    expect(r.redactions[0]!.hint).toBe('sk-…IJ (34 chars)');
  });

  const PROSE = [
    'my password manager is 1Password',
    'the token count was 512',
    'token: 512',
    'commit 3f9a2b7c1d4e5f60718293a4b5c6d7e8f9012345 fixed it',
    'request id 123e4567-e89b-12d3-a456-426614174000 failed',
    'the hex id 0xdeadbeefcafe and a4f9c2 are fine',
    'I asked for the secret ingredient of the recipe',
    'visit https://example.com/path?q=1 for docs',
    'password = request.json["password"]',
    'SECRET_KEY = os.environ.get("SECRET_KEY")',
    'She said the Bearer of bad news arrived',
    'sk-learn is a library; ask about it',
  ];
  for (const text of PROSE) {
    it(`leaves prose alone: ${text}`, () => {
      expect(redactSecrets(text)).toEqual({ text, redactions: [] });
      expect(containsSecret(text)).toBe(false);
    });
  }
});
