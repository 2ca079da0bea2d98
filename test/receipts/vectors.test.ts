// The committed test vectors (test/fixtures/receipts/) are reproduced byte for byte, and every kind of
// tampering makes verification fail with the right check.
/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- tampering edits arbitrary JSON */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  computeSeal,
  createSigner,
  decisionReceiptBody,
  KeyRing,
  merkleRoot,
  receiptLeaves,
  scrubReceiptBody,
  signReceipt,
  statementBytes,
  verifyReceipt,
  type Receipt,
} from '../../src/receipts/index.js';
import { CASES, TEST_PUBLIC_KEY_HEX, TEST_SEED_HEX } from '../fixtures/receipts/cases.js';

const dir = join(import.meta.dirname, '../fixtures/receipts');
const read = (name: string): string => readFileSync(join(dir, name), 'utf8');
const seed = new Uint8Array(Buffer.from(TEST_SEED_HEX, 'hex'));
const signer = createSigner(seed);
const ring = new KeyRing([signer.publicKey]);
const decoder = new TextDecoder();

describe('test vectors', () => {
  it('uses the RFC 8032 test 1 key pair', () => {
    expect(Buffer.from(signer.publicKey).toString('hex')).toBe(TEST_PUBLIC_KEY_HEX);
    // RFC 8032 section 7.1 TEST 1: the signature of the empty message.
    expect(Buffer.from(signer.sign(new Uint8Array(0))).toString('hex')).toBe(
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
    );
    expect(JSON.parse(read('test-key.json')).key_id).toBe(signer.keyId);
  });

  for (const c of CASES) {
    describe(c.name, () => {
      const body = c.kind === 'decision' ? decisionReceiptBody(c.input) : scrubReceiptBody(c.input);
      const receipt = signReceipt(body, signer);
      const expected = JSON.parse(read(`${c.name}.receipt.json`)) as Receipt;

      it('reproduces the leaves, the signed bytes, the seal and the signature', () => {
        expect(
          receiptLeaves(receipt)
            .map((l) => decoder.decode(l))
            .join('\n') + '\n',
        ).toBe(read(`${c.name}.leaves.jsonl`));
        expect(decoder.decode(statementBytes(receipt))).toBe(read(`${c.name}.statement.json`));
        expect(receipt).toEqual(expected);
      });

      it('verifies with the public key, and is deterministic', () => {
        expect(verifyReceipt(expected, ring)).toEqual({ ok: true, receipt: expected });
        expect(signReceipt(body, signer)).toEqual(receipt);
      });

      it('accepts issued_at outside the seal and signature', () => {
        const stamped = signReceipt(body, signer, { issuedAt: new Date('2026-11-22T10:00:00.000Z') });
        expect(stamped.issued_at).toBe('2026-11-22T10:00:00.000Z');
        expect(stamped.signature).toBe(receipt.signature);
        expect(verifyReceipt({ ...stamped, issued_at: '2030-01-01T00:00:00.000Z' }, ring).ok).toBe(true);
      });
    });
  }
});

type Mutation = readonly [name: string, mutate: (r: Record<string, any>) => void, check: string];

const flipHex = (s: string, at: number): string =>
  s.slice(0, at) + (s[at] === '0' ? '1' : '0') + s.slice(at + 1);
const other = createSigner(new Uint8Array(32).fill(9));

const decisionMutations: readonly Mutation[] = [
  ['v', (r) => (r.v = 2), 'format'],
  ['kind', (r) => (r.kind = 'scrub'), 'format'],
  ['unknown member', (r) => (r.note = 'x'), 'format'],
  ['missing member', (r) => delete r.engine_version, 'format'],
  ['request.runtime', (r) => (r.request.runtime = 'python'), 'seal'],
  [
    'request.command_sha256',
    (r) => (r.request.command_sha256 = flipHex(r.request.command_sha256, 5)),
    'seal',
  ],
  ['request.agent_id', (r) => (r.request.agent_id = 'agent-8'), 'seal'],
  ['decision.allowed', (r) => (r.decision.allowed = true), 'seal'],
  ['decision.verdict', (r) => (r.decision.verdict = 'ALLOW'), 'seal'],
  ['decision.threat_type', (r) => (r.decision.threat_type = null), 'seal'],
  ['decision.rule_ids dropped', (r) => r.decision.rule_ids.pop(), 'seal'],
  ['decision.rule_ids reordered', (r) => r.decision.rule_ids.reverse(), 'seal'],
  ['decision.invariants', (r) => (r.decision.invariants = []), 'seal'],
  ['decision.invariants_checked', (r) => (r.decision.invariants_checked = 14), 'seal'],
  ['engine_version', (r) => (r.engine_version = '6.2.2'), 'seal'],
  ['policy_sha256', (r) => (r.policy_sha256 = flipHex(r.policy_sha256, 0)), 'seal'],
  ['key_id', (r) => (r.key_id = other.keyId), 'seal'],
  ['merkle_seal', (r) => (r.merkle_seal = flipHex(r.merkle_seal, 10)), 'seal'],
  ['signature not hex', (r) => (r.signature = r.signature.replace(/.$/, 'g')), 'format'],
  ['signature truncated', (r) => (r.signature = r.signature.slice(0, -2)), 'format'],
  [
    'signature as base64',
    (r) => (r.signature = 'ed25519:' + Buffer.from(r.signature.slice(8), 'hex').toString('base64')),
    'format',
  ],
  [
    're-sealed after an edit, old signature kept',
    (r) => {
      r.decision.allowed = true;
      r.merkle_seal = computeSeal(r as Receipt);
    },
    'signature',
  ],
  [
    're-signed by a key that is not trusted',
    (r) => {
      Object.assign(r, signReceipt(decisionReceiptBody(CASES[0]!.input as never), other));
    },
    'unknown-key',
  ],
];

const scrubMutations: readonly Mutation[] = [
  ['agent_id', (r) => (r.agent_id = null), 'seal'],
  ['input_sha256', (r) => (r.input_sha256 = flipHex(r.input_sha256, 63)), 'seal'],
  ['output_sha256', (r) => (r.output_sha256 = flipHex(r.output_sha256, 1)), 'seal'],
  ['redactions.count', (r) => (r.redactions.count = 1), 'seal'],
  ['redactions.kinds', (r) => (r.redactions.kinds = ['AWS_ACCESS_KEY']), 'seal'],
  ['redactions.kinds unsorted', (r) => r.redactions.kinds.reverse(), 'format'],
  ['strict', (r) => (r.strict = false), 'seal'],
  ['engine_version', (r) => (r.engine_version = '1'), 'seal'],
];

describe('tampering fails verification', () => {
  const cases: [string, string, Mutation][] = [
    ...decisionMutations.map((m): [string, string, Mutation] => ['decision-deny', m[0], m]),
    ...scrubMutations.map((m): [string, string, Mutation] => ['scrub', m[0], m]),
  ];
  it.each(cases)('%s: %s', (fixture, _name, [, mutate, check]) => {
    const receipt = JSON.parse(read(`${fixture}.receipt.json`));
    mutate(receipt);
    const result = verifyReceipt(receipt, ring);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.check).toBe(check);
  });

  it('reports what differed on a seal mismatch', () => {
    const receipt = JSON.parse(read('decision-deny.receipt.json'));
    const got = receipt.merkle_seal as string;
    receipt.decision.allowed = true;
    const result = verifyReceipt(receipt, ring);
    expect(!result.ok && result.message).toBe(`seal mismatch (want ${computeSeal(receipt)}, got ${got})`);
  });

  it.each(Array.from({ length: 64 }, (_, i) => i))('signature byte %i flipped', (i) => {
    const receipt = JSON.parse(read('decision-deny.receipt.json'));
    const sig = Buffer.from((receipt.signature as string).slice(8), 'hex');
    sig[i] = sig[i]! ^ 0x01;
    receipt.signature = `ed25519:${sig.toString('hex')}`;
    const result = verifyReceipt(receipt, ring);
    expect(!result.ok && result.check).toBe('signature');
  });

  it('any change to any leaf, or to the leaf order, changes the seal', () => {
    const receipt = JSON.parse(read('scrub.receipt.json')) as Receipt;
    const leaves = receiptLeaves(receipt);
    const seal = computeSeal(receipt);
    expect(seal).toBe(receipt.merkle_seal);
    for (let i = 0; i < leaves.length; i++) {
      const changed = leaves.map((l) => Uint8Array.from(l));
      const leaf = changed[i]!;
      leaf[leaf.length - 2] = leaf[leaf.length - 2]! ^ 0x01;
      expect(`0x${Buffer.from(merkleRoot(changed)).toString('hex')}`).not.toBe(seal);
    }
    const swapped = [leaves[1]!, leaves[0]!, ...leaves.slice(2)];
    expect(`0x${Buffer.from(merkleRoot(swapped)).toString('hex')}`).not.toBe(seal);
  });

  it('signatures are checked with the key, so the same receipt fails against another key', () => {
    const receipt = JSON.parse(read('decision-deny.receipt.json'));
    expect(verifyReceipt(receipt, [other.publicKey]).ok).toBe(false);
    expect(verifyReceipt(receipt, [TEST_PUBLIC_KEY_HEX]).ok).toBe(true);
  });
});
