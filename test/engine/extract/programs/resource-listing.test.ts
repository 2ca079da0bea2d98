/** Listings of every object of a kind and the filters that pass them on (src/engine/extract/programs/resource-listing.ts). */
import { describe, expect, it } from 'vitest';
import { keepsListing, resourceListing } from '../../../../src/engine/extract/programs/resource-listing.js';

describe('resourceListing', () => {
  it.each<[string, string[], readonly string[] | undefined]>([
    ['kubectl', ['get', 'ns', '-o', 'name'], ['ns/*']],
    ['kubectl', ['--context', 'prod', 'get', 'pods', '-n', 'web'], ['pods/*']],
    ['kubectl', ['get', 'pods', '-l', 'app=web'], undefined],
    ['kubectl', ['get', 'pod', 'web-1'], undefined],
    ['redis-cli', ['-h', 'cache', '--scan'], ['*']],
    ['redis-cli', ['--scan', '--pattern', 'build:*'], undefined],
    ['redis-cli', ['KEYS', '*'], ['*']],
    ['git', ['branch'], undefined],
  ])('%s %j', (program, args, want) => {
    expect(resourceListing(program, args)).toEqual(want);
  });
});

describe('keepsListing', () => {
  it.each<[string, string[], boolean]>([
    ['grep', ['-v', 'kube-'], true],
    ['grep', ['web-'], false],
    ['awk', ['{print $1}'], true],
    ['awk', ['/web/ {print $1}'], false],
    ['jq', ['-r', '.[].name'], true],
    ['jq', ['-r', '.[] | select(.x) | .name'], false],
    ['head', ['-5'], false],
    ['tail', ['-n', '+2'], true],
    ['cut', ['-d/', '-f2'], true],
  ])('%s %j', (program, args, want) => {
    expect(keepsListing(program, args)).toBe(want);
  });
});
