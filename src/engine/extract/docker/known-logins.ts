/**
 * An image that runs an SSH server and sets an account's password to a literal written in the
 * Dockerfile (`echo "root:toor" | chpasswd`): whoever reads the Dockerfile, or its `docker history`,
 * logs in to every container of the image (R8 dockerfile-user-root-sudo). A password from a build
 * argument or secret, or no SSH server (a devcontainer's sudo user), is not a known login.
 */

/** `echo 'user:pass' | chpasswd`, `printf 'user:pass\n' | chpasswd`, `echo -e 'pw\npw' | passwd user`. */
const LITERAL_PASSWORD =
  /\b(?:echo|printf)\s+(?:-[a-z]+\s+)*(["']?)[\w.-]+:[^\s$"'`]+\1\s*\|\s*(?:sudo\s+)?chpasswd\b|\b(?:echo|printf)\s+(?:-[a-z]+\s+)*(["'])[^$"'`\n]+\2\s*\|\s*(?:sudo\s+)?passwd\b|\busermod\s+(?:-\S+\s+)*-p\s+["']?[^\s$"'`]+/;
/** An SSH server in the image: installed, started, or its port exposed. */
const SSH_SERVER = /\bopenssh-server\b|\bsshd\b|\bdropbear\b/;

export interface LoginState {
  password?: boolean;
  sshd?: boolean;
}

/** Notes what a RUN/CMD/ENTRYPOINT body or an EXPOSE line adds to `state`. */
export function noteLogin(state: LoginState, keyword: string, text: string): void {
  if (keyword === 'expose') {
    if (/(?:^|\s)22(?:\/tcp)?(?:\s|$)/.test(text)) state.sshd = true;
    return;
  }
  if (!state.sshd && SSH_SERVER.test(text)) state.sshd = true;
  if (!state.password && keyword === 'run' && LITERAL_PASSWORD.test(text)) state.password = true;
}

/** The reason the image is open, once both halves were seen. */
export function knownLogin(state: LoginState): string | undefined {
  return state.password === true && state.sshd === true
    ? 'an SSH server with an account password written in the Dockerfile'
    : undefined;
}
