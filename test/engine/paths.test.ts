import { describe, expect, it } from 'vitest';
import {
  credentialStore,
  isBlockDevice,
  isCriticalTree,
  isForeignCredentialStore,
  isInsideWorkspace,
  isSystemPath,
  persistenceFile,
  resolvePath,
} from '../../src/engine/paths.js';

const policy = { workspaceRoot: '/work/ws', homeDir: '/home/agent' };

describe('resolvePath', () => {
  it.each([
    ['~', '/home/agent'],
    ['~/x', '/home/agent/x'],
    ['$HOME/.ssh', '/home/agent/.ssh'],
    ['${HOME}/a/../b', '/home/agent/b'],
    ['~root/.ssh', '/root/.ssh'],
    ['~bob', '/home/bob'],
    ['build', '/work/ws/build'],
    ['./build/', '/work/ws/build'],
    ['..', '/work'],
    ['../../*', '/*'],
    ['/etc//passwd', '/etc/passwd'],
    ['*', '/work/ws/*'],
  ])('%s → %s', (input, want) => expect(resolvePath(input, policy)).toBe(want));
});

describe('classification', () => {
  it('knows the workspace', () => {
    expect(isInsideWorkspace('/work/ws/a', policy)).toBe(true);
    expect(isInsideWorkspace('/work/wsx', policy)).toBe(false);
  });
  it('knows system paths and critical trees', () => {
    expect(isSystemPath('/etc/hosts')).toBe(true);
    expect(isSystemPath('/etcetera')).toBe(false);
    expect(isSystemPath('/tmp/x')).toBe(false);
    expect(isCriticalTree('/', policy)).toBe(true);
    expect(isCriticalTree('/home/agent', policy)).toBe(true);
    expect(isCriticalTree('/work', policy)).toBe(true); // an ancestor of the workspace
    expect(isCriticalTree('/tmp/build', policy)).toBe(false);
  });
  it('finds credential stores', () => {
    expect(credentialStore('/home/agent/.aws/credentials', policy)).toBe('~/.aws/credentials');
    expect(credentialStore('/root/.ssh/id_ed25519', policy)).toBe('~/.ssh/id_ed25519');
    expect(credentialStore('/home/agent/.ssh/id_ed25519.pub', policy)).toBeNull();
    expect(credentialStore('/etc/shadow', policy)).toBe('/etc/shadow');
    expect(credentialStore('/var/run/secrets/kubernetes.io/serviceaccount/token', policy)).not.toBeNull();
    expect(isForeignCredentialStore('/work/ws/.npmrc', policy)).toBeNull();
    expect(isForeignCredentialStore('/home/agent/.npmrc', policy)).toBe('~/.npmrc');
  });
  it('finds persistence files', () => {
    expect(persistenceFile('/home/agent/.bashrc', policy)).toBe('~/.bashrc');
    expect(persistenceFile('/home/agent/.ssh/authorized_keys', policy)).toBe('~/.ssh/authorized_keys');
    expect(persistenceFile('/etc/cron.d/x', policy)).toBe('/etc/cron.d/x');
    expect(persistenceFile('/work/ws/.bashrc', policy)).toBeNull();
  });
  it('knows block devices', () => {
    for (const d of [
      '/dev/sda',
      '/dev/sda1',
      '/dev/nvme0n1p2',
      '/dev/mmcblk0',
      '/dev/mapper/root',
      '/dev/mem',
    ])
      expect(isBlockDevice(d)).toBe(true);
    for (const d of [
      '/dev/null',
      '/dev/zero',
      '/dev/stderr',
      '/dev/tty',
      '/dev/shm/x',
      '/dev/tcp/1.2.3.4/80',
    ])
      expect(isBlockDevice(d)).toBe(false);
  });
});
