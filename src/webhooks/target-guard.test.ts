import { describe, expect, it } from 'vitest';
import { createTargetGuard, isPublicAddress } from './target-guard.js';

describe('isPublicAddress', () => {
  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.31.255.255',
    '192.168.0.10',
    '100.64.0.1',
    '100.100.100.200',
    '169.254.169.254',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '::1',
    '::',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::a00:1',
    '::ffff:0:127.0.0.1',
    '::ffff:0:7f00:1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001::1',
    'fec0::1',
    'feff::1',
    '5f00::1',
    '4000::1',
    '3fff::1',
    '2001:2::1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('the guard', () => {
  const guard = createTargetGuard({ allowPrivateTargets: false });

  it('refuses loopback names without asking DNS, and IP literals by range', async () => {
    expect(await guard.check('https://localhost/x')).toMatchObject({ allowed: false });
    expect(await guard.check('https://api.localhost/x')).toMatchObject({ allowed: false });
    expect(await guard.check('https://[::1]:8443/x')).toMatchObject({ allowed: false });
    expect(await guard.check('https://[::ffff:0:127.0.0.1]/x')).toMatchObject({ allowed: false });
    expect(await guard.check('https://[2001::1]/x')).toMatchObject({ allowed: false });
    expect(await guard.check('https://[fec0::1]/x')).toMatchObject({ allowed: false });
    expect(await guard.check('https://93.184.216.34/x')).toEqual({ allowed: true });
  });

  it('refuses ports other than 80 and 443 unless they are listed', async () => {
    expect(await guard.check('https://93.184.216.34:22/x')).toMatchObject({ allowed: false, reason: expect.stringMatching(/port 22/) });
    expect(await guard.check('http://93.184.216.34:443/x')).toEqual({ allowed: true });
    const listed = createTargetGuard({ allowPrivateTargets: false, allowedPorts: [8443] });
    expect(await listed.check('https://93.184.216.34:8443/x')).toEqual({ allowed: true });
    expect(await listed.check('https://93.184.216.34/x')).toMatchObject({ allowed: false });
  });

  it('allows anything when private targets are allowed', async () => {
    expect(await createTargetGuard({ allowPrivateTargets: true }).check('http://127.0.0.1/x')).toEqual({ allowed: true });
  });
});
