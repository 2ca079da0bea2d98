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
