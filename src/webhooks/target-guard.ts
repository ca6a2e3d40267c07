// SSRF guard: a webhook may only reach public addresses. Checked when an
// endpoint is registered or its URL changes, again before every attempt, and
// once more inside the connection's own DNS lookup (so a name that resolves
// to a public address at check time and a private one at connect time
// - DNS rebinding - is still refused).

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promises as dns } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Two lists: Node's BlockList matches an IPv4 address against IPv4-mapped IPv6
// rules, and every IPv4-mapped address is refused, so one list would refuse all IPv4.
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
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
  ['2001::', 32], // Teredo, embeds an IPv4 address and reaches it through a relay
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, embeds IPv4
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
  return family === 4 ? !blockedV4.check(address, 'ipv4') : !blockedV6.check(address, 'ipv6');
}

/** Why a target is refused, or null when it may be contacted. */
export type TargetVerdict = { allowed: true } | { allowed: false; reason: string };

export interface TargetGuard {
  check(url: string): Promise<TargetVerdict>;
  /** The DNS lookup for outbound connections; refuses private answers. Undefined when private targets are allowed. */
  readonly connectLookup: LookupFunction | undefined;
}

export const OPEN_TARGETS: TargetGuard = { check: async () => ({ allowed: true }), connectLookup: undefined };

export function createTargetGuard(options: { allowPrivateTargets: boolean }): TargetGuard {
  if (options.allowPrivateTargets) return OPEN_TARGETS;
  return { check: checkPublicTarget, connectLookup: guardedLookup };
}

async function checkPublicTarget(url: string): Promise<TargetVerdict> {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return { allowed: false, reason: 'invalid URL' };
  }
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
