import { describe, expect, it } from 'vitest';
import { settingLinePattern, settingLinePrefix } from '../../../src/engine/knowledge/setting-lines.js';

describe('settingLinePattern', () => {
  it('keeps filters anchored at a setting key', () => {
    for (const p of ['^registry=', '^@[\\w-]+:registry=', '^index-url', '^host\\s*='])
      expect(settingLinePattern(p), p).toBe(true);
  });
  it('refuses filters that may keep a secret line', () => {
    for (const p of [
      'registry',
      '^_auth',
      '^//registry',
      '^pa',
      '^password',
      '^r.*',
      '^registry|_auth',
      '^always-auth',
    ])
      expect(settingLinePattern(p), p).toBe(false);
  });
  it('reads a literal prefix as that key', () => {
    expect(settingLinePrefix('registry=')).toBe(true);
    expect(settingLinePrefix('//registry.npmjs.org/:_authToken')).toBe(false);
  });
});
