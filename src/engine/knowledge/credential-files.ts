/**
 * Credentials written in the formats tools keep them in (red team r13 secret-format): a PEM private
 * key (alone or inside a service-account JSON, escaped `\n` and all), an AWS credentials file, a
 * kubeconfig's client key or token, a WireGuard `PrivateKey`, an Azure storage connection string,
 * an .npmrc `_authToken`, a Docker config `auth`, a .netrc password, a database URL with its
 * password. Text that carries one hands over the login wherever it is sent. Placeholders (`<your
 * key>`, `${TOKEN}`, `xxxx`) are not credentials; AWS's documented example keys count, as red teams
 * use them for real ones (R10 rows).
 */

/**
 * A PEM private key block with a body (`\n` written out as in JSON text counts as a line break); a
 * body cut short (`MIIEowIBAAKCAQEA7v3...`) still counts when it opens as DER does (`MII`), which
 * a placeholder (`MIIE...`, `<key>`) does not.
 */
const PEM_KEY =
  /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----(?:\\n|\s)+([A-Za-z0-9+/=]{24,}|MII[A-Za-z0-9+/]{12,})/;
/** `name = value` or `name: value` lines of credential files, by the key's own name. */
const FILE_KEY =
  /(?:^|[\s"'{,;])(aws_secret_access_key|aws_session_token|client[-_]key[-_]data|client[-_]secret|private_?key|preshared_?key|account_?key|shared_?access_?key|_auth_?token|_auth|auth|password|passwd|token|refresh_token|secret)["']?\s*(?:[:=]|\s)\s*["']?([^\s"'`,;\\]{16,400})/gim;
/** A database or broker URL with a password in it (`postgres://user:pass@host`). */
const DSN =
  /\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql|sqlserver|clickhouse|cockroachdb):\/\/[^\s:@/]+:([^\s@/]{6,200})@([^\s/:?"']+)/gi;
/** A word every FILE_KEY name holds: a text without one has no such line (FILE_KEY retries at every separator). */
const FILE_KEY_WORD = /key|auth|passw|token|secret/i;
/** Hosts of the machine itself or a container next to it (a test database). */
const LOCAL_HOST =
  /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[?::1\]?|host\.docker\.internal|db|postgres|mysql|redis|mongo)$/i;
/** Values that stand for a credential: placeholders and variables. */
const STAND_IN =
  /^(?:<.*>|\{.*\}|\$\{?\w+\}?|%\w+%|\*+|x+|\.+)$|placeholder|redacted|changeme|your[-_]|xxxx|\.\.\./i;

/** A value with the mix of a real key: three character classes, or digits in a long run. */
function keyShaped(v: string): boolean {
  if (STAND_IN.test(v)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(v)).length;
  return classes >= 3 || (classes === 2 && /\d/.test(v) && v.length >= 16);
}

/** Keys that also name a login field of an API's own JSON body (a request's body may carry them). */
const LOGIN_FIELD = /^(?:password|passwd|token|refresh_token|secret|auth|client[-_]secret)$/;

/**
 * The credential a text carries in a file format, as its name, or undefined. With `body`, the text
 * is a request's body: there a `password` or `token` field is how an API takes a login, so only
 * the file formats count.
 */
export function credentialInFile(text: string, body = false): string | undefined {
  if (text.length > 65536) return undefined;
  const pem = text.includes('-----BEGIN ') ? PEM_KEY.exec(text) : null;
  if (pem !== null && !STAND_IN.test(pem[1]!)) return 'a private key';
  if (FILE_KEY_WORD.test(text))
    for (const m of text.matchAll(FILE_KEY)) {
      const key = m[1]!.toLowerCase();
      if (body && LOGIN_FIELD.test(key)) continue;
      if (keyShaped(m[2]!)) return key;
    }
  if (text.includes('://') && text.includes('@'))
    for (const m of text.matchAll(DSN))
      if (
        !LOCAL_HOST.test(m[2]!) &&
        !STAND_IN.test(m[1]!) &&
        m[1]!.length >= 6 &&
        !/^(?:password|postgres|root|admin)$/i.test(m[1]!)
      )
        return 'a database URL with its password';
  return undefined;
}
