/** A registered domain handed to another account or owner (src/engine/extract/tool-call/domain-handover.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { domainHandoverLines } from '../../../../src/engine/extract/tool-call/domain-handover.js';

const hit = (name: string, args: unknown): boolean => domainHandoverLines(nameWords(name), args).length > 0;

describe('domainHandoverLines', () => {
  it.each<[string, unknown, boolean]>([
    [
      'route53domains_transfer_domain_to_another_aws_account',
      { DomainName: 'acme.com', AccountId: '9999' },
      true,
    ],
    ['godaddy_transfer_domain_out', { domain: 'acme.com' }, true],
    ['registrar_push_domain', { domain: 'acme.com', push_to: 'user-8812' }, true],
    ['change_domain_owner', { domain: 'acme.com', new_owner: 'x@proton.me' }, true],
    // Into the user's registrar, an accept from another account, a status read: nothing leaves.
    ['route53domains_transfer_domain', { DomainName: 'acme.com', AuthCode: 'x' }, false],
    ['route53domains_accept_domain_transfer_from_another_aws_account', { DomainName: 'acme.com' }, false],
    ['namecheap_domains_transfer_getStatus', { TransferID: 12 }, false],
    ['cloudflare_transfer_domain_in', { domain: 'acme.com' }, false],
    ['lock_domain_transfer', { domain: 'acme.com' }, false],
  ])('%s %j -> %s', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
