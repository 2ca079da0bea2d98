/** LaunchDarkly SDK, mobile and API access keys (sdk-/mob-/api- + a UUID), and tokens next to "launchdarkly". */
import { contextValue, defineDetector, prefixedToken } from '../detector.js';
import { BASE64URL, randomBody, uuidV4 } from '../examples.js';

const ID = 'launchdarkly';
const token = (seed: string): string => randomBody(`${seed}:0`, BASE64URL, 40);
const key = (seed: string, p = 'sdk-'): string => p + uuidV4(seed, 'a');

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'LAUNCHDARKLY',
  summary:
    'LaunchDarkly SDK, mobile and API access keys (sdk-/mob-/api- + a UUID), and tokens next to "launchdarkly"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      name: 'key',
      keywords: ['sdk-', 'mob-', 'api-'],
      // A UUID's shape; LaunchDarkly's own are hex, test fixtures use any lower-case alphanumerics.
      regex: /^(?:sdk|mob|api)-[a-z0-9]{8}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{12}/,
      envName: 'LAUNCHDARKLY_SDK_KEY',
      minDistinct: 10,
      prefixLength: 4,
      strictOnly: true,
    }),
    contextValue(ID, {
      name: 'token',
      keywords: ['launchdarkly'],
      value: /[a-z0-9=_-]{40}/,
      envName: 'LAUNCHDARKLY_ACCESS_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `LAUNCHDARKLY_API_KEY = "${token('lau0a')}"`, secret: token('lau0a'), nonStrict: 'keep' },
      { text: `launchdarkly:\n  credentials: ${token('lau0b')}`, secret: token('lau0b'), nonStrict: 'keep' },
      { text: `const launchdarklyAuth = '${token('lau0c')}';`, secret: token('lau0c'), nonStrict: 'keep' },
      { text: `LD_SDK_KEY=${key('lau1a')}`, secret: key('lau1a'), nonStrict: 'keep' },
      {
        text: `client = ldclient.get("${key('lau1b', 'mob-')}")`,
        secret: key('lau1b', 'mob-'),
        nonStrict: 'keep',
      },
      { text: `Authorization: ${key('lau1c', 'api-')}`, secret: key('lau1c', 'api-'), nonStrict: 'keep' },
    ],
    negative: [
      { text: `See the launchdarkly documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: 'the api-gateway-service-config-map-v2 resource', why: 'a hyphenated name, not a UUID' },
      { text: `ssdk-${uuidV4('lau1d', 'a')}`, why: 'inside a longer word' },
      {
        text: `LAUNCHDARKLY_URL = "https://api.launchdarkly.example/v1/items"`,
        why: 'a URL, not a credential',
      },
      { text: `LAUNCHDARKLY_API_KEY = "${'x'.repeat(token('lau0d').length)}"`, why: 'placeholder value' },
    ],
  },
});
