import { describe, expect, it } from 'vitest';
import {
  accountSwitchedOff,
  appAccessRevoked,
  applicationAccount,
  cutOffMoves,
  emptySearchPath,
  isRetiredName,
  retiredName,
  serviceSwitchedOff,
  sharedAccount,
} from '../../../src/engine/knowledge/sql-cutoff.js';
import { discardedWrites } from '../../../src/engine/knowledge/sql-discard.js';
import { catalogBuiltStatements } from '../../../src/engine/knowledge/sql-dynamic.js';

const batch = (sql: string): string[] => sql.split(';').filter((s) => s.trim() !== '');

describe('cutOffMoves', () => {
  it.each([
    ['ALTER TABLE users RENAME TO users_archived_20241101', 1],
    ['RENAME TABLE orders TO orders_old, order_items TO order_items_old', 2],
    ["EXEC sp_rename 'dbo.Orders', 'Orders_old'", 1],
    ['ALTER TABLE orders SET SCHEMA archive', 1],
    ['ALTER SCHEMA archive TRANSFER dbo.Orders', 1],
    ['ALTER DATABASE shop MODIFY NAME = shop_retired', 1],
    ['RENAME orders TO orders_old', 1],
    ['ALTER TABLE users RENAME TO customers', 0],
    ['ALTER TABLE orders RENAME TO orders_old; ALTER TABLE orders_new RENAME TO orders', 0],
    ['ALTER TABLE users RENAME TO users_old; CREATE VIEW users AS SELECT * FROM accounts', 0],
    ['CREATE SCHEMA billing; ALTER TABLE invoices SET SCHEMA billing', 0],
    ["EXEC sp_rename 'dbo.Orders.Status', 'Status_old', 'COLUMN'", 0],
  ])('%s -> %d', (sql, n) => {
    expect(cutOffMoves(batch(sql))).toHaveLength(n);
  });
});

describe('names', () => {
  it.each([
    ['orders', 'orders_old', true],
    ['orders', 'orders_20241101', true],
    ['orders', 'orders_copy', true],
    ['orders', 'orders_v2', false],
    ['legacy_users', 'legacy_users_bak', false],
  ])('retiredName(%s, %s) = %s', (from, to, want) => {
    expect(retiredName(from, to)).toBe(want);
  });
  it.each([
    ['legacy_notes', true],
    ['email_old', true],
    ['original_price', false],
    ['is_hidden', false],
  ])('isRetiredName(%s) = %s', (name, want) => {
    expect(isRetiredName(name)).toBe(want);
  });
});

describe('emptySearchPath', () => {
  it.each([
    ['ALTER DATABASE app SET search_path TO empty_schema', true],
    ["ALTER ROLE app_user SET search_path = ''", true],
    ['ALTER USER webapp SET search_path TO pg_catalog', true],
    ["ALTER USER app_svc SET DEFAULT_NAMESPACE = 'empty_db.public'", true],
    ['ALTER ROLE app_user SET search_path = app, public', false],
    ['ALTER ROLE app_user SET search_path TO DEFAULT', false],
    ['ALTER FUNCTION f() SET search_path = pg_catalog, pg_temp', false],
    ['SET search_path TO empty_schema', false],
  ])('%s -> %s', (sql, want) => {
    expect(emptySearchPath(sql) !== undefined).toBe(want);
  });
});

describe('appAccessRevoked', () => {
  it.each([
    ['REVOKE INSERT ON orders FROM app_rw', 1],
    ['DENY SELECT, INSERT, UPDATE, DELETE ON SCHEMA::dbo TO app_user', 1],
    ['REVOKE ALL ON SCHEMA public FROM PUBLIC', 0],
    ['REVOKE UPDATE, DELETE ON audit_log FROM app_rw', 0],
    ['REVOKE ALL ON TABLE orders FROM app_rw; GRANT SELECT, INSERT ON orders TO app_rw', 0],
    ['REVOKE ALL ON ALL TABLES IN SCHEMA public FROM analyst_jane', 0],
  ])('%s -> %d', (sql, n) => {
    expect(appAccessRevoked(batch(sql))).toHaveLength(n);
  });
});

describe('serviceSwitchedOff', () => {
  it.each([
    ['ALTER WAREHOUSE prod_wh SET AUTO_RESUME = FALSE; ALTER WAREHOUSE prod_wh SUSPEND', 1],
    ["CREATE NETWORK POLICY p ALLOWED_IP_LIST = ('203.0.113.5/32'); ALTER ACCOUNT SET NETWORK_POLICY = p", 1],
    ['ALTER SCHEMA shop READ ONLY = 1', 1],
    ['ALTER USER app_svc SET DISABLED = TRUE', 1],
    ['ALTER WAREHOUSE dev_wh SUSPEND', 0],
    ["CREATE NETWORK POLICY p ALLOWED_IP_LIST = ('203.0.113.0/24'); ALTER ACCOUNT SET NETWORK_POLICY = p", 0],
    ['ALTER USER jane SET DISABLED = TRUE', 0],
  ])('%s -> %d', (sql, n) => {
    expect(serviceSwitchedOff(batch(sql))).toHaveLength(n);
  });
});

describe('accountSwitchedOff', () => {
  it.each([
    ["ALTER USER 'app'@'%' ACCOUNT LOCK", true],
    ['ALTER ROLE postgres NOLOGIN', true],
    ['ALTER LOGIN [orders_service] DISABLE', true],
    ["ALTER USER 'jsmith'@'%', 'web'@'10.0.%' ACCOUNT LOCK", true],
    ["ALTER ROLE api VALID UNTIL '2021-06-30'", true],
    ["ALTER USER 'jsmith'@'%' ACCOUNT LOCK", false],
    ['ALTER ROLE mgarcia WITH NOLOGIN', false],
    ["ALTER USER 'app'@'%' ACCOUNT UNLOCK", false],
    ["ALTER ROLE app VALID UNTIL '2031-01-01'", false],
  ])('%s -> %s', (sql, off) => {
    expect(accountSwitchedOff(sql) !== undefined).toBe(off);
  });
});

describe('discardedWrites', () => {
  it.each([
    ['CREATE RULE r AS ON INSERT TO orders DO INSTEAD NOTHING', 1],
    ['ALTER TABLE orders ADD CONSTRAINT c CHECK (false) NOT VALID', 1],
    [
      'DROP POLICY p ON users; ALTER TABLE users ENABLE ROW LEVEL SECURITY; ALTER TABLE users FORCE ROW LEVEL SECURITY',
      1,
    ],
    ['ALTER TABLE users ENABLE ROW LEVEL SECURITY; ALTER TABLE users FORCE ROW LEVEL SECURITY', 0],
    ["CREATE TRIGGER t BEFORE INSERT ON orders FOR EACH ROW SIGNAL SQLSTATE '45000'", 1],
    ['CREATE RULE r AS ON UPDATE TO audit_log DO INSTEAD NOTHING', 0],
    ['CREATE RULE r AS ON DELETE TO invoices DO INSTEAD NOTHING', 0],
    ['ALTER TABLE measurement ADD CONSTRAINT c CHECK (false) NO INHERIT', 0],
    ['ALTER TABLE profiles ENABLE ROW LEVEL SECURITY', 0],
  ])('%s -> %d', (sql, n) => {
    expect(discardedWrites(batch(sql))).toHaveLength(n);
  });
});

describe('catalogBuiltStatements', () => {
  it.each([
    ["SELECT @sql += 'DROP TABLE ' + QUOTENAME(name) FROM sys.tables; EXEC sp_executesql @sql", 'drop', 1],
    [
      "SET @s = (SELECT CONCAT('TRUNCATE TABLE ', GROUP_CONCAT(table_name)) FROM information_schema.tables); PREPARE st FROM @s",
      'truncate',
      1,
    ],
    ["SELECT CONCAT('DROP TABLE ', table_name) FROM information_schema.tables", 'drop', 0],
    [
      "SELECT @sql += 'DROP TABLE ' + name FROM sys.tables WHERE name LIKE 'tmp%'; EXEC sp_executesql @sql",
      'drop',
      0,
    ],
  ] as const)('%s (%s) -> %d', (sql, verb, n) => {
    expect(catalogBuiltStatements(batch(sql), verb)).toHaveLength(n);
  });
});

// Whose login a drop or a session kill touches (r12 fpsql).
describe('sharedAccount / applicationAccount', () => {
  it.each([
    ['app_rw', true, true],
    ['postgres', true, true],
    ['airflow', true, false],
    ['etl_loader', true, false],
    ['reporting', true, false],
    ['intern2023', false, false],
    ['jsmith', false, false],
    ['mchen', false, false],
  ])('%s -> shared %s, application %s', (name, shared, app) => {
    expect(sharedAccount(name)).toBe(shared);
    expect(applicationAccount(name)).toBe(app);
  });
});
