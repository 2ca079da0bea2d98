/** NuGet.config package source credentials: `<add key="ClearTextPassword" value="…" />`. */
import { defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';

const pw = (seed: string): string => randomBody(seed, BASE62, 20);

export default defineDetector({
  id: 'nuget',
  family: 'connection-string',
  kind: 'PASSWORD',
  summary: 'NuGet.config ClearTextPassword / Password values',
  // Beats the generic assignment, which would otherwise look at key="…" instead of value="…".
  priority: 9,
  patterns: [
    {
      id: 'nuget/cleartext-password',
      keywords: ['cleartextpassword"', 'password"'],
      regex: /^(?:ClearText)?Password"[ \t]+value[ \t]*=[ \t]*"(?<secret>[^"\r\n]{1,512})"/i,
      maxLength: 560,
      strictOnly: true,
      envName: 'NUGET_PASSWORD',
    },
  ],
  examples: {
    positive: [
      {
        text: `<packageSourceCredentials><feed><add key="Username" value="ci" /><add key="ClearTextPassword" value="${pw('ng1')}" /></feed></packageSourceCredentials>`,
        secret: pw('ng1'),
      },
      {
        text: `<add key="Password" value="${pw('ng2')}AQAAANCMnd8BFdERjHoAwE" />`,
        secret: `${pw('ng2')}AQAAANCMnd8BFdERjHoAwE`,
      },
    ],
    negative: [
      { text: '<add key="ClearTextPassword" value="%NUGET_PASSWORD%" />', why: 'an environment reference' },
      { text: '<add key="ClearTextPassword" value="" />', why: 'empty' },
    ],
  },
});
