import { describe, expect, it } from 'vitest';
import { isSecretPrinterLabel, secretPrinterLabel } from '../../../src/engine/knowledge/secret-printers.js';

const words = (s: string): string[] => s.split(' ').filter((w) => w !== '');

describe('secretPrinterLabel', () => {
  it.each([
    ['terraform output -json', 'terraform output'],
    ['terraform -chdir=infra/prod output -raw db_password', 'terraform output'],
    ['/usr/local/bin/tofu show -json', 'tofu show -json'],
    ['terragrunt state pull', 'terragrunt state pull'],
    ['pulumi stack output --show-secrets --json', 'pulumi --show-secrets'],
    ['helm get values api -n prod', 'helm get values'],
    ['npm config get //registry.npmjs.org/:_authToken', 'npm config get'],
    ['docker-credential-desktop get', 'docker-credential-desktop get'],
  ])('%s prints secrets', (line, label) => {
    expect(secretPrinterLabel(words(line))).toBe(label);
    expect(isSecretPrinterLabel(label)).toBe(true);
  });

  it.each([
    'terraform plan -no-color',
    'terraform show -no-color',
    'terraform state list',
    'pulumi stack output --json',
    'helm list -A',
    'npm config get registry',
    'docker-credential-desktop list',
    'kubectl get pods',
  ])('%s prints none', (line) => {
    expect(secretPrinterLabel(words(line))).toBeNull();
  });

  it('knows plain program names are not such labels', () => {
    expect(isSecretPrinterLabel('terraform')).toBe(false);
    expect(isSecretPrinterLabel('docker compose down (data of the volumes it shares)')).toBe(false);
  });
});
