/** Addresses hidden in names, URLs, curl globs and curl address maps (issue 22, SSRF). */
import { describe, expect, it } from 'vitest';
import { classifyHost, formatIpv4 } from '../../../src/engine/net/address.js';
import {
  addressesInName,
  curlMapTargets,
  expandCurlGlob,
  urlsInsideUrl,
} from '../../../src/engine/net/embedded.js';

describe('addressesInName', () => {
  it.each([
    ['169.254.169.254.nip.io', ['169.254.169.254']],
    ['a9fea9fe.rbndr.us', ['169.254.169.254']],
    ['7f000001.a9fea9fe.rbndr.us', ['127.0.0.1', '169.254.169.254']],
    ['metadata-169-254-169-254.example.com', ['169.254.169.254']],
    ['api.github.com', []],
    ['build-2024-01-02-03.example.com', []],
  ])('%s', (name, want) => {
    expect(addressesInName(name).map(formatIpv4)).toEqual(want);
  });
});

describe('classifyHost on rebinding names and unusual spellings', () => {
  it.each([
    ['a9fea9fe.rbndr.us', 'metadata'],
    ['x.169-254-169-254.example', 'metadata'],
    ['%31%36%39.254.169.254', 'metadata'],
    ['１６９．２５４．１６９．２５４', 'metadata'],
    [`${'0'.repeat(70)}251.0376.0251.0376`, 'metadata'],
    ['deadbeef.example.com', 'name'],
    ['127.0.0.1.nip.io', 'loopback'],
  ])('%s is %s', (host, cls) => {
    expect(classifyHost(host).class).toBe(cls);
  });
});

describe('expandCurlGlob', () => {
  it.each([
    ['169.254.169.{253,254}', ['169.254.169.253', '169.254.169.254']],
    ['169.254.169.[253-254]', ['169.254.169.253', '169.254.169.254']],
    ['h[a-c:2]', ['ha', 'hc']],
    ['plain.example', ['plain.example']],
  ])('%s', (text, want) => {
    expect(expandCurlGlob(text)).toEqual(want);
  });
  it('stops at 64 variants', () => {
    expect(expandCurlGlob('[0-9][0-9][0-9]')).toHaveLength(64);
  });
});

describe('urlsInsideUrl', () => {
  it.each([
    ['https://r.example/go?url=http://169.254.169.254/x', ['http://169.254.169.254/x']],
    ['https://r.example/go?u=http%3A%2F%2F169.254.169.254%2Fx', ['http://169.254.169.254/x']],
    ['https://api.github.com/repos/o/r', []],
  ])('%s', (url, want) => {
    expect(urlsInsideUrl(url)).toEqual(want);
  });
});

describe('curlMapTargets', () => {
  it.each([
    ['example.com:80:169.254.169.254', ['169.254.169.254']],
    ['+example.com:443:10.0.0.1,169.254.169.254', ['10.0.0.1', '169.254.169.254']],
    ['::169.254.169.254:', ['169.254.169.254']],
    ['example.com:80:metadata.google.internal:80', ['metadata.google.internal']],
    ['example.com:443:[fd00:ec2::254]', ['[fd00:ec2::254]']],
  ])('%s', (value, want) => {
    expect(curlMapTargets(value)).toEqual(want);
  });
});
