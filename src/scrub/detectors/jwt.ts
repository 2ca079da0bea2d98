/** JSON Web Tokens: base64url parts whose first part decodes to a JSON header (alg/typ/enc). */
import { jwt } from '../examples.js';
import { defineDetector } from '../detector.js';

function jsonObject(part: string): object | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The header decodes to JSON naming alg/typ/enc; or, for a token with a damaged header (a typo in
 * a copied example), three parts whose payload decodes to a JSON object.
 */
function headerIsJson(token: string): boolean {
  const parts = token.split('.');
  const header = jsonObject(parts[0]!);
  if (header) return 'alg' in header || 'typ' in header || 'enc' in header;
  return parts.length >= 3 && parts[1]!.startsWith('eyJ') && jsonObject(parts[1]!) !== null;
}

export default defineDetector({
  id: 'jwt',
  family: 'jwt',
  kind: 'JWT',
  // Base64 of binary data has runs of `A`s: the shared placeholder check does not apply.
  notSecretCheck: false,
  summary: 'JSON Web Tokens (JWS and JWE compact form)',
  nonStrict: true,
  priority: 8,
  patterns: [
    {
      id: 'jwt/compact',
      // eyJ = `{"`; ewog and eyAi are pretty-printed headers (`{\n ` and `{ "`).
      keywords: ['eyj', 'ewog', 'eyai'],
      regex: /^(?:eyJ|ewog|eyAi)[A-Za-z0-9_-]{6,1024}(?:\.[A-Za-z0-9_-]{1,4096}){1,4}(?![A-Za-z0-9_-])/,
      boundary: true,
      maxLength: 1030 + 4 * 4097 + 1,
      envName: 'JWT',
      gate: headerIsJson,
      // Non-strict mode wants a signed token (three parts and a signature).
      verify: (s) => {
        const parts = s.split('.');
        return parts.length >= 3 && (parts[2]?.length ?? 0) >= 16;
      },
    },
  ],
  examples: {
    positive: [
      {
        text: `JWT := eyJhbGciOieee${jwt({ alg: 'HS256' }, { sub: '1234', name: 'x' }, 'jw9').replace(/^[^.]*/, '')}`,
        secret: `eyJhbGciOieee${jwt({ alg: 'HS256' }, { sub: '1234', name: 'x' }, 'jw9').replace(/^[^.]*/, '')}`,
        why: 'a damaged header, a JSON payload and a signature',
      },
      {
        text: `Authorization: Bearer ${jwt({ alg: 'HS256', typ: 'JWT' }, { sub: '1234', name: 'x' }, 'jw1')}`,
        secret: jwt({ alg: 'HS256', typ: 'JWT' }, { sub: '1234', name: 'x' }, 'jw1'),
      },
      {
        text: `token=${jwt({ alg: 'RS256', kid: 'k1' }, { iss: 'https://issuer', exp: 1 }, 'jw2')}&x=1`,
        secret: jwt({ alg: 'RS256', kid: 'k1' }, { iss: 'https://issuer', exp: 1 }, 'jw2'),
      },
      {
        text: `{"id_token": "${jwt({ alg: 'ES256' }, { aud: 'app' }, 'jw3')}"}`,
        secret: jwt({ alg: 'ES256' }, { aud: 'app' }, 'jw3'),
      },
      {
        text: jwt({ typ: 'JWT', alg: 'none' }, { admin: true }, 'jw4').split('.').slice(0, 2).join('.') + '.',
        secret: jwt({ typ: 'JWT', alg: 'none' }, { admin: true }, 'jw4').split('.').slice(0, 2).join('.'),
        nonStrict: 'keep',
        why: 'unsigned token: strict mode only',
      },
      {
        text: `cookie: session=${jwt({ alg: 'HS512', typ: 'JWT' }, { uid: 42 }, 'jw5')}; Path=/`,
        secret: jwt({ alg: 'HS512', typ: 'JWT' }, { uid: 42 }, 'jw5'),
      },
    ],
    negative: [
      { text: 'eyJAAAA.eyJBBB', why: 'header is not JSON' },
      { text: 'eyJBB.eyJCC.eyJDDDD', why: 'header is not JSON' },
      { text: 'jwt', why: 'a word' },
      {
        text: `data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==`,
        why: 'a base64 image',
      },
      {
        text: `${Buffer.from('{"name":"pkg","version":"1.0.0"}').toString('base64url')}`,
        why: 'base64 JSON without a second part',
      },
    ],
  },
});
