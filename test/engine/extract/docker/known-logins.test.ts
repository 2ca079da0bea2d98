import { describe, expect, it } from 'vitest';
import {
  knownLogin,
  noteLogin,
  type LoginState,
} from '../../../../src/engine/extract/docker/known-logins.js';

describe('knownLogin', () => {
  it.each<[[string, string][], boolean]>([
    // instructions (keyword, text), a known login
    [[['run', 'apt-get install -y openssh-server && echo "root:toor" | chpasswd']], true],
    [
      [
        ['run', "printf 'ops:Welcome1\\n' | chpasswd"],
        ['expose', '22'],
      ],
      true,
    ],
    [
      [
        ['run', 'echo -e "pw1\\npw1" | passwd root'],
        ['cmd', '/usr/sbin/sshd -D'],
      ],
      true,
    ],
    // An account left with no password beside an SSH server (R22).
    [[['run', 'apt-get install -y openssh-server && passwd -d root']], true],
    [
      [
        ['run', "apk add openssh && usermod -p '' root"],
        ['expose', '22'],
      ],
      true,
    ],
    [
      [
        [
          'run',
          'apt-get install -y openssh-server && echo "PermitEmptyPasswords yes" >> /etc/ssh/sshd_config && passwd --delete ops',
        ],
      ],
      true,
    ],
    [[['run', 'useradd -m dev && passwd -d dev']], false],
    [
      [
        [
          'run',
          'apt-get install -y openssh-server && echo "PermitEmptyPasswords no" >> /etc/ssh/sshd_config',
        ],
      ],
      false,
    ],
    [[['run', 'echo "dev:dev" | chpasswd']], false],
    [[['run', 'apt-get install -y openssh-server && echo "root:${ROOT_PASSWORD}" | chpasswd']], false],
    [
      [
        ['run', 'apt-get install -y openssh-server'],
        ['expose', '22 8080'],
      ],
      false,
    ],
    [
      [
        ['cmd', 'echo "root:toor" | chpasswd'],
        ['expose', '22'],
      ],
      false,
    ],
  ])('%j', (steps, want) => {
    const state: LoginState = {};
    for (const [k, t] of steps) noteLogin(state, k, t);
    expect(knownLogin(state) !== undefined).toBe(want);
  });
});
