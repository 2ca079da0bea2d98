/**
 * Access settings a service is given as a mounted file (R16: `./pg_hba_trust_all.conf` mounted as
 * Postgres's pg_hba.conf, published on every interface): the file's contents are not in the input,
 * its name is. A config file named as trusting every client or switching authentication off
 * (`trust_all`, `noauth`, `insecure`, `anonymous`, `allow_all`, `passwordless`) leaves the service
 * open to whoever reaches the port. One named for local or internal clients, or named for no access
 * at all (`pg_hba.conf`, `redis.conf`), is the operator's own.
 */

/** Name words of a file that lets every client in. */
const OPEN_WORDS =
  /(?:^|[-_.])(?:trust[-_]?all|trust[-_]?any|trust[-_]?everyone|trust[-_]?world|noauth|no[-_]auth|auth[-_]?off|without[-_]auth|insecure|anonymous|anon[-_]access|allow[-_]?all|allow[-_]?any|open[-_]?access|wide[-_]?open|nopass(?:word)?|no[-_]password|passwordless|public[-_]access)(?:$|[-_.])/i;
/** Name words that keep the trust to this machine or its network. */
const LOCAL_WORDS =
  /(?:^|[-_.])(?:local|localhost|loopback|socket|internal|private|lan|docker|subnet)(?:$|[-_.])/i;
/** Config files: the kinds a server reads its access rules from. */
const CONFIG_FILE =
  /\.(?:conf|cnf|cfg|ini|ya?ml|json|xml|toml|properties|acl)$|(?:^|[-_.])(?:hba|htpasswd|users?|acl)$/i;

/** The mounted config file whose name says it lets every client in, or undefined. */
export function openAuthFile(
  mounts: readonly { readonly source: string; readonly target: string }[],
): string | undefined {
  for (const m of mounts) {
    const name = m.source.replace(/\/+$/, '').split('/').pop() ?? '';
    if (!CONFIG_FILE.test(name) || !OPEN_WORDS.test(name) || LOCAL_WORDS.test(name)) continue;
    return `${m.source} mounted as ${m.target}, an access file named as letting every client in`;
  }
  return undefined;
}
