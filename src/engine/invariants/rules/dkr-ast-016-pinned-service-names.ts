/**
 * DKR-AST-016: a container whose names of public services resolve to an outside address (compose
 * `extra_hosts`, `docker run --add-host`): a payment API, identity provider or package registry
 * pinned to an address of no one's network here, or several services' names pinned to one address.
 * The application then sends its card data, sign-ins or package fetches to whoever holds that
 * address (R15/R16). Names pinned to the host, to a private address (a mock on the compose network)
 * or one own name pinned to a new server are the operator's own (extract/docker/pinned-hosts.ts).
 */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'DKR-AST-016',
  invariant: 'NO_SECRET_EXFILTRATION',
  kinds: ['container'],
  summary:
    "A container with a public service's name (a payment API, identity provider, code host or package registry) pinned to an outside address by extra_hosts or --add-host, or names of several domains pinned to one outside address.",
  remediationHint:
    'Let public services\' names resolve through DNS; to test against a mock, pin the name to the mock\'s private address on the compose network (extra_hosts: ["api.stripe.com:172.18.0.5"]).',
  *check(facts) {
    for (const c of facts.of('container')) {
      if (c.pinnedHosts === undefined) continue;
      yield {
        span: c.span,
        reason: `${c.image ?? 'the container'} resolves ${c.pinnedHosts}`,
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      {
        input:
          'services:\n  web:\n    image: acme/web:prod\n    extra_hosts:\n      - "api.stripe.com:193.42.33.12"\n',
        runtime: 'docker',
      },
      { input: 'docker run -d --add-host registry.npmjs.org:203.0.113.5 node:20 npm ci', runtime: 'docker' },
    ],
    allow: [
      {
        input:
          'services:\n  web:\n    image: acme/web\n    extra_hosts:\n      - "host.docker.internal:host-gateway"\n',
        runtime: 'docker',
        why: 'the host itself',
      },
      {
        input: 'docker run --rm --add-host api.stripe.com:172.18.0.5 acme/web:test npm test',
        runtime: 'docker',
        why: 'a mock on a private address',
      },
      {
        input:
          'docker run --rm --add-host app.acme.com:52.14.10.9 curlimages/curl https://app.acme.com/health',
        runtime: 'docker',
        why: "one own name pinned to a new server's address before the DNS switch",
      },
    ],
  },
});
