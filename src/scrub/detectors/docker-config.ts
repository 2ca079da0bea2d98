/**
 * Registry credentials in a Docker/Podman `config.json` (`"auths": {"host": {"auth": "<base64 of
 * user:password>"}}`), also when the JSON sits escaped inside another string
 * (`DOCKER_AUTH_CONFIG={\"auths\":…}`). The value must decode to `user:password`.
 */
import { defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';
import type { PatternHit } from '../family.js';

/** From the keyword: `auth`, escaped closing quote, `:`, escaped opening quote, the base64 value. */
const AUTH = /^auth((?:\\)*)"[ \t]*:[ \t]*\1"(?<secret>[A-Za-z0-9+/]{8,8000}={0,2})\1"/d;

/** Printable ASCII and line breaks only (random bytes decode to control and high characters). */
function printable(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c > 0x7e) return false;
  }
  return true;
}

function matchAuth(text: string, pos: number, limit: number): PatternHit | null {
  // The keyword is `"auth"` (plain JSON) or `auth\` (escaped once or more): start at the word.
  const at = text.charCodeAt(pos) === 0x22 ? pos + 1 : pos;
  if (at > 0 && /[A-Za-z0-9_]/.test(text[at - 1]!)) return null;
  const m = AUTH.exec(text.slice(at, limit));
  const g = m?.indices?.groups?.['secret'];
  if (!m || !g) return null;
  const decoded = Buffer.from(m.groups!['secret']!, 'base64').toString('latin1');
  // user:password, printable (a JSON key file after `_json_key:` spans lines).
  if (!/^[^\s:]{1,256}:[\s\S]{1,}$/.test(decoded) || !printable(decoded)) return null;
  return { secretStart: at + g[0], secretEnd: at + g[1], envName: 'DOCKER_AUTH' };
}

const auth = (seed: string): string =>
  Buffer.from(`deploy:${randomBody(seed, BASE62, 16)}`).toString('base64');

export default defineDetector({
  id: 'docker-config',
  family: 'connection-string',
  kind: 'DOCKER',
  summary:
    'Registry credentials in a Docker config.json ("auths": {… "auth": base64 of user:password}), escaped or not',
  nonStrict: true,
  patterns: [
    {
      id: 'docker-config/auth',
      keywords: ['"auth"', 'auth\\'],
      match: matchAuth,
      maxLength: 8200,
    },
  ],
  examples: {
    positive: [
      {
        text: `{\n  "auths": {\n    "registry.example.com": {\n      "auth": "${auth('dc1')}"\n    }\n  }\n}`,
        secret: auth('dc1'),
      },
      {
        text: `environment = ["DOCKER_AUTH_CONFIG={\\"auths\\":{\\"reg.example.com:8083\\":{\\"auth\\":\\"${auth('dc2')}\\"}}}"]`,
        secret: auth('dc2'),
      },
      {
        text: `DOCKER_AUTH_CONFIG: '{\\\\\\"auths\\\\\\":{\\\\\\"r.example\\\\\\":{\\\\\\"auth\\\\\\":\\\\\\"${auth('dc3')}\\\\\\"}}}'`,
        secret: auth('dc3'),
      },
      {
        text: `{"auths": {"https://gcr.io": {"auth": "${Buffer.from('_json_key:{\n  "type": "service_account"\n}').toString('base64')}"}}}`,
        secret: Buffer.from('_json_key:{\n  "type": "service_account"\n}').toString('base64'),
        why: 'a GCP key file as the password',
      },
    ],
    negative: [
      { text: '{"auth": "required", "mode": "strict"}', why: 'not base64 of user:password' },
      {
        text: `{"auth": "${randomBody('dc4', BASE62, 24)}"}`,
        why: 'random text that does not decode to user:password (the generic detector takes it)',
        strict: 'redact',
      },
      {
        text: '{"oauth": "ZGVwbG95OnNlY3JldA=="}',
        why: 'a different field (the generic detector takes it)',
        strict: 'redact',
      },
      { text: '{"auth": ""}', why: 'empty' },
    ],
  },
});
