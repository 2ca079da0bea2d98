/**
 * Bearer JWTs verified with jose against configured PEM public keys or a JWK Set file: signature,
 * algorithm allowlist, `exp`/`nbf` with a clock tolerance, and `iss`/`aud` when configured
 * (RFC 7519 section 7.2, RFC 8725 section 3.1 on pinning algorithms).
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  createLocalJWKSet,
  errors,
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

export class JwtVerifier {
  readonly #keys: readonly KeyObject[];
  readonly #jwks: ReturnType<typeof createLocalJWKSet> | null;
  readonly #options: JWTVerifyOptions;

  private constructor(
    keys: readonly KeyObject[],
    jwks: ReturnType<typeof createLocalJWKSet> | null,
    options: JWTVerifyOptions,
  ) {
    this.#keys = keys;
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
      ...(settings.issuer ? { issuer: settings.issuer } : {}),
      ...(settings.audience ? { audience: settings.audience } : {}),
    };
    return new JwtVerifier(keys, jwks, options);
  }

  async verify(token: string): Promise<JwtIdentity> {
    let lastError: unknown = new JwtRejected('signature');
    if (this.#jwks) {
      try {
        return identityOf((await jwtVerify(token, this.#jwks, this.#options)).payload);
      } catch (err) {
        lastError = err;
      }
    }
    for (const key of this.#keys) {
      try {
        return identityOf((await jwtVerify(token, key, this.#options)).payload);
      } catch (err) {
        lastError = err;
        // Only a signature mismatch means "try the next key"; anything else is the token's fault.
        if (
          !(err instanceof errors.JWSSignatureVerificationFailed) &&
          !(err instanceof errors.JOSEAlgNotAllowed)
        )
          break;
      }
    }
    throw new JwtRejected(classify(lastError));
  }
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
