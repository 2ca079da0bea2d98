/**
 * Servers a test starts on this machine for itself: mongodb-memory-server's in-memory mongod and
 * Testcontainers' containers (python `testcontainers`, node `testcontainers` / `@testcontainers/*`).
 * The address such a server object hands out is loopback, so a client made from it
 * (`MongoClient.connect(m.getUri())`) resets a throwaway store, as one made for localhost does.
 */
import { strVal, type Val } from './value.js';

/** Qualified names whose first part is one of those libraries. */
const SERVER_LIB = /^(?:new )?(?:mongodb-memory-server(?:-core)?|testcontainers|@testcontainers\/[\w-]+)\./;

/** Methods that give the server's connection URL or host. */
const ADDRESS_METHOD =
  /\.(?:getUri|getConnectionUri|getConnectionString|getConnectionUrl|get_connection_url|get_connection_uri)$/;
const HOST_METHOD = /\.(?:getHost|get_container_host_ip)$/;

/** The address a local test server's method returns (`mongodb://127.0.0.1:27017/`), or undefined. */
export function localServerAddress(name: string): Val | undefined {
  if (!SERVER_LIB.test(name)) return undefined;
  if (HOST_METHOD.test(name)) return strVal('127.0.0.1');
  if (!ADDRESS_METHOD.test(name)) return undefined;
  const scheme = /mongo/i.test(name)
    ? 'mongodb'
    : /postgres/i.test(name)
      ? 'postgresql'
      : /mysql|mariadb/i.test(name)
        ? 'mysql'
        : /redis/i.test(name)
          ? 'redis'
          : 'tcp';
  return strVal(`${scheme}://127.0.0.1/`);
}
