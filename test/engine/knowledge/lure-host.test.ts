import { describe, expect, it } from 'vitest';
import { LURE_HOST, posesAsBrand } from '../../../src/engine/knowledge/lure-host.js';

describe('posesAsBrand', () => {
  it.each([
    ['cdn.jsdelivr-cdn.net', true],
    ['static-cloudfiare.com', true],
    ['login.micros0ft-sso.com', true],
    ['okta-acme-login.net', true],
    ['cdn.jsdelivr.net', false],
    ['acme.okta.com', false],
    ['acme.github.io', false],
    ['www.googletagmanager.com', false],
    ['api.acme.com', false],
  ])('%s', (host, want) => {
    expect(posesAsBrand(host)).toBe(want);
  });
});

describe('LURE_HOST', () => {
  it.each([
    ['wp-upd.top', true],
    ['acme-sso-login.com', true],
    ['staging.acme-blog.com', false],
  ])('%s', (host, want) => {
    expect(LURE_HOST.test(host)).toBe(want);
  });
});
