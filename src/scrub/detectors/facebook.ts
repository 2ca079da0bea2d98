/** Facebook/Meta access tokens (EAA…), app secrets next to "facebook". */
import { contextValue, defineDetector, prefixedToken } from '../detector.js';
import { BASE62, HEX, randomBody } from '../examples.js';

const ID = 'facebook';
const tok0 = (seed: string): string => 'EAAC' + randomBody(`${seed}:1`, BASE62, 150);
const appSecret = (seed: string): string => randomBody(`${seed}:0`, HEX, 32);

export default defineDetector({
  id: ID,
  family: 'generic',
  kind: 'FACEBOOK',
  summary: 'Facebook/Meta access tokens (EAA…), app secrets next to "facebook"',
  // Vendor formats are more specific than the generic assignment and JWT detectors they overlap.
  priority: 9,
  patterns: [
    prefixedToken(ID, {
      keywords: ['eaam', 'eaac', 'eaab', 'eaag'],
      regex: /^EAA[MCBG][A-Za-z0-9]{90,400}/,
      envName: 'FACEBOOK_ACCESS_TOKEN',
      minDistinct: 10,
      tail: 'A-Za-z0-9',
      maxLength: 420,
    }),
    contextValue(ID, {
      name: 'app-secret',
      keywords: ['facebook', 'fb_'],
      value: /[a-f0-9]{32}/,
      envName: 'FACEBOOK_ACCESS_TOKEN',
    }),
    // An app access token is the app id, a bar (or %7C in a URL) and the app secret.
    contextValue(ID, {
      name: 'app-token',
      keywords: ['facebook', 'fb_'],
      value: /[0-9]{15,16}(?:\||%7C)[0-9A-Za-z_-]{27,40}/,
      envName: 'FACEBOOK_APP_TOKEN',
    }),
  ],
  examples: {
    positive: [
      { text: `export FACEBOOK_ACCESS_TOKEN=${tok0('fac0a')}`, secret: tok0('fac0a') },
      { text: `Use ${tok0('fac0b')} for the deploy step.`, secret: tok0('fac0b') },
      { text: `{"credentials": "${tok0('fac0c')}"}`, secret: tok0('fac0c') },
      { text: `FACEBOOK_API_KEY = "${appSecret('fac1a')}"`, secret: appSecret('fac1a'), nonStrict: 'keep' },
      {
        text: `facebook:\n  credentials: ${appSecret('fac1b')}`,
        secret: appSecret('fac1b'),
        nonStrict: 'keep',
      },
      {
        text: `const facebookAuth = '${appSecret('fac1c')}';`,
        secret: appSecret('fac1c'),
        nonStrict: 'keep',
      },
      {
        text: `facebookToken,${randomBody('fac2a', '123456789', 15)}|${randomBody('fac2b', HEX + 'xyz_-', 32)},`,
        secret: `${randomBody('fac2a', '123456789', 15)}|${randomBody('fac2b', HEX + 'xyz_-', 32)}`,
        why: 'an app access token: app id | app secret, in a CSV row',
        nonStrict: 'keep',
      },
    ],
    negative: [
      { text: 'EAAC' + 'x'.repeat(tok0('fac0d').length - 4), why: 'placeholder body' },
      { text: `EAAC${randomBody('fac0e', BASE62, 6)} is cut short`, why: 'too short' },
      { text: `my${tok0('fac0f')}`, why: 'inside a longer word' },
      { text: `See the facebook documentation for how to rotate credentials.`, why: 'prose, no value' },
      { text: `FACEBOOK_URL = "https://api.facebook.example/v1/items"`, why: 'a URL, not a credential' },
      { text: `FACEBOOK_API_KEY = "${'x'.repeat(appSecret('fac1d').length)}"`, why: 'placeholder value' },
    ],
  },
});
