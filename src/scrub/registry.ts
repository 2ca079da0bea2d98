/** The registry of credential families, in SPEC order; the scanner compiles it once per mode. */
import type { FamilyDefinition, FamilyId } from './family.js';
import { anthropicFamily } from './families/anthropic.js';
import { awsFamily } from './families/aws.js';
import { connectionStringFamily } from './families/connection-string.js';
import { genericFamily } from './families/generic.js';
import { githubFamily } from './families/github.js';
import { gitlabFamily } from './families/gitlab.js';
import { googleFamily } from './families/google.js';
import { jwtFamily } from './families/jwt.js';
import { openaiFamily } from './families/openai.js';
import { privateKeyFamily } from './families/private-key.js';
import { slackFamily } from './families/slack.js';
import { stripeFamily } from './families/stripe.js';

export const FAMILIES: readonly FamilyDefinition[] = Object.freeze([
  awsFamily,
  githubFamily,
  gitlabFamily,
  openaiFamily,
  anthropicFamily,
  googleFamily,
  slackFamily,
  stripeFamily,
  privateKeyFamily,
  jwtFamily,
  connectionStringFamily,
  genericFamily,
]);

export function familyById(id: FamilyId): FamilyDefinition {
  const f = FAMILIES.find((x) => x.id === id);
  if (!f) throw new Error(`unknown family ${id}`);
  return f;
}
