/** Which hand-built packets lie about their sender (python/packets.ts). */
import { describe, expect, it } from 'vitest';
import { forgery } from '../../../../src/engine/extract/python/packets.js';

describe('forgery', () => {
  it.each([
    ['an ARP reply for the gateway', 'ARP(op=2, pdst="10.0.0.9", psrc="10.0.0.1")', true],
    ['an is-at reply', 'Ether()/ARP(op="is-at", psrc="10.0.0.1", pdst="10.0.0.0/24")', true],
    ['a deauth frame', 'RadioTap()/Dot11(addr1=b)/Dot11Deauth(reason=7)', true],
    ['a public source address', 'IP(src="203.0.113.5", dst="8.8.8.8")/UDP()', true],
    ['random sources', 'IP(src=RandIP(), dst="10.0.0.1")/TCP(flags="S")', true],
    ['a gratuitous ARP for the own address', 'ARP(op=2, psrc=vip, pdst=vip)', false],
    ['an ARP who-has', 'Ether(dst="ff:ff:ff:ff:ff:ff")/ARP(pdst="192.168.1.0/24")', false],
    ['a ping', 'IP(dst="10.0.0.1")/ICMP()', false],
    ['a private source on the own network', 'IP(src="10.0.0.9", dst="10.0.0.1")/UDP()', false],
  ])('%s', (_why, pkt, forged) => {
    expect(forgery(pkt) !== undefined).toBe(forged);
  });
});
