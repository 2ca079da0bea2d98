/** AWS: access key ids (AKIA/ASIA/ABIA/ACCA), secret access keys and session tokens next to their names. */
import { ALPHA_UPPER, BASE64, DIGITS, randomBody } from '../examples.js';
import { hasVariety, looksRandom } from '../family.js';
import { defineDetector } from '../detector.js';

const keyId = (prefix: string, seed: string): string => prefix + randomBody(seed, ALPHA_UPPER + DIGITS, 16);
const secretKey = (seed: string): string => randomBody(seed, BASE64, 40);
// AWS's documented example pair, built from parts (docs.aws.amazon.com uses it everywhere).
const DOC_KEY_ID = 'AKIA' + 'IOSFODNN7' + 'EXAMPLE';
const DOC_SECRET = 'wJalrXUtnFEMI/K7MDENG/' + 'bPxRfiCY' + 'EXAMPLEKEY';

export default defineDetector({
  id: 'aws',
  family: 'aws',
  kind: 'AWS',
  summary: 'AWS access key ids, secret access keys and session tokens',
  nonStrict: true,
  priority: 10,
  patterns: [
    {
      id: 'aws/access-key-id',
      keywords: ['akia', 'asia', 'abia', 'acca'],
      regex: /^(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])/,
      boundary: true,
      maxLength: 24,
      envName: 'AWS_ACCESS_KEY_ID',
      gate: (s) => hasVariety(s.slice(4), 5),
    },
    {
      id: 'aws/secret-access-key',
      keywords: [
        'aws_secret',
        'awssecret',
        'secret_access_key',
        'secretaccesskey',
        'secret_key',
        'secretkey',
      ],
      regex:
        /^(?:aws_?)?secret_?(?:access_?)?key["'\]]?[ \t]*(?:[:=]|:=|=>)[ \t]*["']?(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/i,
      strictOnly: true,
      maxLength: 96,
      envName: 'AWS_SECRET_ACCESS_KEY',
      gate: (s) => looksRandom(s, 40, 3.5),
    },
    {
      id: 'aws/session-token',
      keywords: ['session_token', 'sessiontoken', 'security_token', 'securitytoken'],
      regex:
        /^(?:session|security)_?token["'\]]?[ \t]*(?:[:=]|:=|=>)[ \t]*["']?(?<secret>[A-Za-z0-9/+=]{100,2048})(?![A-Za-z0-9/+=])/i,
      strictOnly: true,
      maxLength: 2100,
      envName: 'AWS_SESSION_TOKEN',
      notSecretCheck: false,
      gate: (s) => looksRandom(s, 100, 4),
    },
    {
      id: 'aws/session-token-prefix',
      // Base64 of the fixed leading bytes STS session tokens share.
      keywords: ['fwogzxivyxdz', 'iqojb3jpz2lu'],
      regex: /^(?:FwoGZXIvYXdz|IQoJb3JpZ2lu)[A-Za-z0-9/+=]{100,2048}(?![A-Za-z0-9/+=])/,
      boundary: true,
      maxLength: 2070,
      envName: 'AWS_SESSION_TOKEN',
      notSecretCheck: false,
    },
  ],
  examples: {
    positive: [
      { text: `export AWS_ACCESS_KEY_ID=${keyId('AKIA', 'aws1')}`, secret: keyId('AKIA', 'aws1') },
      { text: `"AccessKeyId": "${keyId('ASIA', 'aws2')}",`, secret: keyId('ASIA', 'aws2') },
      {
        text: `aws_secret_access_key = ${secretKey('aws3')}`,
        secret: secretKey('aws3'),
        nonStrict: 'keep',
        why: 'context-only secret: strict mode',
      },
      {
        text: `[default]\naws_access_key_id=${keyId('AKIA', 'aws4')}\naws_session_token=${'IQoJb3JpZ2lu' + randomBody('aws4', BASE64, 300)}`,
        secret: 'IQoJb3JpZ2lu' + randomBody('aws4', BASE64, 300),
      },
      { text: `creds: (${keyId('AKIA', 'aws5')})`, secret: keyId('AKIA', 'aws5') },
      {
        text: `AWS_SECRET_ACCESS_KEY: "${secretKey('aws6')}"`,
        secret: secretKey('aws6'),
        nonStrict: 'keep',
      },
    ],
    negative: [
      { text: DOC_KEY_ID, why: "AWS's documented example key id (src/scrub/not-secret.ts)" },
      {
        text: `aws_secret_access_key = ${DOC_SECRET}`,
        why: "AWS's documented example secret (src/scrub/not-secret.ts)",
      },
      { text: 'akia' + 'zzzzzzzzzzzzzzzz', why: 'lower case is not a key id' },
      { text: 'AKIA' + 'ZZZ', why: 'too short' },
      { text: 'AKIA' + 'ZZZZZZZZZZZZZZZZ', why: 'no variety: a placeholder' },
      {
        text: `role AROA${randomBody('aws7', ALPHA_UPPER, 16)} is an id, not a credential`,
        why: 'role ids are public',
      },
      { text: `hash XAKIA${randomBody('aws8', ALPHA_UPPER, 16)}Z`, why: 'inside a longer word' },
    ],
  },
});
