// Shared inputs for the scrubber tests, built from parts (no literal credentials in the repository).
import { BASE62, BASE64, githubToken, jwt, pemBlock, randomBody } from '../../src/scrub/examples.js';

export const GH = githubToken('ghp', 'helpers-1');
export const GH2 = githubToken('ghp', 'helpers-2');
export const AWS_ID = 'AKIA' + randomBody('helpers-aws', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16);
export const PASSWORD = randomBody('helpers-pw', BASE62, 16);
export const JWT = jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'u1', iat: 1 }, 'helpers-jwt');
export const PEM = pemBlock('RSA PRIVATE KEY', 'helpers-pem', 8);
export const STRIPE = 'sk_live_' + randomBody('helpers-stripe', BASE62, 32);
export const AZURE_KEY = randomBody('helpers-azure', BASE64, 86) + '==';

/** A realistic prompt mixing prose, code and several secrets of different families. */
export const MIXED = [
  'Here is my deployment script; please find the bug.',
  '',
  '```bash',
  `export GITHUB_TOKEN=${GH}`,
  `export AWS_ACCESS_KEY_ID=${AWS_ID}`,
  `psql postgres://app:${PASSWORD}@db.internal:5432/app -c "select 1"`,
  `curl -H "Authorization: Bearer ${JWT}" https://api.example.com/v1/items`,
  '```',
  '',
  'And the key file:',
  PEM,
  `stripe: ${STRIPE} and again ${GH} (same token twice)`,
  `DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${AZURE_KEY};EndpointSuffix=core.windows.net`,
  'Thanks! The keyboard shortcut is Ctrl+K, and the commit is 3f2a9c1e0b8d7a6f5e4d3c2b1a0f9e8d7c6b5a49.',
].join('\n');

export const SECRETS = [GH, AWS_ID, PASSWORD, JWT, PEM, STRIPE, AZURE_KEY];
