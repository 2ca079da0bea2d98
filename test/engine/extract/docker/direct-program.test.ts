import { describe, expect, it } from 'vitest';
import { directProgram, officialImage } from '../../../../src/engine/extract/docker/direct-program.js';

describe('directProgram', () => {
  it.each<[string | undefined, string | undefined, string | undefined, string | undefined]>([
    // image, --entrypoint, first command word, program run directly (undefined: none)
    ['docker:cli', undefined, 'ps', 'docker'],
    ['docker:27-cli', undefined, 'docker', 'docker'],
    ['node:20', undefined, 'npm', 'npm'],
    ['docker.io/library/python:3.12', undefined, 'twine', 'twine'],
    ['amazon/aws-cli', undefined, 's3', 'aws'],
    ['node:20', undefined, 'sh', undefined],
    ['node:20', undefined, 'env', undefined],
    ['docker:cli', 'docker', 'ps', undefined],
    ['evil/tools', undefined, 'docker', undefined],
    ['ghcr.io/acme/node', undefined, 'npm', undefined],
    ['node:20', undefined, undefined, undefined],
    ['node:20', undefined, '$(id)', undefined],
  ])('%s --entrypoint=%s %s', (image, entrypoint, first, program) => {
    expect(directProgram(image, entrypoint, first)).toBe(program);
  });
  it('reads only namespace-less Docker Hub images as official', () => {
    expect(officialImage('node:20-alpine')).toBe(true);
    expect(officialImage('docker.io/library/docker@sha256:abc')).toBe(true);
    expect(officialImage('bitnami/kubectl')).toBe(false);
    expect(officialImage('quay.io/node')).toBe(false);
    expect(officialImage(undefined)).toBe(false);
  });
});
