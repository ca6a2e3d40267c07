// SSRF guard: a webhook may only reach public addresses, on the web's ports.
// Checked when an endpoint is registered or its URL changes, again before
// every attempt, and once more inside the connection's own DNS lookup (so a
// name that resolves to a public address at check time and a private one at
// connect time - DNS rebinding - is still refused). IPv6 is an allow-list:
// only global unicast (2000::/3) minus its special-purpose blocks, so ranges
// assigned later (5f00::/16 for SRv6, and whatever comes next) stay refused.

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promises as dns } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Two lists: Node's BlockList matches an IPv4 address against IPv4-mapped IPv6
// rules, and every IPv4-mapped address is refused, so one list would refuse all IPv4.
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT (also Alibaba's metadata 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT), e.g. [::ffff:0:127.0.0.1]
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64, can reach private IPv4
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments: Teredo (embeds IPv4, reached through a relay), benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, embeds IPv4
  ['3fff::', 20], // documentation (RFC 9637)
  ['fc00::', 7], // unique local (also fd00:ec2::254 metadata)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !blockedV4.check(address, 'ipv4');
  return globalUnicastV6.check(address, 'ipv6') && !blockedV6.check(address, 'ipv6');
}

/** The ports webhooks use when WEBHOOK_ALLOWED_PORTS is not set: a target elsewhere (22, 6379, 9200) is refused. */
export const DEFAULT_WEBHOOK_PORTS: readonly number[] = [80, 443];

/** The URL's port, the scheme's default when none is written. */
function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'http:' ? 80 : 443;
}

/** Why a target is refused, or null when it may be contacted. */
export type TargetVerdict = { allowed: true } | { allowed: false; reason: string };

export interface TargetGuard {
  check(url: string): Promise<TargetVerdict>;
  /** The DNS lookup for outbound connections; refuses private answers. Undefined when private targets are allowed. */
  readonly connectLookup: LookupFunction | undefined;
}

export const OPEN_TARGETS: TargetGuard = { check: async () => ({ allowed: true }), connectLookup: undefined };

export function createTargetGuard(options: { allowPrivateTargets: boolean; allowedPorts?: readonly number[] }): TargetGuard {
  if (options.allowPrivateTargets) return OPEN_TARGETS;
  const ports = new Set(options.allowedPorts ?? DEFAULT_WEBHOOK_PORTS);
  return { check: (url) => checkPublicTarget(url, ports), connectLookup: guardedLookup };
}

async function checkPublicTarget(url: string, ports: ReadonlySet<number>): Promise<TargetVerdict> {
  let host: string;
  let port: number;
  try {
    const parsed = new URL(url);
    host = parsed.hostname.replace(/^\[|\]$/g, '');
    port = portOf(parsed);
  } catch {
    return { allowed: false, reason: 'invalid URL' };
  }
  if (!ports.has(port)) return { allowed: false, reason: `port ${port} is not allowed (WEBHOOK_ALLOWED_PORTS: ${[...ports].join(', ')})` };
  if (isIP(host)) return isPublicAddress(host) ? { allowed: true } : { allowed: false, reason: `${host} is not a public address` };
  if (host === 'localhost' || host.endsWith('.localhost')) return { allowed: false, reason: `${host} is a loopback name` };
  let addresses: LookupAddress[];
  try {
    addresses = await dns.lookup(host, { all: true, verbatim: true });
  } catch (error) {
    return { allowed: false, reason: `cannot resolve ${host} (${(error as NodeJS.ErrnoException).code ?? 'DNS error'})` };
  }
  const refused = addresses.find((a) => !isPublicAddress(a.address));
  return refused ? { allowed: false, reason: `${host} resolves to ${refused.address}, not a public address` } : { allowed: true };
}

const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses;
    const refused = list.find((a) => !isPublicAddress(a.address));
    if (refused) {
      const blockedError = Object.assign(new Error(`${hostname} resolves to ${refused.address}, not a public address`), {
        code: 'EWEBHOOKTARGET',
      });
      return callback(blockedError, '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    const first = list[0]!;
    callback(null, first.address, first.family);
  });
};
