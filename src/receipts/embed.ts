/**
 * Receipts inside response bodies (docs/receipts.md section 6): the members a response carries, and
 * extracting and verifying a receipt from a validate response, a remediation envelope or a sanitize
 * response, including the check that the body says what its receipt says.
 */
import { sha256Hex } from './canonical.js';
import {
  verifyReceipt,
  type Receipt,
  type SealedReceipt,
  type VerificationKeys,
  type VerifyCheck,
  type VerifyResult,
} from './receipt.js';

export type ResponseShape = 'validate' | 'envelope' | 'sanitize';

/** Members to spread into a response body for a signed receipt. */
export function receiptResponseFields(receipt: Receipt, shape: ResponseShape): Record<string, unknown> {
  switch (shape) {
    case 'validate':
      return { merkle_seal: receipt.merkle_seal, receipt };
    case 'envelope':
      return { signed_merkle_receipt: receipt.signature, merkle_seal: receipt.merkle_seal, receipt };
    case 'sanitize':
      return { signature: receipt.signature, merkle_seal: receipt.merkle_seal, receipt };
  }
}

/** Members for a response whose decision was sealed but not signed (`receipts.sign` skipped it). */
export function unsignedResponseFields(sealed: SealedReceipt): Record<string, unknown> {
  return { merkle_seal: sealed.merkle_seal };
}

type Failure = { readonly ok: false; readonly check: VerifyCheck; readonly message: string };

export type ExtractResult =
  { readonly ok: true; readonly receipt: unknown; readonly body: Record<string, unknown> | null } | Failure;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function looksLikeReceipt(v: Record<string, unknown>): boolean {
  return 'v' in v && 'kind' in v && 'merkle_seal' in v && 'key_id' in v;
}

/**
 * Find the receipt in `value`: a bare receipt, or a response body with a `receipt` member. A body's
 * flat members (`merkle_seal`, `signed_merkle_receipt`, `signature`) must equal the receipt's.
 */
export function extractReceipt(value: unknown): ExtractResult {
  if (!isObject(value))
    return { ok: false, check: 'format', message: 'expected a JSON object (a receipt or a response body)' };
  if (looksLikeReceipt(value) && !('receipt' in value)) return { ok: true, receipt: value, body: null };
  const receipt = value.receipt;
  if (!isObject(receipt)) {
    const hint =
      typeof value.merkle_seal === 'string'
        ? ' (a merkle_seal alone is a content hash and cannot be verified)'
        : '';
    return { ok: false, check: 'format', message: `the body carries no receipt${hint}` };
  }
  const flat: [string, unknown][] = [
    ['merkle_seal', receipt.merkle_seal],
    ['signed_merkle_receipt', receipt.signature],
    ['signature', receipt.signature],
  ];
  for (const [name, want] of flat) {
    if (name in value && value[name] !== want) {
      return {
        ok: false,
        check: 'body',
        message: `${name} differs from the receipt (want ${String(want)}, got ${String(value[name])})`,
      };
    }
  }
  return { ok: true, receipt, body: value };
}

function mismatch(name: string, want: unknown, got: unknown): Failure {
  return {
    ok: false,
    check: 'body',
    message: `${name} differs from the receipt (want ${JSON.stringify(want)}, got ${JSON.stringify(got)})`,
  };
}

/** Check that a verified receipt and the body around it agree (null when they do). */
export function bodyBindingProblem(body: Record<string, unknown>, receipt: Receipt): Failure | null {
  if ('engine_version' in body && body.engine_version !== receipt.engine_version) {
    return mismatch('engine_version', receipt.engine_version, body.engine_version);
  }
  if (receipt.kind === 'decision') {
    const d = receipt.decision;
    const same: [string, unknown][] = [
      ['allowed', d.allowed],
      ['verdict', d.verdict],
      ['threat_type', d.threat_type],
      ['invariants_checked', d.invariants_checked],
      ['threat_detected', d.threat_type !== null],
    ];
    for (const [name, want] of same)
      if (name in body && body[name] !== want) return mismatch(name, want, body[name]);
    // An allow that found nothing names no rule: rule_id null matches an empty rule_ids.
    if ('rule_id' in body) {
      const ruleId = body.rule_id;
      const consistent = ruleId === null ? d.rule_ids.length === 0 : d.rule_ids.includes(ruleId as string);
      if (!consistent) return mismatch('rule_id', d.rule_ids, ruleId);
    }
    return null;
  }
  for (const name of ['sanitized', 'clean_payload']) {
    if (name in body) {
      const text = body[name];
      const got = typeof text === 'string' ? sha256Hex(text) : null;
      if (got !== receipt.output_sha256) return mismatch(`SHA-256 of ${name}`, receipt.output_sha256, got);
    }
  }
  for (const name of ['redactions_count', 'redacted_tokens']) {
    if (name in body && body[name] !== receipt.redactions.count)
      return mismatch(name, receipt.redactions.count, body[name]);
  }
  if ('redacted_keys' in body) {
    const got = Array.isArray(body.redacted_keys)
      ? [...new Set(body.redacted_keys as unknown[])].map(String).sort()
      : null;
    const want = [...receipt.redactions.kinds];
    if (!got || got.length !== want.length || got.some((k, i) => k !== want[i])) {
      return mismatch('redacted_keys', want, body.redacted_keys);
    }
  }
  return null;
}

/** Verify a bare receipt or a whole response body (validate, envelope, sanitize). */
export function verifyResponseBody(value: unknown, keys: VerificationKeys): VerifyResult {
  const extracted = extractReceipt(value);
  if (!extracted.ok) return extracted;
  const result = verifyReceipt(extracted.receipt, keys);
  if (!result.ok || !extracted.body) return result;
  return bodyBindingProblem(extracted.body, result.receipt) ?? result;
}
