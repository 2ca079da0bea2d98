/** DKR-AST-010: Dockerfile COPY/ADD of private keys and credential files bakes them into image layers. */
import { CREDENTIAL_POINTER_ACTOR, SECRET_LAYER_ACTOR } from '../../extract/docker/dockerfile.js';
import { defineRule } from '../define-rule.js';

const CREDENTIAL_FILE =
  /(?:^|\/)(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|[^/]*\.pem|[^/]*\.key|[^/]*\.p12|[^/]*\.pfx|\.env(?:\.[\w-]+)?|\.npmrc|\.pypirc|\.netrc|\.git-credentials|credentials(?:\.json)?|\.aws(?:\/.*)?|\.ssh(?:\/.*)?|\.kube(?:\/config)?|kubeconfig|\.docker\/config\.json|service-account[^/]*\.json|\.vault-token)$/i;
const NOT_SECRET = /(?:^|\/)\.env\.(?:example|sample|template|dist|defaults)$|\.pub$/i;

export default defineRule({
  id: 'DKR-AST-010',
  invariant: 'NO_SECRET_EXFILTRATION',
  kinds: ['file'],
  summary:
    'COPY/ADD of SSH keys, .env files, .npmrc/.netrc, cloud credentials or kubeconfigs into an image, or of a file an ENV names as the credential (GOOGLE_APPLICATION_CREDENTIALS, *_KEY_FILE); a secret build ARG written into a file a RUN leaves in its layer.',
  remediationHint:
    'Do not copy secrets into an image: every layer is readable by whoever pulls it. Use a build secret (RUN --mount=type=secret,id=npmrc ...) or inject the secret at run time.',
  *check(facts) {
    for (const f of facts.of('file')) {
      if (f.actor.startsWith(SECRET_LAYER_ACTOR)) {
        yield {
          span: f.span,
          reason: `the RUN writes the build argument ${f.actor.slice(SECRET_LAYER_ACTOR.length + 1)} into ${f.path} and leaves it in the image layer`,
          suggestedAlternative: null,
        };
        continue;
      }
      if (f.actor.startsWith(CREDENTIAL_POINTER_ACTOR)) {
        yield {
          span: f.span,
          reason: `the Dockerfile copies ${f.path} into the image and ENV ${f.actor.slice(CREDENTIAL_POINTER_ACTOR.length + 1)} names it as the credential: the layer keeps it`,
          suggestedAlternative: null,
        };
        continue;
      }
      if (f.actor !== 'Dockerfile COPY' && f.actor !== 'Dockerfile ADD') continue;
      const path = f.path.replace(/\/+$/, '');
      if (!CREDENTIAL_FILE.test(path) || NOT_SECRET.test(path)) continue;
      yield {
        span: f.span,
        reason: `${f.actor} puts the credential file ${f.path} into an image layer`,
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      { input: 'FROM alpine\nCOPY id_rsa /root/.ssh/id_rsa\n', runtime: 'docker' },
      { input: 'FROM node:20\nCOPY .npmrc .env ./\nRUN npm ci\n', runtime: 'docker' },
      {
        input:
          'FROM node:20\nARG NPM_TOKEN\nRUN echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci\n',
        runtime: 'docker',
      },
      { input: 'FROM amazon/aws-cli\nADD .aws/credentials /root/.aws/credentials\n', runtime: 'docker' },
      {
        input:
          'FROM python:3.12\nCOPY config/gcp-sa.json /app/gcp-sa.json\nENV GOOGLE_APPLICATION_CREDENTIALS=/app/gcp-sa.json\n',
        runtime: 'docker',
      },
    ],
    allow: [
      {
        input:
          'FROM node:20\nARG NPM_TOKEN\nRUN echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci && rm -f .npmrc\n',
        runtime: 'docker',
        why: 'the same RUN removes the file, so the layer never holds it',
      },
      {
        input: 'FROM node:20\nCOPY package.json package-lock.json ./\nRUN npm ci\n',
        runtime: 'docker',
        why: 'ordinary build inputs',
      },
      {
        input: 'FROM python:3.12\nCOPY . /app\nENV GOOGLE_APPLICATION_CREDENTIALS=/run/secrets/gcp-sa.json\n',
        runtime: 'docker',
        why: 'the credential is mounted at run time, not copied',
      },
      {
        input: 'FROM node:20\nCOPY .env.example .env.example\n',
        runtime: 'docker',
        why: 'an example file holds no secrets',
      },
      {
        input: 'FROM alpine\nCOPY --from=build /app/server.key /etc/ssl/\n',
        runtime: 'docker',
        why: 'copied from another build stage, not the host',
      },
    ],
  },
});
