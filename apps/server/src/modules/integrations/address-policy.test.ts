import { describe, expect, it } from 'vitest';
import { isIpLiteral, isPublicAddress } from './address-policy';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '169.254.169.254',
    'fe80::1',
    '10.0.0.5',
    '172.16.3.4',
    '192.168.1.1',
    'fd12:3456::1',
    '100.64.0.1',
    '0.0.0.0',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::7f00:1',
    '224.0.0.1',
    '255.255.255.255',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('isIpLiteral', () => {
  it('knows IPv4 and bracketed IPv6 literals from host names', () => {
    expect(isIpLiteral('10.0.0.1')).toBe(true);
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('hooks.example.com')).toBe(false);
  });
});
