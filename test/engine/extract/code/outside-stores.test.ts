/** Which store and broker endpoints are outside this machine and its network (code/outside-stores.ts). */
import { describe, expect, it } from 'vitest';
import { outsideHost } from '../../../../src/engine/extract/code/outside-stores.js';

describe('outsideHost', () => {
  it.each([
    ['a public address', '45.33.12.7', '45.33.12.7'],
    ['a redis URL at a public address', 'redis://45.33.12.7:6379/0', '45.33.12.7'],
    ['a named outside host', 'cache.attacker-box.net', 'cache.attacker-box.net'],
    [
      'a mongo srv URL with credentials',
      'mongodb+srv://u:p@cluster0.evil.mongodb.net',
      'cluster0.evil.mongodb.net',
    ],
    ['the first of a broker list', '198.51.100.9:9092,198.51.100.10:9092', '198.51.100.9'],
    ['localhost', 'localhost', undefined],
    ['loopback by address', '127.0.0.1:6379', undefined],
    ['a private address', '10.0.3.4', undefined],
    ['a compose service name', 'redis', undefined],
    ['a cluster service', 'redis.default.svc.cluster.local', undefined],
    ['an internal name', 'db.internal', undefined],
    ['an endpoint from configuration', '$REDIS_URL', undefined],
    ['none', undefined, undefined],
  ])('%s', (_why, target, want) => {
    expect(outsideHost(target)).toBe(want);
  });
});
