import { describe, expect, it } from 'vitest';
import {
  copiedAs,
  copyOf,
  isCredentialPointer,
} from '../../../../src/engine/extract/docker/credential-pointers.js';

describe('isCredentialPointer', () => {
  it.each<[string, boolean]>([
    ['GOOGLE_APPLICATION_CREDENTIALS', true],
    ['KUBECONFIG', true],
    ['FIREBASE_SERVICE_ACCOUNT_KEY_FILE', true],
    ['JWT_SECRET_FILE', true],
    ['POSTGRES_PASSWORD_FILE', true],
    ['SSL_CERT_FILE', false],
    ['GPG_KEY_FILE', false],
    ['PUBLIC_KEY_PATH', false],
    ['AWS_CONFIG_FILE', false],
    ['NODE_EXTRA_CA_CERTS', false],
  ])('%s', (name, want) => {
    expect(isCredentialPointer(name)).toBe(want);
  });
});

describe('copiedAs', () => {
  it.each<[[string, string, string][], string, string | undefined]>([
    // copies (src, dest, workdir), the ENV's path, the source it came from
    [[['config/gcp-sa.json', '/app/gcp-sa.json', '']], '/app/gcp-sa.json', 'config/gcp-sa.json'],
    [[['gcp-sa.json', '/app/', '']], '/app/gcp-sa.json', 'gcp-sa.json'],
    [[['gcp-sa.json', '/app', '']], '/app/gcp-sa.json', 'gcp-sa.json'],
    [[['keys/', './keys/', '/srv']], '/srv/keys/prod.json', 'keys/'],
    [[['.', '.', '/app']], '/app/deploy/kubeconfig', '.'],
    [[['.', '/app', '']], '/run/secrets/gcp', undefined],
    [[['package.json', '/app/', '']], '/app/sa.json', undefined],
    [[['sa.json', '/app/sa.json', '']], 'sa.json', undefined],
  ])('%j %s', (copies, path, want) => {
    const c = copies.map(([s, d, w]) => copyOf(s, d, w));
    expect(copiedAs(c, path)?.src).toBe(want);
  });
});
