/**
 * DKR-AST-012: a datastore, notebook or daemon started with its authentication switched off
 * (POSTGRES_HOST_AUTH_METHOD=trust, redis --protected-mode no, an empty Jupyter token, mongo
 * --bind_ip_all without a root user, xpack security off) and published on every interface of the
 * host: anyone who reaches the machine reads and writes its data or runs code (red team r3). A
 * datastore image that is open by default (redis, mongo, memcached, Cassandra, Elasticsearch 7,
 * MinIO's default keys) counts as off when no auth setting, env file or config mount is in view (r7).
 * Any setting whose name says it governs authentication counts when it turns it off, turns anonymous
 * access on or raises the anonymous role (auth-settings.ts; R8 unauth-default). A Dockerfile that
 * runs an SSH server and writes an account's password into itself is a known login (known-logins.ts).
 */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'DKR-AST-012',
  invariant: 'NO_PERMISSION_WEAKENING',
  kinds: ['container'],
  summary:
    'A container service with its authentication off (trust auth, empty password or token, redis protected mode off, a setting such as ME_CONFIG_BASICAUTH=false, ALLOW_ANONYMOUS_LOGIN=yes or -Djenkins.install.runSetupWizard=false, or an image open by default with no auth setting) published on all interfaces (-p PORT:PORT, 0.0.0.0, -P, compose ports); a Dockerfile image with an SSH server and an account password written in it, or whose RUN writes an access file open (pg_hba trust for every address, skip-grant-tables, protected-mode no) with a port exposed.',
  remediationHint:
    'Publish the port on the loopback interface only (-p 127.0.0.1:5432:5432, compose "127.0.0.1:5432:5432"), or keep authentication on (POSTGRES_PASSWORD, --requirepass, a Jupyter token).',
  *check(facts) {
    for (const c of facts.of('container')) {
      if (c.unauthenticated === undefined) continue;
      yield {
        span: c.span,
        reason: `${c.image ?? 'the container'} runs without authentication (${c.unauthenticated}): anyone who can reach this machine gets in`,
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      {
        input: 'docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16',
        runtime: 'docker',
      },
      { input: 'docker run -d -p 6379:6379 redis:7 redis-server --protected-mode no', runtime: 'docker' },
      { input: 'docker run -d -p 27017:27017 mongo:7', runtime: 'docker' },
      {
        input: 'docker run -d -p 2181:2181 -e ALLOW_ANONYMOUS_LOGIN=yes bitnami/zookeeper:3.9',
        runtime: 'docker',
      },
      {
        input:
          "services:\n  db:\n    image: postgres:16\n    ports:\n      - '5432:5432'\n    environment:\n      POSTGRES_HOST_AUTH_METHOD: trust\n",
        runtime: 'docker',
      },
    ],
    allow: [
      {
        input: 'docker run -d -p 127.0.0.1:5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16',
        runtime: 'docker',
        why: 'published on the loopback interface only',
      },
      {
        input: 'docker run -d --network app -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16',
        runtime: 'docker',
        why: 'not published: reachable only on its docker network',
      },
      {
        input: 'docker run -d -p 5432:5432 -e POSTGRES_PASSWORD=devpass postgres:16',
        runtime: 'docker',
        why: 'authentication on',
      },
      {
        input: 'docker run -d -p 127.0.0.1:27017:27017 mongo:7',
        runtime: 'docker',
        why: 'an open-by-default image published on the loopback interface only',
      },
      {
        input: 'docker run -d -p 3000:3000 -e GF_SECURITY_DISABLE_GRAVATAR=true grafana/grafana',
        runtime: 'docker',
        why: 'the setting names a security section but turns off avatars, not authentication',
      },
    ],
  },
});
