/**
 * Where a webhook may POST. Link-local addresses (169.254.0.0/16, fe80::/10: cloud metadata
 * services live there) are refused always; loopback, private, CGNAT and unspecified addresses
 * unless the server opts in (`webhooks: { allowPrivate: true }`, `serve --webhooks-allow-private`).
 * Checked at registration and again at delivery against the address actually connected to, so a
 * name that re-resolves to an internal address (DNS rebinding) is refused too.
 */
import type { LookupAddress } from 'node:dns';
import { createRequire } from 'node:module';
import type { BlockList, LookupFunction } from 'node:net';
import { MnemoError } from '../errors.js';

// Required on first check, not at load: every command loads this module, few deliver webhooks,
// and node:net and node:dns cost a cold command their compile.
const require = createRequire(import.meta.url);
const net = () => require('node:net') as typeof import('node:net');
const dnsLookup = ((...args: unknown[]) => (require('node:dns').lookup as (...a: unknown[]) => void)(...args)) as unknown as typeof import('node:dns').lookup;
const isIP = (input: string): number => net().isIP(input);

export interface TargetPolicy {
  /** Allow loopback and private-network receivers (never link-local/metadata). Default false. */
  allowPrivate?: boolean;
}

let lists: { ALWAYS: BlockList; PRIVATE: BlockList } | undefined;

function blockLists(): { ALWAYS: BlockList; PRIVATE: BlockList } {
  if (lists) return lists;
  const { BlockList } = net();
  const ALWAYS = new BlockList();
  ALWAYS.addSubnet('169.254.0.0', 16, 'ipv4');
  ALWAYS.addSubnet('fe80::', 10, 'ipv6');
  const PRIVATE = new BlockList();
  for (const [subnet, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
    PRIVATE.addSubnet(subnet, bits, 'ipv4');
  }
  PRIVATE.addAddress('::', 'ipv6');
  PRIVATE.addAddress('::1', 'ipv6');
  PRIVATE.addSubnet('fc00::', 7, 'ipv6');
  return (lists = { ALWAYS, PRIVATE });
}

/** The reason `ip` may not receive webhooks under `policy`, or null when it may. */
export function refusedAddress(ip: string, policy: TargetPolicy = {}): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const addr = mapped ? mapped[1] : ip;
  const family = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
  const { ALWAYS, PRIVATE } = blockLists();
  if (ALWAYS.check(addr, family)) return `${ip} is a link-local/cloud-metadata address`;
  if (!policy.allowPrivate && PRIVATE.check(addr, family)) {
    return `${ip} is a loopback or private address (start the server with --webhooks-allow-private to allow it)`;
  }
  return null;
}

const refusal = (url: string, why: string) => new MnemoError('invalid_input', `webhook url ${url} is not allowed: ${why}`);

/** Host of a URL without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Registration check: a literal address is judged directly, a name by everything it resolves to
 * now. A name that does not resolve is accepted (delivery checks again and fails then).
 */
export async function assertWebhookTarget(url: string, policy: TargetPolicy = {}): Promise<void> {
  const host = hostOf(new URL(url));
  const addrs: string[] = isIP(host)
    ? [host]
    : await new Promise<string[]>((resolve) => dnsLookup(host, { all: true }, (err, list) => resolve(err ? [] : list.map((a) => a.address))));
  for (const a of addrs) {
    const why = refusedAddress(a, policy);
    if (why) throw refusal(url, why);
  }
}

/** Delivery check for a literal-address URL (Node connects to those without a lookup). */
export function literalTargetRefusal(url: string, policy: TargetPolicy = {}): string | null {
  const host = hostOf(new URL(url));
  return isIP(host) ? refusedAddress(host, policy) : null;
}

/** A `lookup` for http.request that fails the connection when the name resolves to a refused address. */
export function guardedLookup(policy: TargetPolicy = {}): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, list: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      for (const a of list) {
        const why = refusedAddress(a.address, policy);
        if (why) return callback(Object.assign(new Error(`webhook target ${hostname} is not allowed: ${why}`), { code: 'EWEBHOOKTARGET' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, l: LookupAddress[]) => void)(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}
