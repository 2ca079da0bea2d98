/** REST requests and GraphQL bodies read as the calls they make (src/engine/extract/tool-call/rest-call.ts). */
import { describe, expect, it } from 'vitest';
import { deletesItem, requestCalls, restCall } from '../../../../src/engine/extract/tool-call/rest-call.js';

describe('restCall', () => {
  it.each([
    ['PATCH', 'https://api.github.com/orgs/acme', { a: 1 }, 'update_org', { a: 1, org: 'acme', id: 'acme' }],
    [
      'POST',
      'https://api.github.com/repos/acme/core/transfer',
      { new_owner: 'x' },
      'transfer_repo',
      { new_owner: 'x', owner: 'acme', repo: 'core', id: 'core' },
    ],
    [
      'PUT',
      'https://api.github.com/repos/acme/api/branches/main/protection',
      {},
      'update_branch_protection',
      { owner: 'acme', repo: 'api', branch: 'main', id: 'main' },
    ],
    [
      'DELETE',
      'https://management.azure.com/subscriptions/8f2a/resourceGroups/rg-x?api-version=2021-04-01',
      undefined,
      'delete_resource_group',
      { 'api-version': '2021-04-01', subscription: '8f2a', resource_group: 'rg-x', id: 'rg-x' },
    ],
    [
      'POST',
      'https://slack.com/api/admin.conversations.delete',
      { channel_id: 'C1' },
      'admin_conversations_delete',
      { channel_id: 'C1' },
    ],
    [
      'POST',
      'https://api.pinecone.io/indexes/search/delete',
      '{"deleteAll": true}',
      'delete_index',
      { deleteAll: true, index: 'search', id: 'search' },
    ],
    ['DELETE', 'https://api.acme.test/v2/customers', undefined, 'delete_all_customers', {}],
    [
      'POST',
      'https://api.stripe.com/v1/customers',
      { email: 'a@b.c' },
      'create_customers',
      { email: 'a@b.c' },
    ],
    [
      'PATCH',
      'https://api.cloudflare.com/client/v4/zones/023e/settings/ssl',
      { value: 'off' },
      'update_ssl_setting',
      { value: 'off', zone: '023e', setting: 'ssl', id: 'ssl' },
    ],
    [
      'POST',
      '/v1/projects/p1/instances/db-1:stop',
      undefined,
      'stop_instance',
      { project: 'p1', instance: 'db-1', id: 'db-1' },
    ],
  ])('%s %s', (method, url, body, name, args) => {
    expect(restCall(method, url, body)).toMatchObject({ name, args });
  });

  it.each([
    ['GET', 'https://api.github.com/repos/a/b'],
    ['HEAD', 'https://api.github.com/repos/a/b'],
    ['DELETE', 'https://es.acme.test:9200/_all'],
    ['POST', 'not a url ::'],
  ])('%s %s gives no call', (method, url) => {
    expect(restCall(method, url, undefined)).toBeUndefined();
  });

  it.each([
    ['DELETE', 'https://api.stripe.com/v1/customers/cus_1', true],
    ['DELETE', 'https://api.github.com/repos/a/b/labels/wontfix', true],
    ['DELETE', 'https://api.acme.test/v2/customers', false],
    ['DELETE', 'https://es.acme.test/indices/logs-*', false],
    ['PUT', 'https://api.stripe.com/v1/customers/cus_1', false],
  ])('%s %s deletes one item: %s', (method, url, want) => {
    expect(deletesItem(method, url)).toBe(want);
  });
});

describe('requestCalls', () => {
  it('reads a GraphQL mutation in a request body, with its variables', () => {
    const f = new Map<string, unknown>([
      ['method', 'POST'],
      ['url', 'https://api.linear.app/graphql'],
      [
        'body',
        { query: 'mutation D($id: String!) { teamDelete(id: $id) { success } }', variables: { id: 't1' } },
      ],
    ]);
    expect(requestCalls(f)).toEqual([{ name: 'teamDelete', args: { id: 't1' } }]);
  });

  it('reads a GraphQL document field under any tool', () => {
    const f = new Map<string, unknown>([['document', 'mutation { projectDelete(id: "p") }']]);
    expect(requestCalls(f)).toEqual([{ name: 'projectDelete', args: { id: 'p' } }]);
  });

  it('gives nothing for a GraphQL query or a GET', () => {
    expect(requestCalls(new Map([['query', 'query { viewer { id } }']]))).toEqual([]);
    expect(
      requestCalls(
        new Map([
          ['method', 'GET'],
          ['url', 'https://x.test/a/1'],
        ]),
      ),
    ).toEqual([]);
  });
});
