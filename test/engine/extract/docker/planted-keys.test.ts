import { describe, expect, it } from 'vitest';
import { holdsLiteralKey, plantsKey } from '../../../../src/engine/extract/docker/planted-keys.js';

describe('plantsKey', () => {
  it.each([
    ['echo "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIexample ops@x" >> /root/.ssh/authorized_keys', true],
    ["printf '%s' 'ecdsa-sha2-nistp256 AAAAE2Vj x' > /home/app/.ssh/authorized_keys2", true],
    ['curl -fsSL https://github.com/x-ops.keys >> /root/.ssh/authorized_keys', true],
    ['wget -qO- https://x.example/k | tee -a /root/.ssh/authorized_keys', true],
    ['echo "$SSH_PUBKEY" >> /root/.ssh/authorized_keys', false],
    ['cat /tmp/keys/*.pub >> /home/dev/.ssh/authorized_keys', false],
    ['ssh-keyscan github.com >> /root/.ssh/known_hosts', false],
    ['echo "ssh-ed25519 AAAAC3Nz x" >> /root/.ssh/known_hosts', false],
  ])('%s', (code, want) => {
    expect(plantsKey(code)).toBe(want);
  });
});

describe('holdsLiteralKey', () => {
  it.each([
    ['ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 x@y\n', true],
    ['# no keys here\n', false],
  ])('%s', (body, want) => {
    expect(holdsLiteralKey(body)).toBe(want);
  });
});
