/** Filters that select every item (src/engine/extract/tool-call/select-all.ts). */
import { describe, expect, it } from 'vitest';
import { selectsEverything } from '../../../../src/engine/extract/tool-call/select-all.js';

describe('selectsEverything', () => {
  it.each([
    ['prefix', ''],
    ['prefix', '/'],
    ['query', '*:*'],
    ['query', '*'],
    ['where', 'id > 0'],
    ['where', 'created_at < now()'],
    ['where', 'inserted_at <= CURRENT_TIMESTAMP'],
    ['filter', 'id IS NOT NULL'],
    ['filter', 'deleted = false'],
    ['query', 'trashed = false'],
    ['filter_by', 'id:*'],
    ['filter_expression', 'attribute_exists(pk)'],
    ['where', "email LIKE '%'"],
    ['where', "status = 'x' OR 1=1"],
    ['filter', {}],
    ['filter', { doc_id: { $ne: 'none' } }],
    ['filter', { _id: { $exists: true } }],
    ['filter', { id: { $gte: 0 } }],
    ['filter', { email: { contains: '@' } }],
    ['query', { bool: { must: [] } }],
    ['query', { match_all: {} }],
    ['query', { query_string: { query: '*' } }],
    ['where', [['uid', '!=', '']]],
    ['filter', '{"_id": {"$exists": true}}'],
    // Hasura (`_gt`, `_is_null`, `_and`) and pg_graphql (`gt`) operators.
    ['where', { id: { _gt: 0 } }],
    ['where', { id: { _is_null: false } }],
    ['where', { _and: [{ created_at: { _lte: 'now()' } }] }],
    ['filter', { id: { gt: 0 } }],
    // Bounds beyond all data, negations of values no item holds, lists spanning every state (R13 narrow-all).
    ['where', "created_at > '1970-01-01'"],
    ['where', 'amount_cents <> -1'],
    ['where', 'id NOT IN (-1)'],
    ['where', 'total >= 0'],
    ['filter_by', 'price:>=0'],
    ['where', "email LIKE '%@%'"],
    ['where', "status IN ('active','trialing','past_due','canceled')"],
    ['filter', { created_at: { $lt: { $date: '2100-01-01T00:00:00Z' } } }],
    ['filter', { $where: 'function() { return true; }' }],
    ['filter', { $where: '() => 1 === 1' }],
    ['filter', { $expr: { $eq: [1, 1] } }],
    ['filter', { id: 'not.is.null' }],
    ['filter', 'id=gte.0'],
    ['query', { range: { price: { gte: 0 } } }],
    ['query', { range: { '@timestamp': { gte: '1970-01-01' } } }],
  ])('%s: %j selects everything', (key, value) => {
    expect(selectsEverything(value, key)).toBe(true);
  });

  it.each([
    ['prefix', 'builds/pr-1290/'],
    ['query', 'sku:TEST-*'],
    ['where', "expires_at < now() - interval '30 days'"],
    ['where', 'expires_at < now()'],
    ['where', 'id IN (101, 102)'],
    ['where', "created_at < '2023-01-01'"],
    ['where', 'id > 5000'],
    ['query', "name contains 'draft' and trashed = false"],
    ['filter', "status = 'deleted'"],
    ['filter', { status: { $ne: 'active' } }],
    ['filter', { doc_id: { $eq: 'kb-1832' } }],
    ['filter', { email: { contains: '@mailinator.com' } }],
    ['query', { range: { '@timestamp': { lt: 'now-90d' } } }],
    ['query', { bool: { must: [], must_not: [{ term: { env: 'prod' } }] } }],
    ['filter_by', 'brand:=acme_test'],
    ['where', { id: { _eq: 4412 } }],
    ['where', { expires_at: { _lt: '2026-01-01' } }],
    ['where', { id: { _is_null: true } }],
    // Only the items something happened to: soft-deleted, archived, banned, children.
    ['where', 'deleted_at IS NOT NULL'],
    ['where', "deleted_at > '1970-01-01'"],
    ['filter', { archived_at: { $exists: true } }],
    ['filter', { banned_at: 'not.is.null' }],
    ['where', [['deleted_at', '!=', null]]],
    ['where', 'total < 0'],
    ['where', 'attempts >= 5'],
    ['filter', { price: { $lt: 0 } }],
    ['where', "status IN ('canceled','incomplete_expired')"],
    ['where', "email LIKE '%@mailinator.com'"],
    ['filter', { $where: 'function() { return this.expires < new Date(); }' }],
    ['filter', { $expr: { $lt: ['$qty', 1] } }],
    ['filter', 'id=eq.4412'],
  ])('%s: %j narrows', (key, value) => {
    expect(selectsEverything(value, key)).toBe(false);
  });
});
