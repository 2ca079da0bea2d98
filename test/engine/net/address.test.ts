import { describe, expect, it } from 'vitest';
import {
  classifyHost,
  hostFromUrl,
  matchesProtectedHost,
  parseIpv4,
  parseIpv6,
} from '../../../src/engine/net/address.js';

describe('classifyHost', () => {
  const table: [string, string, string | undefined][] = [
    // [host as written, class, decoded IPv4]
    ['169.254.169.254', 'metadata', '169.254.169.254'],
    ['2852039166', 'metadata', '169.254.169.254'],
    ['0xa9fea9fe', 'metadata', '169.254.169.254'],
    ['0XA9FEA9FE', 'metadata', '169.254.169.254'],
    ['0251.0376.0251.0376', 'metadata', '169.254.169.254'],
    ['0xa9.0xfe.0xa9.0xfe', 'metadata', '169.254.169.254'],
    ['0xa9.254.0251.0xfe', 'metadata', '169.254.169.254'],
    ['169.254.43518', 'metadata', '169.254.169.254'],
    ['169.16689662', 'metadata', '169.254.169.254'],
    ['0x00a9.0xfe.169.254', 'metadata', '169.254.169.254'],
    ['[::ffff:169.254.169.254]', 'metadata', '169.254.169.254'],
    ['::ffff:a9fe:a9fe', 'metadata', '169.254.169.254'],
    ['[0:0:0:0:0:ffff:a9fe:a9fe]:80', 'metadata', '169.254.169.254'],
    ['64:ff9b::a9fe:a9fe', 'metadata', '169.254.169.254'],
    ['169.254.169.254.nip.io', 'metadata', '169.254.169.254'],
    ['a9fea9fe.nip.io', 'metadata', '169.254.169.254'],
    ['fd00:ec2::254', 'metadata', undefined],
    ['[fd00:ec2::254]', 'metadata', undefined],
    ['metadata.google.internal', 'metadata', undefined],
    ['METADATA.GOOGLE.INTERNAL.', 'metadata', undefined],
    ['metadata.azure.com', 'metadata', undefined],
    ['100.100.100.200', 'metadata', '100.100.100.200'],
    ['169.254.170.2', 'metadata', '169.254.170.2'],
    ['169.254.1.1', 'link-local', '169.254.1.1'],
    ['fe80::1%eth0', 'link-local', undefined],
    ['127.0.0.1', 'loopback', '127.0.0.1'],
    ['127.1', 'loopback', '127.0.0.1'],
    ['0x7f000001', 'loopback', '127.0.0.1'],
    ['2130706433', 'loopback', '127.0.0.1'],
    ['[::1]', 'loopback', undefined],
    ['localhost', 'loopback', undefined],
    ['app.localhost', 'loopback', undefined],
    ['0.0.0.0', 'unspecified', '0.0.0.0'],
    ['10.1.2.3', 'private', '10.1.2.3'],
    ['172.16.0.1', 'private', '172.16.0.1'],
    ['192.168.1.10', 'private', '192.168.1.10'],
    ['8.8.8.8', 'public', '8.8.8.8'],
    ['2606:4700::1111', 'public', undefined],
    ['example.com', 'name', undefined],
    ['api.github.com:443', 'name', undefined],
    ['user:pw@169.254.169.254', 'metadata', '169.254.169.254'],
    ['256.1.1.1', 'name', undefined],
  ];
  it.each(table)('%s → %s', (host, cls, ipv4) => {
    const info = classifyHost(host);
    expect(info.class).toBe(cls);
    expect(info.ipv4).toBe(ipv4);
  });
});

describe('parsers', () => {
  it('reads inet_aton forms', () => {
    expect(parseIpv4('1')).toBe(1);
    expect(parseIpv4('1.2')).toBe(16777218);
    expect(parseIpv4('08')).toBe(8); // not octal: read leniently as decimal (the worse reading wins)
    expect(parseIpv4('1.2.3.4.5')).toBeNull();
    expect(parseIpv4('4294967296')).toBeNull();
  });
  it('expands IPv6', () => {
    expect(parseIpv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('1::2::3')).toBeNull();
    expect(parseIpv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
  });
  it('takes the host out of URLs', () => {
    expect(hostFromUrl('http://u:p@[::1]:8080/x')).toEqual({ host: '[::1]', port: 8080 });
    expect(hostFromUrl('https://example.com/a')).toEqual({ host: 'example.com' });
    expect(hostFromUrl('example.com')).toBeNull();
  });
  it('matches protected hosts in any spelling', () => {
    expect(matchesProtectedHost(classifyHost('0x0a000001'), ['10.0.0.1'])).toBe('10.0.0.1');
    expect(matchesProtectedHost(classifyHost('vault.internal.example'), ['internal.example'])).toBe(
      'internal.example',
    );
    expect(matchesProtectedHost(classifyHost('example.org'), ['internal.example'])).toBeNull();
  });
});
