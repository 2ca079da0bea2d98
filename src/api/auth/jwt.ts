/**
 * Bearer JWTs verified with jose against configured PEM public keys or a JWK Set file: signature,
 * algorithm allowlist, `exp` required (unless auth.jwt.requireExp is false) and `nbf` with a clock
 * tolerance, and `iss`/`aud` when configured (RFC 7519 section 7.2, RFC 8725 sections 2.1 and 3.1).
 * Keys are chosen by the token's `alg` (only keys of that type) and `kid` (an RFC 7638 thumbprint of
 * a PEM key, or the JWK Set's own ids), and each matching key is tried, so the order of the keys in
 * the configuration never decides (issue 24).
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  decodeProtectedHeader,
  errors,
  exportJWK,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyOptions,
} from 'jose';
import { AgentGuardError } from '../../errors.js';

export interface JwtSettings {
  readonly issuer?: string | undefined;
  readonly audience?: string | undefined;
  readonly publicKeys: readonly string[];
  readonly jwksFile?: string | undefined;
  readonly algorithms: readonly string[];
  readonly clockSkewS: number;
  /** Refuse tokens without `exp` (default true: a token that never expires is a standing key). */
  readonly requireExp?: boolean | undefined;
}

export interface JwtIdentity {
  readonly subject: string;
  readonly issuer: string | null;
}

/** Why a token was refused, as a metric label and the 401 detail (never the token). */
export type JwtFailure = 'expired' | 'not_yet_valid' | 'claims' | 'signature' | 'algorithm' | 'malformed';

export class JwtRejected extends Error {
  constructor(readonly reason: JwtFailure) {
    super(`JWT rejected: ${reason}`);
    this.name = 'JwtRejected';
  }
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export function looksLikeJwt(token: string): boolean {
  return token.length < 16_384 && JWT_SHAPE.test(token);
}

/** The JWS algorithms a public key can verify (RFC 7518 section 3.1, RFC 8037). */
function algorithmsOf(key: KeyObject): readonly string[] {
  switch (key.asymmetricKeyType) {
    case 'ed25519':
    case 'ed448':
      return ['EdDSA', 'Ed25519'];
    case 'ec': {
      const curve = key.asymmetricKeyDetails?.namedCurve;
      if (curve === 'prime256v1') return ['ES256'];
      if (curve === 'secp384r1') return ['ES384'];
      if (curve === 'secp521r1') return ['ES512'];
      return [];
    }
    case 'rsa':
      return ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'];
    case 'rsa-pss':
      return ['PS256', 'PS384', 'PS512'];
    default:
      return [];
  }
}

interface PemKey {
  readonly key: KeyObject;
  readonly algorithms: readonly string[];
  /** RFC 7638 thumbprint, the `kid` a token signed with this key may carry (worked out once). */
  kid: Promise<string | null> | null;
}

export class JwtVerifier {
  readonly #keys: readonly PemKey[];
  readonly #jwks: ReturnType<typeof createLocalJWKSet> | null;
  readonly #options: JWTVerifyOptions;

  private constructor(
    keys: readonly KeyObject[],
    jwks: ReturnType<typeof createLocalJWKSet> | null,
    options: JWTVerifyOptions,
  ) {
    this.#keys = keys.map((key) => ({ key, algorithms: algorithmsOf(key), kid: null }));
    this.#jwks = jwks;
    this.#options = options;
  }

  /** Null when no verification key is configured (bearer values are then only API keys). */
  static fromSettings(settings: JwtSettings, cwd = process.cwd()): JwtVerifier | null {
    const keys = settings.publicKeys.map((pem, i) => {
      try {
        return createPublicKey(pem);
      } catch (err) {
        throw new AgentGuardError('AG_ERR_AUTH_KEYS_INVALID', {
          source: `auth.jwt.publicKeys[${i}]`,
          reason: err instanceof Error ? err.message : 'unreadable key',
        });
      }
    });
    let jwks: ReturnType<typeof createLocalJWKSet> | null = null;
    if (settings.jwksFile) {
      const path = settings.jwksFile.startsWith('/') ? settings.jwksFile : `${cwd}/${settings.jwksFile}`;
      try {
        jwks = createLocalJWKSet(JSON.parse(readFileSync(path, 'utf8')) as JSONWebKeySet);
      } catch (err) {
        throw new AgentGuardError('AG_ERR_AUTH_KEYS_INVALID', {
          source: settings.jwksFile,
          reason: err instanceof Error ? err.message : 'unreadable JWK Set',
        });
      }
    }
    if (keys.length === 0 && !jwks) return null;
    const options: JWTVerifyOptions = {
      algorithms: [...settings.algorithms],
      clockTolerance: settings.clockSkewS,
      ...(settings.requireExp === false ? {} : { requiredClaims: ['exp'] }),
      ...(settings.issuer ? { issuer: settings.issuer } : {}),
      ...(settings.audience ? { audience: settings.audience } : {}),
    };
    return new JwtVerifier(keys, jwks, options);
  }

  async verify(token: string): Promise<JwtIdentity> {
    let header: { alg?: unknown; kid?: unknown };
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new JwtRejected('malformed');
    }
    const alg = typeof header.alg === 'string' ? header.alg : '';
    if (!this.#options.algorithms!.includes(alg)) throw new JwtRejected('algorithm');
    const kid = typeof header.kid === 'string' ? header.kid : null;
    const candidates = await this.#candidates(alg, kid);
    let lastError: unknown = new JwtRejected('signature');
    if (this.#jwks) {
      try {
        return identityOf((await jwtVerify(token, this.#jwks, this.#options)).payload);
      } catch (err) {
        if (!isKeyMismatch(err)) throw new JwtRejected(classify(err));
        lastError = err;
      }
    }
    for (const key of candidates) {
      try {
        return identityOf((await jwtVerify(token, key, this.#options)).payload);
      } catch (err) {
        // A claim error comes after a good signature: that key was the signer and the token is bad.
        if (!isKeyMismatch(err)) throw new JwtRejected(classify(err));
        lastError = err;
      }
    }
    throw new JwtRejected(lastError instanceof JwtRejected ? lastError.reason : 'signature');
  }

  /** PEM keys of the token's algorithm; those whose thumbprint is the token's `kid` when one matches. */
  async #candidates(alg: string, kid: string | null): Promise<KeyObject[]> {
    const typed = this.#keys.filter((k) => k.algorithms.includes(alg));
    if (kid === null) return typed.map((k) => k.key);
    const named: KeyObject[] = [];
    for (const k of typed) {
      k.kid ??= exportJWK(k.key)
        .then((jwk) => calculateJwkThumbprint(jwk))
        .catch(() => null);
      if ((await k.kid) === kid) named.push(k.key);
    }
    return named.length > 0 ? named : typed.map((k) => k.key);
  }
}

/** The key did not verify this token (wrong key, or no key in the set fits): try the next one. */
function isKeyMismatch(err: unknown): boolean {
  return (
    err instanceof errors.JWSSignatureVerificationFailed ||
    err instanceof errors.JWKSNoMatchingKey ||
    err instanceof errors.JWKSMultipleMatchingKeys ||
    err instanceof errors.JOSEAlgNotAllowed ||
    err instanceof TypeError // a key of another type than the algorithm needs
  );
}

function identityOf(payload: JWTPayload): JwtIdentity {
  return { subject: typeof payload.sub === 'string' ? payload.sub : 'unknown', issuer: payload.iss ?? null };
}

function classify(err: unknown): JwtFailure {
  if (err instanceof JwtRejected) return err.reason;
  if (err instanceof errors.JWTExpired) return 'expired';
  if (err instanceof errors.JWTClaimValidationFailed) return err.claim === 'nbf' ? 'not_yet_valid' : 'claims';
  if (err instanceof errors.JWSSignatureVerificationFailed || err instanceof errors.JWKSNoMatchingKey)
    return 'signature';
  if (err instanceof errors.JOSEAlgNotAllowed || err instanceof errors.JOSENotSupported) return 'algorithm';
  return 'malformed';
}
