/** Hosts named for relaying what reaches them (src/engine/knowledge/suspect-host.ts relayNamed). */
import { describe, expect, it } from 'vitest';
import { relayNamed } from '../../../src/engine/knowledge/suspect-host.js';

describe('relayNamed', () => {
  it.each<[string, boolean]>([
    ['relay.smshooks.io', true],
    ['events.hookforward.net', true],
    ['cb.payments-callback.io', true],
    ['mx.mailrelay-inbound.net', true],
    // A company's own receiver is a subdomain of its name; a bare address is judged elsewhere.
    ['hooks.acme.com', false],
    ['relay.acme.com', false],
    ['api.stripe.com', false],
    ['203.0.113.5', false],
  ])('%s -> %s', (host, want) => {
    expect(relayNamed(host)).toBe(want);
  });
});
