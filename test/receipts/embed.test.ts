// Receipts inside validate responses, remediation envelopes and sanitize responses.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createSigner,
  decisionReceiptBody,
  sealReceipt,
  verifyResponseBody,
} from '../../src/receipts/index.js';
import { CASES, TEST_PUBLIC_KEY_HEX, TEST_SEED_HEX } from '../fixtures/receipts/cases.js';

const dir = join(import.meta.dirname, '../fixtures/receipts');
const read = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>;
const keys = [TEST_PUBLIC_KEY_HEX];

describe('verifyResponseBody', () => {
  it.each(['decision-deny', 'decision-allow', 'scrub'])(
    'accepts the %s response and the bare receipt',
    (name) => {
      expect(verifyResponseBody(read(`${name}.response.json`), keys).ok).toBe(true);
      expect(verifyResponseBody(read(`${name}.receipt.json`), keys).ok).toBe(true);
    },
  );

  it.each<[string, string, (b: Record<string, unknown>) => void]>([
    ['decision-deny', 'allowed flipped in the body', (b) => (b.allowed = true)],
    ['decision-deny', 'another rule id', (b) => (b.rule_id = 'FS-AST-001')],
    [
      'decision-deny',
      'signed_merkle_receipt differs',
      (b) => (b.signed_merkle_receipt = 'ed25519:' + '0'.repeat(128)),
    ],
    ['decision-deny', 'merkle_seal differs', (b) => (b.merkle_seal = '0x' + '0'.repeat(64))],
    ['decision-allow', 'threat_type set in the body', (b) => (b.threat_type = 'SSRF')],
    ['decision-allow', 'threat_detected flipped', (b) => (b.threat_detected = true)],
    ['scrub', 'sanitized text edited', (b) => (b.sanitized = String(b.sanitized) + ' ')],
    ['scrub', 'redactions_count edited', (b) => (b.redactions_count = 3)],
    ['scrub', 'redacted_keys edited', (b) => (b.redacted_keys = ['AWS_ACCESS_KEY'])],
    ['scrub', 'engine_version edited', (b) => (b.engine_version = '9')],
  ])('%s: %s fails the body check', (name, _what, edit) => {
    const body = read(`${name}.response.json`);
    edit(body);
    const result = verifyResponseBody(body, keys);
    expect(!result.ok && result.check).toBe('body');
  });

  it('an allow naming no rule (rule_id null) verifies; a deny with rule_id null does not', () => {
    const allow = read('decision-allow.response.json');
    allow.rule_id = null;
    expect(verifyResponseBody(allow, keys).ok).toBe(true);
    const deny = read('decision-deny.response.json');
    deny.rule_id = null;
    const result = verifyResponseBody(deny, keys);
    expect(!result.ok && result.check).toBe('body');
  });

  it('a body edit inside the embedded receipt fails the seal', () => {
    const body = read('decision-deny.response.json');
    (body.receipt as { decision: { allowed: boolean } }).decision.allowed = true;
    const result = verifyResponseBody(body, keys);
    expect(!result.ok && result.check).toBe('seal');
  });

  it('a body with only an unsigned merkle_seal is a format failure', () => {
    const c = CASES[1]!;
    if (c.kind !== 'decision') throw new Error('fixture order');
    const signer = createSigner(new Uint8Array(Buffer.from(TEST_SEED_HEX, 'hex')));
    const sealed = sealReceipt(decisionReceiptBody(c.input), signer.keyId);
    const result = verifyResponseBody({ allowed: true, merkle_seal: sealed.merkle_seal }, keys);
    expect(result).toMatchObject({ ok: false, check: 'format' });
    expect(!result.ok && result.message).toContain('content hash');
  });

  it('receipts never hold the scrubbed secret', () => {
    const text =
      readFileSync(join(dir, 'scrub.receipt.json'), 'utf8') +
      readFileSync(join(dir, 'scrub.response.json'), 'utf8');
    expect(text).not.toContain('AKIAIOSFODNN7EXAMPLE');
    expect(text).not.toContain('ghp_');
  });
});

describe('shouldSign', () => {
  const deny = CASES[0]!;
  const allow = CASES[1]!;
  const scrubbed = CASES[2]!;
  it('follows receipts.sign', async () => {
    const { shouldSign, scrubReceiptBody } = await import('../../src/receipts/index.js');
    if (deny.kind !== 'decision' || allow.kind !== 'decision' || scrubbed.kind !== 'scrub')
      throw new Error('fixture order');
    const d = decisionReceiptBody(deny.input);
    const a = decisionReceiptBody(allow.input);
    const s = scrubReceiptBody(scrubbed.input);
    const clean = scrubReceiptBody({ ...scrubbed.input, redactionCount: 0, kinds: [] });
    expect([d, a, s, clean].map((b) => shouldSign('deny-only', b))).toEqual([true, false, true, false]);
    expect([d, a, s, clean].map((b) => shouldSign('always', b))).toEqual([true, true, true, true]);
    expect([d, a, s, clean].map((b) => shouldSign('never', b))).toEqual([false, false, false, false]);
  });
});
