/** Addresses that servers a test starts on this machine hand out (code/local-servers.ts). */
import { describe, expect, it } from 'vitest';
import { localServerAddress } from '../../../../src/engine/extract/code/local-servers.js';
import { render } from '../../../../src/engine/extract/code/value.js';

describe('localServerAddress', () => {
  it.each([
    [
      'an in-memory mongod',
      'mongodb-memory-server.MongoMemoryServer.create().getUri',
      'mongodb://127.0.0.1/',
    ],
    [
      'python testcontainers',
      'testcontainers.postgres.PostgresContainer().get_connection_url',
      'postgresql://127.0.0.1/',
    ],
    [
      'node testcontainers',
      '@testcontainers/redis.RedisContainer().start().getConnectionUrl',
      'redis://127.0.0.1/',
    ],
    [
      'a container host',
      'testcontainers.core.container.DockerContainer().get_container_host_ip',
      '127.0.0.1',
    ],
    ['another library', 'mongodb.MongoClient.connect().getUri', undefined],
    [
      'a server method that is no address',
      'mongodb-memory-server.MongoMemoryServer.create().stop',
      undefined,
    ],
  ])('%s', (_why, name, want) => {
    const v = localServerAddress(name);
    expect(v === undefined ? undefined : render(v)).toBe(want);
  });
});
