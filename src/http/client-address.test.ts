import { describe, expect, it } from 'vitest';
import { addressBucket, trustProxyOption } from './client-address.js';

describe('addressBucket', () => {
  it('counts an IPv4 address alone, also when it arrives IPv4-mapped', () => {
    expect(addressBucket('203.0.113.9')).toBe('203.0.113.9');
    expect(addressBucket('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts IPv6 addresses by their /64, however they are written', () => {
    expect(addressBucket('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBucket('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressBucket('2001:db8:1:3::a')).not.toBe(addressBucket('2001:db8:1:2::a'));
  });

  it('leaves anything else as it is', () => {
    expect(addressBucket('not an address')).toBe('not an address');
  });
});

describe('trustProxyOption', () => {
  it('ignores X-Forwarded-For without trusted proxies, and trusts exactly the list otherwise', () => {
    expect(trustProxyOption([])).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8', '127.0.0.1'])).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});
