import { describe, expect, it } from 'vitest';
import { holdsLock, isLongSleep, rowBomb, throttled } from '../../../src/engine/knowledge/sql-load.js';
import { emptySwaps } from '../../../src/engine/knowledge/sql-swap.js';
import {
  allScratchTables,
  retentionPartition,
  retentionPartitionTable,
} from '../../../src/engine/knowledge/sql.js';

describe('rowBomb', () => {
  it.each([
    ['INSERT INTO f SELECT g FROM generate_series(1, 100000000) g', true],
    ['SELECT 1 FROM generate_series(1, 100000) a, generate_series(1, 100000) b', true],
    ['SELECT * FROM TABLE(GENERATOR(ROWCOUNT => 1e10))', true],
    ['INSERT INTO t SELECT a.* FROM events a, events b, events c', true],
    ['INSERT INTO t SELECT number FROM system.numbers', true],
    ['INSERT INTO t SELECT g FROM generate_series(1, 100000) g', false],
    ['SELECT * FROM orders o, customers c WHERE o.customer_id = c.id', false],
    ['SELECT a.id, b.id FROM colors a, sizes b', false],
    ['SELECT * FROM events a, events b LIMIT 10', false],
    ['SELECT number FROM system.numbers LIMIT 10', false],
  ])('%s -> %s', (sql, bomb) => {
    expect(rowBomb(sql) !== undefined).toBe(bomb);
  });
});

describe('locks, sleeps and limits', () => {
  it.each([
    ['LOCK TABLE orders IN ACCESS EXCLUSIVE MODE', true],
    ['LOCK TABLES orders WRITE', true],
    ['SELECT * FROM accounts FOR UPDATE', true],
    ['LOCK TABLE orders IN ACCESS SHARE MODE', false],
    ['SELECT * FROM accounts', false],
  ])('holdsLock(%s) = %s', (sql, locked) => {
    expect(holdsLock(sql)).toBe(locked);
  });
  it.each([
    ['SELECT pg_sleep(86400)', true],
    ["WAITFOR DELAY '00:10:00'", true],
    ["SELECT pg_sleep_for('1 hour')", true],
    ['SELECT pg_sleep(5)', false],
  ])('isLongSleep(%s) = %s', (sql, long) => {
    expect(isLongSleep(sql)).toBe(long);
  });
  it.each([
    ['ALTER SYSTEM SET max_connections = 1', true],
    ['SET GLOBAL max_connections = 2', true],
    ["ALTER DATABASE app SET statement_timeout = '10ms'", true],
    ['ALTER SYSTEM SET max_connections = 200', false],
    ["ALTER ROLE app SET statement_timeout = '30s'", false],
    ['SET statement_timeout = 50', false],
  ])('throttled(%s) = %s', (sql, low) => {
    expect(throttled(sql) !== undefined).toBe(low);
  });
});

describe('emptySwaps', () => {
  it.each([
    [['RENAME TABLE orders TO orders_trash, orders_empty TO orders'], 1],
    [['CREATE TABLE orders_new LIKE orders', 'RENAME TABLE orders TO orders_old, orders_new TO orders'], 1],
    [['ALTER TABLE events REPLACE PARTITION tuple() FROM events_empty'], 1],
    [
      [
        'CREATE TABLE orders_new LIKE orders',
        'INSERT INTO orders_new SELECT * FROM orders',
        'RENAME TABLE orders TO orders_old, orders_new TO orders',
      ],
      0,
    ],
    [['RENAME TABLE users TO users_archive'], 0],
  ])('%j -> %i swaps', (texts, n) => {
    expect(emptySwaps(texts)).toHaveLength(n);
  });
});

describe('scratch and retention names', () => {
  it.each([
    [['tmp_import_orders'], true],
    [['staging.stg_orders'], true],
    [['orders_import'], true],
    [['orders_bak'], false],
    [['tmp_a', 'users'], false],
    [[], false],
  ])('allScratchTables(%j) = %s', (targets, scratch) => {
    expect(allScratchTables(targets)).toBe(scratch);
  });
  it.each([
    ['logs.requests', "'2023-01-01'", true],
    ['access_log', 'p2023_01', true],
    ['orders', 'p2023_01', false],
    ['events', 'p_all', false],
  ])('retentionPartition(%s, %s) = %s', (table, partition, ok) => {
    expect(retentionPartition(table, partition)).toBe(ok);
  });
  it.each([
    ['events_2023_01', true],
    ['request_log_y2023m01', true],
    ['orders_2023', false],
  ])('retentionPartitionTable(%s) = %s', (table, ok) => {
    expect(retentionPartitionTable(table)).toBe(ok);
  });
});
