/**
 * An image that runs an SSH server and sets an account's password to a literal written in the
 * Dockerfile (`echo "root:toor" | chpasswd`): whoever reads the Dockerfile, or its `docker history`,
 * logs in to every container of the image (R8 dockerfile-user-root-sudo). A password from a build
 * argument or secret, or no SSH server (a devcontainer's sudo user), is not a known login.
 */

/** `echo 'user:pass' | chpasswd`, `printf 'user:pass\n' | chpasswd`, `echo -e 'pw\npw' | passwd user`. */
const LITERAL_PASSWORD =
  /\b(?:echo|printf)\s+(?:-[a-z]+\s+)*(["']?)[\w.-]+:[^\s$"'`]+\1\s*\|\s*(?:sudo\s+)?chpasswd\b|\b(?:echo|printf)\s+(?:-[a-z]+\s+)*(["'])[^$"'`\n]+\2\s*\|\s*(?:sudo\s+)?passwd\b|\busermod\s+(?:-\S+\s+)*-p\s+["']?[^\s$"'`]+/;
/**
 * An account left with no password (R22: `passwd -d root` with `PermitEmptyPasswords yes`):
 * `passwd -d|--delete`, `usermod -p ''`, a shadow or passwd entry rewritten to an empty field, sshd
 * told to accept empty passwords. Anyone who reaches the SSH port logs in with no secret at all.
 */
const EMPTY_PASSWORD =
  /\bpasswd\s+(?:-\S+\s+)*(?:-d|--delete)\b|\busermod\s+(?:-\S+\s+)*-p\s*(?:''|"")(?=\s)|\bPermitEmptyPasswords\s+yes\b|\b\w{1,32}::[^\n]{0,200}?\/etc\/(?:shadow|passwd)\b/;
/** An SSH server in the image: installed, started, or its port exposed. */
const SSH_SERVER = /\bopenssh-server\b|\bsshd\b|\bdropbear\b/;

/**
 * A service's own access file written open by a RUN (R17: `echo "host all all 0.0.0.0/0 trust" >>
 * .../pg_hba.conf.sample`, `sed -i 's/scram-sha-256/trust/' pg_hba.conf`; MySQL `skip-grant-tables`
 * in a .cnf; Redis `protected-mode no` in redis.conf): every client that reaches the port gets in
 * with no password. Trust for loopback or a private range, or a password method, is the usual setup.
 */
const OPEN_CONFIG: readonly [RegExp, string][] = [
  [
    /\bhost(?:ssl|nossl)?\s+all\s+all\s+(?:0\.0\.0\.0\/0|::\/0|0\/0|all)\s+trust\b[^\n]*pg_hba|pg_hba[^\n]*\bhost(?:ssl|nossl)?\s+all\s+all\s+(?:0\.0\.0\.0\/0|::\/0|all)\s+trust\b/,
    'pg_hba trusting every address',
  ],
  [/\bs([/|#,])(?:md5|scram-sha-256|password)\1trust\1g?[^\n]*pg_hba/, 'pg_hba rewritten to trust'],
  [
    /\bskip[-_]grant[-_]tables\b[^\n]*\.cnf|\.cnf[^\n]*\bskip[-_]grant[-_]tables\b/,
    'MySQL skip-grant-tables',
  ],
  [/\bprotected-mode\s+no\b[^\n]*redis\.conf/, 'Redis protected mode off in redis.conf'],
];

export interface LoginState {
  password?: boolean;
  sshd?: boolean;
  /** What an access file was written to allow (OPEN_CONFIG). */
  openConfig?: string;
  /** The image exposes a port: it is meant to be reached. */
  exposed?: boolean;
}

/** Notes what a RUN/CMD/ENTRYPOINT body or an EXPOSE line adds to `state`. */
export function noteLogin(state: LoginState, keyword: string, text: string): void {
  if (keyword === 'expose') {
    state.exposed = true;
    if (/(?:^|\s)22(?:\/tcp)?(?:\s|$)/.test(text)) state.sshd = true;
    return;
  }
  if (state.openConfig === undefined && keyword === 'run')
    state.openConfig = OPEN_CONFIG.find(([re]) => re.test(text))?.[1];
  if (!state.sshd && SSH_SERVER.test(text)) state.sshd = true;
  if (!state.password && keyword === 'run' && (LITERAL_PASSWORD.test(text) || EMPTY_PASSWORD.test(text)))
    state.password = true;
}

/** The reason the image is open, once both halves were seen. */
export function knownLogin(state: LoginState): string | undefined {
  if (state.openConfig !== undefined && state.exposed === true)
    return `${state.openConfig}, written into the image, and its port exposed`;
  return state.password === true && state.sshd === true
    ? 'an SSH server with an account password written in the Dockerfile (or left empty)'
    : undefined;
}
