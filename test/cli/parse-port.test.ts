import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/command.js';
import { parsePort } from '../../src/cli/input.js';

describe('parsePort (serve, inject)', () => {
  it.each([
    ['0', 0],
    ['8787', 8787],
    ['65535', 65535],
  ])('accepts %s', (raw, want) => {
    expect(parsePort(raw)).toBe(want);
  });

  it.each(['65536', '-1', '80.5', '0x50', '', ' 80', 'eighty'])('refuses "%s" with a usage error', (raw) => {
    expect(() => parsePort(raw)).toThrow(UsageError);
  });
});
