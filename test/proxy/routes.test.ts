import { describe, expect, it } from 'vitest';
import { proxySection } from '../../src/config/sections/proxy.js';
import { buildRouteTable, hasAmbiguousPath, upstreamPath } from '../../src/proxy/routes.js';

const table = buildRouteTable(
  proxySection.parse({
    mcpUpstream: 'http://tools.internal:3000/mcp',
    defaultUpstream: 'http://app:8080',
    routes: [
      { prefix: '/vllm', upstream: 'http://gpu-box:8000/base/', adapter: 'openai', mode: 'audit' },
      { prefix: '/openai', upstream: 'http://127.0.0.1:9999', adapter: 'openai' },
      { prefix: '/openai/v1/files', upstream: 'https://files.example', adapter: 'passthrough' },
    ],
  }),
);

describe('route table', () => {
  it.each([
    ['/openai/v1/chat/completions', '/openai', '/v1/chat/completions'],
    ['/openai', '/openai', '/'],
    ['/openai/v1/files/abc', '/openai/v1/files', '/abc'],
    ['/anthropic/v1/messages', '/anthropic', '/v1/messages'],
    ['/mcp', '/mcp', '/mcp'],
    ['/vllm/v1/completions', '/vllm', '/base/v1/completions'],
    ['/openaix/v1', 'default', '/openaix/v1'],
    ['/anything', 'default', '/anything'],
  ])('%s → %s %s', (path, name, upstream) => {
    const route = table.match(path)!;
    expect(route.name).toBe(name);
    expect(upstreamPath(route, path, '?a=1')).toBe(`${upstream}?a=1`);
  });

  it('config routes replace built-in ones with the same prefix', () => {
    expect(table.match('/openai/x')!.origin).toBe('http://127.0.0.1:9999');
  });

  it('per-route audit mode; a global audit puts every route in audit', () => {
    expect(table.match('/vllm/x')!.mode).toBe('audit');
    expect(table.match('/openai/x')!.mode).toBe('enforce');
    const audit = buildRouteTable(proxySection.parse({ mode: 'audit' }));
    expect(audit.routes.every((r) => r.mode === 'audit')).toBe(true);
  });

  it('no default upstream: unknown paths match nothing', () => {
    const bare = buildRouteTable(proxySection.parse({}));
    expect(bare.match('/somewhere')).toBeNull();
    expect(bare.match('/openai/v1/models')!.origin).toBe('https://api.openai.com');
  });

  it('absolute-form requests match a configured origin only', () => {
    expect(table.matchOrigin('http://gpu-box:8000', '/base/v1/x')!.name).toBe('/vllm');
    expect(table.matchOrigin('http://gpu-box:8000', '/other')).toBeNull();
    expect(table.matchOrigin('http://evil.example', '/')).toBeNull();
    expect(table.matchOrigin('http://app:8080', '/x')!.name).toBe('default');
  });

  it.each(['/a/../openai', '/openai/%2e%2e/x', '/x/./y', '/a\\b', '/a%5cb', '/..'])(
    '%s is ambiguous',
    (p) => {
      expect(hasAmbiguousPath(p)).toBe(true);
    },
  );

  it.each(['/openai/v1/chat', '/a..b/c', '/.well', '/'])('%s is fine', (p) => {
    expect(hasAmbiguousPath(p)).toBe(false);
  });

  it('rejects bad route configuration', () => {
    expect(proxySection.safeParse({ routes: [{ prefix: 'nope', upstream: 'http://x' }] }).success).toBe(
      false,
    );
    expect(proxySection.safeParse({ routes: [{ prefix: '/x', upstream: 'ftp://x' }] }).success).toBe(false);
    expect(proxySection.safeParse({ defaultUpstream: 'http://user:pw@x' }).success).toBe(false);
  });
});
