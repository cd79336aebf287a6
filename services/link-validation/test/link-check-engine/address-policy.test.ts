import { describe, expect, it } from 'vitest';
import {
  BlockedAddressError,
  HostNotFoundError,
  isPublicAddress,
} from '../../src/modules/link-check-engine/address-policy.ts';
import { HostPinError, parsePins } from '../../src/modules/link-check-engine/host-pins.ts';
import { targetAddress } from '../../src/modules/link-check-engine/safe-connector.ts';
import { testResolver } from '../helpers/fake-retailer.ts';

// Refusal is proven on the address check itself: these addresses are never contacted.
describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata (link-local)'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'AWS metadata over IPv6 (ULA)'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:8.8.8.8', 'IPv4-mapped (always refused)'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['2001::1', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['[::1]', 'bracketed loopback'],
    ['localhost', 'a name, not an address'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('targetAddress (the connect-time decision)', () => {
  const noPins = new Map<string, string>();

  it.each([
    ['http://127.0.0.1/', 'dotted'],
    ['http://2130706433/', 'decimal'],
    ['http://0x7f000001/', 'hex'],
    ['http://0x7f.1/', 'mixed hex'],
    ['http://0177.0.0.1/', 'octal'],
    ['http://127.1/', 'short form'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped IPv6'],
    ['http://[::1]/', 'IPv6 loopback'],
    ['http://0x7f.0x0.0x0.0x1/', 'dotted hex'],
  ])('refuses loopback written as %s (%s) once the URL parser has normalised it', async (raw) => {
    const hostname = new URL(raw).hostname.replace(/^\[|\]$/g, '');
    await expect(
      targetAddress(hostname, 80, { pins: noPins, resolve: testResolver() }),
    ).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('refuses a name when any one of its addresses is not public (round-robin could pick it)', async () => {
    const resolve = testResolver({ 'mixed.example': ['93.184.216.34', '10.0.0.7'] });
    await expect(targetAddress('mixed.example', 443, { pins: noPins, resolve })).rejects.toThrow(
      /10\.0\.0\.7/,
    );
  });

  it('connects a public name to the address it checked', async () => {
    const resolve = testResolver({ 'shop.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'] });
    await expect(targetAddress('shop.example', 443, { pins: noPins, resolve })).resolves.toBe(
      '93.184.216.34',
    );
  });

  it('reports a name that does not resolve', async () => {
    await expect(
      targetAddress('nowhere.example', 80, { pins: noPins, resolve: testResolver() }),
    ).rejects.toBeInstanceOf(HostNotFoundError);
  });

  it('lets a pinned host and port reach its pinned address, and only that host and port', async () => {
    const pins = parsePins(['shop.test:8080:127.0.0.1']);
    const options = { pins, resolve: testResolver({ 'shop.test': ['127.0.0.1'] }) };
    await expect(targetAddress('shop.test', 8080, options)).resolves.toBe('127.0.0.1');
    await expect(targetAddress('shop.test', 8081, options)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(
      targetAddress('other.test', 8080, {
        ...options,
        resolve: testResolver({ 'other.test': ['127.0.0.1'] }),
      }),
    ).rejects.toBeInstanceOf(BlockedAddressError);
  });
});

describe('parsePins (curl --resolve host:port:address)', () => {
  it('reads names, ports and IPv4 or bracketed IPv6 addresses, separated by commas or spaces', () => {
    const pins = parsePins('Shop.Test:443:127.0.0.1, cdn.test:80:[::1]');
    expect([...pins]).toEqual([
      ['shop.test:443', '127.0.0.1'],
      ['cdn.test:80', '::1'],
    ]);
  });

  it('reads a wildcard pin for every name under a domain, exact pins first', async () => {
    const pins = parsePins('*.demo.localhost:3005:127.0.0.1,www.shop.demo.localhost:3005:127.0.0.2');
    const options = { pins, resolve: testResolver() };
    await expect(targetAddress('www.nordstrom.demo.localhost', 3005, options)).resolves.toBe('127.0.0.1');
    await expect(targetAddress('www.shop.demo.localhost', 3005, options)).resolves.toBe('127.0.0.2');
    await expect(targetAddress('demo.localhost', 3005, options)).rejects.toBeInstanceOf(HostNotFoundError);
    await expect(targetAddress('www.nordstrom.demo.localhost', 3006, options)).rejects.toBeInstanceOf(
      HostNotFoundError,
    );
  });

  it.each([
    'shop.test:443',
    'shop.test:0:127.0.0.1',
    'shop.test:70000:127.0.0.1',
    'shop.test:443:localhost',
    'bad_host!:443:127.0.0.1',
  ])('refuses %s', (entry) => {
    expect(() => parsePins([entry])).toThrow(HostPinError);
  });
});
