/** GraphQL mutations read as the calls they make (src/engine/extract/tool-call/graphql.ts). */
import { describe, expect, it } from 'vitest';
import { mutationCalls } from '../../../../src/engine/extract/tool-call/graphql.js';

describe('mutationCalls', () => {
  it.each([
    [
      'mutation { delete_orders(where: {}) { affected_rows } }',
      undefined,
      [{ name: 'delete_orders', args: { where: {} } }],
    ],
    [
      'mutation Purge($w: users_bool_exp!) { gone: delete_users(where: $w) { affected_rows } }',
      { w: { id: { _gt: 0 } } },
      [{ name: 'delete_users', args: { where: { id: { _gt: 0 } } } }],
    ],
    [
      'mutation { deleteRepository(input: {repositoryId: "R_1", force: true}) { clientMutationId } }',
      undefined,
      [
        {
          name: 'deleteRepository',
          args: { repositoryId: 'R_1', force: true, input: { repositoryId: 'R_1', force: true } },
        },
      ],
    ],
    [
      '# two at once\nmutation A { a: issueCreate(input: {title: "x"}) { id } ... on Mutation { teamDelete(id: "t") } }',
      undefined,
      [
        { name: 'issueCreate', args: { title: 'x', input: { title: 'x' } } },
        { name: 'teamDelete', args: { id: 't' } },
      ],
    ],
    [
      'mutation { s(v: ENABLED, n: null, l: [1, 2.5, "three"], b: false) }',
      undefined,
      [{ name: 's', args: { v: 'ENABLED', n: null, l: [1, 2.5, 'three'], b: false } }],
    ],
  ])('%s', (doc, vars, want) => {
    expect(mutationCalls(doc, vars)).toEqual(want);
  });

  it("reads a bulk operation's inner mutation as run on every item", () => {
    const calls = mutationCalls(
      'mutation { bulkOperationRunMutation(mutation: "mutation call($id: ID!) { productDelete(input: {id: $id}) { id } }", stagedUploadPath: "p.jsonl") { bulkOperation { id } } }',
      undefined,
    );
    expect(calls.map((c) => c.name)).toEqual(['bulkOperationRunMutation', 'bulk_productDelete']);
    expect(calls[1]!.args.all).toBe(true);
  });

  it.each([
    'query { repository(owner: "a", name: "b") { id } }',
    '{ viewer { login } }',
    'subscription { orderCreated { id } }',
    'fragment F on Repo { id } query { repo { ...F } }',
    'not graphql at all',
  ])('%s gives no call', (doc) => {
    expect(mutationCalls(doc, undefined)).toEqual([]);
  });
});
