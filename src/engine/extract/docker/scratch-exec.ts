/**
 * A datastore client run inside a dev or test container against that container's own server:
 * `docker exec redis-dev redis-cli FLUSHALL`, `docker exec test-db psql -c 'DROP DATABASE app_test'`,
 * `docker exec pg psql -c 'DROP DATABASE IF EXISTS app_dev'`. Resetting a dev or test database is
 * everyday work (R10 false positives). The container or the database must be named as dev or test,
 * no word may name production, and the client must not be pointed at another host.
 */
import { onThisMachine } from '../code/local-store.js';

/** Clients of a database server that talk to the container's own server by default. */
const STORE_CLIENT =
  /^(?:redis-cli|valkey-cli|keydb-cli|psql|dropdb|createdb|mysql|mariadb|mysqladmin|mariadb-admin|mongo|mongosh|cqlsh|clickhouse-client|sqlcmd)$/;
/** A part of a name marking a throwaway dev or test store (`redis-dev`, `test-db`, `app_test`, `shop_ci`). */
const DEV_PART =
  /(?:^|[^a-z0-9])(?:dev|devel|development|test|tests|testing|local|scratch|tmp|ci|e2e|sandbox)(?:[^a-z0-9]|$)/i;
/** A part naming production (`prod-db`, `shop_production`, `live`). */
const PROD_PART = /(?:^|[^a-z0-9])(?:prod|production|prd|live|main|master|primary)(?:[^a-z0-9]|$)/i;
/** Options that name the server the client talks to. */
const HOST_OPTION = /^(?:-h|--host|--hostname|-H|--server|-S)$/;

/**
 * Whether `docker exec CONTAINER CMD...` is a datastore reset of a dev or test container's own
 * server (so the command's wipe is not judged as one on the host's stores).
 */
export function scratchStoreExec(container: string | undefined, cmd: readonly string[]): boolean {
  if (container === undefined || cmd.length === 0 || !STORE_CLIENT.test(cmd[0]!)) return false;
  const words = [container, ...cmd];
  if (words.some((w) => PROD_PART.test(w) || w.includes('$') || w.includes('`'))) return false;
  for (let i = 1; i < cmd.length; i++) {
    const w = cmd[i]!;
    const eq = /^(--[\w-]+)=(.*)$/s.exec(w);
    if (eq !== null && HOST_OPTION.test(eq[1]!) && !onThisMachine(eq[2])) return false;
    if (HOST_OPTION.test(w) && !onThisMachine(cmd[i + 1] ?? '')) return false;
    if (/^-h\S/.test(w) && !onThisMachine(w.slice(2))) return false;
    if (/^[a-z][\w+.-]*:\/\//i.test(w) && !onThisMachine(w)) return false;
  }
  return words.some((w) => DEV_PART.test(w));
}
