// The client address the server acts on. Behind a load balancer the TCP peer
// is the balancer, so the address comes from X-Forwarded-For, but only when
// the peer is one of TRUSTED_PROXIES: anyone else could write that header.
// Fastify's trustProxy (proxy-addr) then takes the rightmost hop that is not
// a trusted proxy, so a client cannot choose its address by prepending hops.
// request.ip is that address for every consumer: the failed-authentication
// throttle, the request log, the stored candidate IP and per-address caps.

import { isIP } from 'node:net';

/** Fastify's `trustProxy` for TRUSTED_PROXIES: false (the header is ignored) or the list of addresses and CIDRs. */
export function trustProxyOption(trustedProxies: readonly string[]): false | string[] {
  return trustedProxies.length === 0 ? false : [...trustedProxies];
}

/**
 * The bucket an address is counted in: an IPv4 address alone, an IPv6
 * address by its /64 (one subscriber line or host usually holds a whole /64,
 * so counting single addresses would give a client 2^64 budgets).
 */
export function addressBucket(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const groups = expandIpv6(address);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

/** The eight 16-bit groups of an IPv6 address, lower-case and without leading zeros; null when it is not one. */
function expandIpv6(address: string): string[] | null {
  let text = address.split('%')[0]!.toLowerCase();
  // A trailing dotted IPv4 part (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((group) => parseInt(group, 16).toString(16));
}
