/**
 * Receipt format v1 (docs/receipts.md): the members of each kind, the ordered Merkle leaves, the seal,
 * and the signed bytes. Signed bytes: UTF-8 of the RFC 8785 form of
 * `{"key_id","kind","merkle_seal","typ":"agent-guard-receipt","v":1}`; every other member is covered by
 * the seal (RFC 6962 tree over JCS `[name, value]` leaves); `issued_at` is covered by nothing.
 */
import { AgentGuardError } from '../errors.js';
import type { Decision } from '../engine/types.js';
import { canonicalBytes, canonicalize, fromHex, sha256Hex, toHex, utf8 } from './canonical.js';
import { leafHash, merkleRootOfLeafHashes } from './merkle.js';
import { KeyRing, type JwkSet, type ReceiptSigner } from './keys.js';

export const RECEIPT_VERSION = 1;
export const STATEMENT_TYPE = 'agent-guard-receipt';

export interface DecisionRequestDigest {
  readonly runtime: string;
  readonly command_sha256: string;
  readonly agent_id: string | null;
}

export interface DecisionSummary {
  readonly allowed: boolean;
  readonly verdict: string;
  readonly threat_type: string | null;
  readonly rule_ids: readonly string[];
  readonly invariants: readonly string[];
  readonly invariants_checked: number;
}

export interface DecisionReceiptBody {
  readonly kind: 'decision';
  readonly request: DecisionRequestDigest;
  readonly decision: DecisionSummary;
  readonly engine_version: string;
  readonly policy_sha256: string;
}

export interface ScrubReceiptBody {
  readonly kind: 'scrub';
  readonly agent_id: string | null;
  readonly input_sha256: string;
  readonly output_sha256: string;
  readonly redactions: { readonly count: number; readonly kinds: readonly string[] };
  readonly strict: boolean;
  readonly engine_version: string;
}

export type ReceiptBody = DecisionReceiptBody | ScrubReceiptBody;
export type ReceiptKind = ReceiptBody['kind'];

/** A body with its key id and seal, not yet signed (what an unsigned response's `merkle_seal` comes from). */
export type SealedReceipt = ReceiptBody & {
  readonly v: 1;
  readonly key_id: string;
  readonly merkle_seal: string;
};

export type Receipt = SealedReceipt & { readonly signature: string; readonly issued_at?: string };

/** Leaf order per kind (docs/receipts.md section 2). Never reorder: old receipts would stop verifying. */
export const LEAF_ORDER: Readonly<Record<ReceiptKind, readonly string[]>> = Object.freeze({
  decision: ['v', 'kind', 'request', 'decision', 'engine_version', 'policy_sha256', 'key_id'],
  scrub: [
    'v',
    'kind',
    'agent_id',
    'input_sha256',
    'output_sha256',
    'redactions',
    'strict',
    'engine_version',
    'key_id',
  ],
});

const HEX64 = /^[0-9a-f]{64}$/;
const SEAL = /^0x[0-9a-f]{64}$/;
const SIGNATURE = /^ed25519:[0-9a-f]{128}$/;
const ISSUED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

// ---------------------------------------------------------------------------------------------------
// Building bodies from engine results

export interface DecisionReceiptInput {
  readonly runtime: string;
  /** The command text exactly as submitted; only its SHA-256 enters the receipt. */
  readonly command: string;
  readonly agentId?: string | null | undefined;
  readonly decision: Pick<Decision, 'allowed' | 'threatType' | 'invariantsChecked' | 'findings'>;
  readonly engineVersion: string;
  /** Hex SHA-256 of the policy (`Policy.digest`). */
  readonly policyDigest: string;
}

export function decisionReceiptBody(input: DecisionReceiptInput): DecisionReceiptBody {
  const invariants: string[] = [];
  for (const f of input.decision.findings)
    if (!invariants.includes(f.invariant)) invariants.push(f.invariant);
  return {
    kind: 'decision',
    request: {
      runtime: input.runtime,
      command_sha256: sha256Hex(input.command),
      agent_id: input.agentId ?? null,
    },
    decision: {
      allowed: input.decision.allowed,
      verdict: input.decision.allowed ? 'ALLOW' : 'DENY',
      threat_type: input.decision.threatType,
      rule_ids: input.decision.findings.map((f) => f.ruleId),
      invariants,
      invariants_checked: input.decision.invariantsChecked,
    },
    engine_version: input.engineVersion,
    policy_sha256: input.policyDigest.replace(/^sha256:/, ''),
  };
}

export interface ScrubReceiptInput {
  /** The payload as submitted; only its SHA-256 enters the receipt. */
  readonly input: string;
  /** The scrubbed text returned to the caller. */
  readonly output: string;
  readonly redactionCount: number;
  readonly kinds: Iterable<string>;
  readonly strict: boolean;
  readonly agentId?: string | null | undefined;
  readonly engineVersion: string;
}

export function scrubReceiptBody(input: ScrubReceiptInput): ScrubReceiptBody {
  return {
    kind: 'scrub',
    agent_id: input.agentId ?? null,
    input_sha256: sha256Hex(input.input),
    output_sha256: sha256Hex(input.output),
    redactions: { count: input.redactionCount, kinds: sortedUnique(input.kinds) },
    strict: input.strict,
    engine_version: input.engineVersion,
  };
}

/** Sorted by UTF-16 code units (the order RFC 8785 uses for keys), duplicates removed. */
function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------------
// Format checks (shared by signing, which refuses to seal a malformed body, and verification)

type Problem = string | null;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string');
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function exactKeys(
  obj: Record<string, unknown>,
  allowed: readonly string[],
  optional: readonly string[],
  where: string,
): Problem {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key) && !optional.includes(key)) return `${where} has unknown member "${key}"`;
  }
  for (const key of allowed) if (!(key in obj)) return `${where} lacks member "${key}"`;
  return null;
}

function bodyProblem(r: Record<string, unknown>): Problem {
  if (typeof r.engine_version !== 'string' || r.engine_version === '')
    return 'engine_version must be a non-empty string';
  if (r.kind === 'decision') {
    const req = r.request;
    if (!isObject(req)) return 'request must be an object';
    const p = exactKeys(req, ['runtime', 'command_sha256', 'agent_id'], [], 'request');
    if (p) return p;
    if (typeof req.runtime !== 'string' || req.runtime === '')
      return 'request.runtime must be a non-empty string';
    if (typeof req.command_sha256 !== 'string' || !HEX64.test(req.command_sha256)) {
      return 'request.command_sha256 must be 64 lowercase hex digits';
    }
    if (req.agent_id !== null && typeof req.agent_id !== 'string')
      return 'request.agent_id must be a string or null';
    const d = r.decision;
    if (!isObject(d)) return 'decision must be an object';
    const q = exactKeys(
      d,
      ['allowed', 'verdict', 'threat_type', 'rule_ids', 'invariants', 'invariants_checked'],
      [],
      'decision',
    );
    if (q) return q;
    if (typeof d.allowed !== 'boolean') return 'decision.allowed must be a boolean';
    if (typeof d.verdict !== 'string' || d.verdict === '')
      return 'decision.verdict must be a non-empty string';
    if (d.threat_type !== null && typeof d.threat_type !== 'string')
      return 'decision.threat_type must be a string or null';
    if (!isStringArray(d.rule_ids)) return 'decision.rule_ids must be an array of strings';
    if (!isStringArray(d.invariants)) return 'decision.invariants must be an array of strings';
    if (!isCount(d.invariants_checked)) return 'decision.invariants_checked must be a non-negative integer';
    if (typeof r.policy_sha256 !== 'string' || !HEX64.test(r.policy_sha256)) {
      return 'policy_sha256 must be 64 lowercase hex digits';
    }
    return null;
  }
  if (r.kind === 'scrub') {
    if (r.agent_id !== null && typeof r.agent_id !== 'string') return 'agent_id must be a string or null';
    for (const k of ['input_sha256', 'output_sha256'] as const) {
      if (typeof r[k] !== 'string' || !HEX64.test(r[k])) return `${k} must be 64 lowercase hex digits`;
    }
    const red = r.redactions;
    if (!isObject(red)) return 'redactions must be an object';
    const p = exactKeys(red, ['count', 'kinds'], [], 'redactions');
    if (p) return p;
    if (!isCount(red.count)) return 'redactions.count must be a non-negative integer';
    if (!isStringArray(red.kinds)) return 'redactions.kinds must be an array of strings';
    const kinds = red.kinds;
    const sorted = sortedUnique(kinds);
    if (sorted.length !== kinds.length || sorted.some((k, i) => k !== kinds[i])) {
      return 'redactions.kinds must be sorted with no duplicates';
    }
    if (typeof r.strict !== 'boolean') return 'strict must be a boolean';
    return null;
  }
  return `kind must be "decision" or "scrub"`;
}

/** Why `value` is not a well-formed v1 receipt (null when it is). `signed` false checks a sealed body. */
export function receiptFormatProblem(value: unknown, signed = true): Problem {
  if (!isObject(value)) return 'a receipt is a JSON object';
  if (value.v !== RECEIPT_VERSION)
    return `unsupported receipt version ${JSON.stringify(value.v)} (this verifier knows 1)`;
  if (value.kind !== 'decision' && value.kind !== 'scrub') return 'kind must be "decision" or "scrub"';
  const members = [...LEAF_ORDER[value.kind], 'merkle_seal', ...(signed ? ['signature'] : [])];
  const p = exactKeys(value, members, ['issued_at'], 'receipt');
  if (p) return p;
  const b = bodyProblem(value);
  if (b) return b;
  if (typeof value.key_id !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(value.key_id)) {
    return 'key_id must be a 43-character base64url RFC 7638 thumbprint';
  }
  if (typeof value.merkle_seal !== 'string' || !SEAL.test(value.merkle_seal)) {
    return 'merkle_seal must be 0x followed by 64 lowercase hex digits';
  }
  if (signed && (typeof value.signature !== 'string' || !SIGNATURE.test(value.signature))) {
    return 'signature must be "ed25519:" followed by 128 lowercase hex digits';
  }
  if (
    value.issued_at !== undefined &&
    (typeof value.issued_at !== 'string' || !ISSUED_AT.test(value.issued_at))
  ) {
    return 'issued_at must be an RFC 3339 UTC timestamp';
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Seal, statement, sign, verify

/** The leaf data of a receipt, in order: UTF-8 of JCS `[name, value]`. */
export function receiptLeaves(receipt: { readonly kind: ReceiptKind }): Uint8Array[] {
  const members = receipt as unknown as Readonly<Record<string, unknown>>;
  return LEAF_ORDER[receipt.kind].map((name) => canonicalBytes([name, members[name]]));
}

// Leaves that repeat from receipt to receipt (version, kind, engine, policy, key) are hashed once:
// they are five of a decision's seven leaves. Bounded; cleared when full.
const STABLE_LEAVES: ReadonlySet<string> = new Set([
  'v',
  'kind',
  'engine_version',
  'policy_sha256',
  'key_id',
  'strict',
]);
const stableLeafHashes = new Map<string, Uint8Array>();

function cachedLeafHash(name: string, value: unknown): Uint8Array {
  const text = canonicalize([name, value]);
  if (!STABLE_LEAVES.has(name)) return leafHash(utf8(text));
  let hash = stableLeafHashes.get(text);
  if (!hash) {
    if (stableLeafHashes.size >= 256) stableLeafHashes.clear();
    hash = leafHash(utf8(text));
    stableLeafHashes.set(text, hash);
  }
  return hash;
}

/** `0x` + hex of the RFC 6962 tree hash of the receipt's leaves. */
export function computeSeal(receipt: { readonly kind: ReceiptKind }): string {
  const members = receipt as unknown as Readonly<Record<string, unknown>>;
  const hashes = LEAF_ORDER[receipt.kind].map((name) => cachedLeafHash(name, members[name]));
  return `0x${toHex(merkleRootOfLeafHashes(hashes))}`;
}

/** The exact bytes the Ed25519 signature covers. */
export function statementBytes(receipt: { kind: string; key_id: string; merkle_seal: string }): Uint8Array {
  return canonicalBytes({
    key_id: receipt.key_id,
    kind: receipt.kind,
    merkle_seal: receipt.merkle_seal,
    typ: STATEMENT_TYPE,
    v: RECEIPT_VERSION,
  });
}

function bodyMembers(body: ReceiptBody): Record<string, unknown> {
  if (body.kind === 'decision') {
    return {
      kind: body.kind,
      request: { ...body.request },
      decision: {
        ...body.decision,
        rule_ids: [...body.decision.rule_ids],
        invariants: [...body.decision.invariants],
      },
      engine_version: body.engine_version,
      policy_sha256: body.policy_sha256,
    };
  }
  return {
    kind: body.kind,
    agent_id: body.agent_id,
    input_sha256: body.input_sha256,
    output_sha256: body.output_sha256,
    redactions: { count: body.redactions.count, kinds: [...body.redactions.kinds] },
    strict: body.strict,
    engine_version: body.engine_version,
  };
}

/**
 * Seal a body under a key id without signing. Copies the caller's body (never mutates it) and refuses
 * a malformed body rather than producing a receipt no verifier accepts.
 */
export function sealReceipt(body: ReceiptBody, keyId: string): SealedReceipt {
  const draft: Record<string, unknown> = { v: RECEIPT_VERSION, ...bodyMembers(body), key_id: keyId };
  draft.merkle_seal = '0x' + '0'.repeat(64);
  const problem = receiptFormatProblem(draft, false);
  if (problem) throw new AgentGuardError('AG_ERR_RECEIPTS_BODY_INVALID', { reason: problem });
  draft.merkle_seal = computeSeal(draft as { kind: ReceiptKind });
  return draft as unknown as SealedReceipt;
}

export interface SignOptions {
  /** Adds the advisory, unsigned `issued_at` member. Omitted by default so receipts are deterministic. */
  readonly issuedAt?: Date;
}

/** Seal and sign: `{ v, kind, ...body, key_id, merkle_seal, signature[, issued_at] }`. */
export function signReceipt(body: ReceiptBody, signer: ReceiptSigner, options: SignOptions = {}): Receipt {
  const sealed = sealReceipt(body, signer.keyId);
  const signature = `ed25519:${toHex(signer.sign(statementBytes(sealed)))}`;
  const receipt: Record<string, unknown> = { ...sealed, signature };
  if (options.issuedAt) receipt.issued_at = options.issuedAt.toISOString();
  return receipt as unknown as Receipt;
}

export type VerifyCheck = 'format' | 'seal' | 'unknown-key' | 'signature' | 'body';

export type VerifyResult =
  | { readonly ok: true; readonly receipt: Receipt }
  | { readonly ok: false; readonly check: VerifyCheck; readonly message: string };

/** Trusted keys: a KeyRing, a JWK set, or raw 32-byte public keys (bytes or hex). */
export type VerificationKeys = KeyRing | JwkSet | Iterable<Uint8Array | string>;

export function toKeyRing(keys: VerificationKeys): KeyRing {
  if (keys instanceof KeyRing) return keys;
  if (isObject(keys) && 'keys' in keys && Array.isArray((keys as JwkSet).keys)) return KeyRing.fromJwks(keys);
  const ring = new KeyRing();
  for (const k of keys as Iterable<Uint8Array | string>)
    ring.add(typeof k === 'string' ? KeyRing.publicKeyFromHex(k) : k);
  return ring;
}

/** Check a receipt: format, then seal, then key, then signature (docs/receipts.md section 5). */
export function verifyReceipt(receipt: unknown, keys: VerificationKeys): VerifyResult {
  const problem = receiptFormatProblem(receipt, true);
  if (problem) return { ok: false, check: 'format', message: problem };
  const r = receipt as Receipt;
  const want = computeSeal(r);
  if (want !== r.merkle_seal) {
    return { ok: false, check: 'seal', message: `seal mismatch (want ${want}, got ${r.merkle_seal})` };
  }
  const ring = toKeyRing(keys);
  if (!ring.has(r.key_id)) {
    const known = ring.keyIds.length > 0 ? ring.keyIds.join(', ') : 'none';
    return { ok: false, check: 'unknown-key', message: `unknown key id ${r.key_id} (trusted: ${known})` };
  }
  const signature = fromHex(r.signature.slice('ed25519:'.length))!;
  if (!ring.verify(r.key_id, signature, statementBytes(r))) {
    return { ok: false, check: 'signature', message: `bad signature for key ${r.key_id}` };
  }
  return { ok: true, receipt: r };
}

/** SHA-256 hex of text as receipts hash it (for callers binding a receipt to the text they hold). */
export function textDigest(text: string): string {
  return sha256Hex(utf8(text));
}

export type SignMode = 'always' | 'deny-only' | 'never';

/**
 * The `receipts.sign` rule (docs/receipts.md section 8): `deny-only` signs denied decisions and scrubs
 * that redacted something; other responses carry only the unsigned `merkle_seal`.
 */
export function shouldSign(mode: SignMode, body: ReceiptBody): boolean {
  if (mode === 'always') return true;
  if (mode === 'never') return false;
  return body.kind === 'decision' ? !body.decision.allowed : body.redactions.count > 0;
}
