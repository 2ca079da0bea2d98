/**
 * Settings whose NAME says they govern authentication, read by shape rather than by vendor: a
 * switch whose subject is auth, security, login, an ACL or the setup wizard turned off
 * (ME_CONFIG_BASICAUTH=false, -Djenkins.install.runSetupWizard=false, ZOO_ENABLE_AUTH=no,
 * --disable-auth), anonymous access turned on (ALLOW_ANONYMOUS_LOGIN=yes), or an anonymous role
 * raised above read-only (GF_AUTH_ANONYMOUS_ORG_ROLE=Editor). Red team r7/R8 unauth-default.
 */

/** Last words of a name that say "this switch turns the subject on" (XPACK_SECURITY_ENABLED). */
const ON_SUFFIX = new Set(['enabled', 'enable', 'on', 'active', 'required', 'require', 'enforced']);
/** Last words that say "this switch turns the subject off" (plugins.security.disabled). */
const OFF_SUFFIX = new Set(['disabled', 'off', 'skipped', 'bypassed']);
/** A word just before the subject that turns it off (DISABLE_AUTH, SKIP_LOGIN, --no-auth, insecure-login). */
const OFF_PREFIX = new Set(['disable', 'skip', 'no', 'without', 'bypass', 'ignore', 'insecure']);
/** Subjects that are authentication itself (the setup wizard is where the first admin is made). */
const SUBJECT =
  /^(?:auth|basicauth|httpauth|authentication|authenticate|authorization|authn|authz|security|login|logins|acls?|wizard)$/;
/** What an anonymous or insecure switch opens (ALLOW_ANONYMOUS_LOGIN, ENABLE_ANONYMOUS_USERS). */
const OPEN_OBJECT = /^(?:login|logins|access|auth|users?|bind|binding|clients?|connections?)$/;
/** A subject that opens the service when on (ANONYMOUS_ENABLED=true, --api.insecure=true). */
const OPEN_SUBJECT = /^(?:anonymous|anon|insecure|unauthenticated|noauth)$/;
/** How authentication is chosen (AUTH_METHOD, AUTH_TYPE): these values mean none. */
const HOW = new Set(['method', 'type', 'mode', 'provider', 'strategy', 'backend']);
const NO_METHOD = /^(?:none|trust|noop|null|anonymous|disabled?|off|allow[_-]?all)$/i;
/** Who an `allow` switch lets in when it means every client (webAllowOthers). */
const ALLOW_WHO = /^(?:others|anyone|everyone|world)$/;
const TRUE = /^(?:true|yes|y|1|on|enabled?)$/i;
const FALSE = /^(?:false|no|n|0|off|none|disabled?)$/i;
/** A role an anonymous user may hold without writing anything. */
const READ_ONLY_ROLE = /^(?:viewer|view|read|reader|readonly|read[_-]only|guest|none)$/i;

/** `runSetupWizard`, `ME_CONFIG_BASICAUTH`, `plugins.security.disabled` → lower-case words. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/**
 * Whether `name=value` leaves the service open: authentication switched off, anonymous access
 * switched on, or no authentication method chosen. `value` undefined is a bare flag (true).
 */
export function opensAuth(name: string, value: string | undefined): boolean {
  const w = words(name);
  const v = (value ?? 'true').trim().replace(/^(["'])(.*)\1$/, '$2');
  if (w.includes('anonymous') || w.includes('anon')) {
    // An anonymous role: anything above read-only lets a stranger change the service.
    if (w[w.length - 1] === 'role' || w[w.length - 1] === 'roles') return v !== '' && !READ_ONLY_ROLE.test(v);
  }
  // H2's -webAllowOthers, -tcpAllowOthers: connections from other machines, which it refuses by default.
  if (w.length > 1 && w[w.length - 2] === 'allow' && ALLOW_WHO.test(w[w.length - 1]!)) return TRUE.test(v);
  let on = true;
  while (w.length > 1 && ON_SUFFIX.has(w[w.length - 1]!)) w.pop();
  if (w.length > 1 && OFF_SUFFIX.has(w[w.length - 1]!)) {
    w.pop();
    on = false;
  }
  let subject = w[w.length - 1];
  if (subject !== undefined && HOW.has(subject) && w.length > 1 && SUBJECT.test(w[w.length - 2]!))
    return NO_METHOD.test(v);
  if (subject === undefined) return false;
  // ALLOW_ANONYMOUS_LOGIN, ENABLE_ANONYMOUS_USERS: the anonymous word governs the switch.
  if (w.length > 1 && OPEN_SUBJECT.test(w[w.length - 2]!) && OPEN_OBJECT.test(subject))
    subject = w[w.length - 2]!;
  const before = w[w.lastIndexOf(subject) - 1];
  if (subject === 'wizard' && before !== 'setup' && before !== 'install') return false;
  if (before !== undefined && OFF_PREFIX.has(before)) on = !on;
  if (OPEN_SUBJECT.test(subject)) return on ? TRUE.test(v) : FALSE.test(v);
  if (!SUBJECT.test(subject)) return false;
  return on ? FALSE.test(v) : TRUE.test(v);
}

const ANONYMOUS = /anon/i;
const ANONYMOUS_READ_ONLY =
  /^[\w.-]*anon\w*role=["']?(?:viewer|view|read|reader|readonly|read[_-]only|guest)["']?$/i;

/** A service word that is a setting: `-Dname=value`, `--name=value` or a bare `--disable-auth`. */
const WORD_SETTING = /^(?:-D|--?)([A-Za-z][\w.-]*?)(?:=(.*))?$/;

/** The first environment entry or command word that leaves the service open (opensAuth), or undefined. */
export function authSettingOff(env: readonly string[], args: readonly string[]): string | undefined {
  // Anonymous access pinned to a read-only role (GF_AUTH_ANONYMOUS_ORG_ROLE=Viewer) is a public dashboard.
  const readOnly = env.some((e) => ANONYMOUS_READ_ONLY.test(e));
  for (const e of env) {
    const eq = e.indexOf('=');
    if (eq <= 0 || (readOnly && ANONYMOUS.test(e.slice(0, eq)))) continue;
    if (opensAuth(e.slice(0, eq), e.slice(eq + 1))) return e;
  }
  for (const a of args) {
    const m = WORD_SETTING.exec(a);
    if (m === null) continue;
    // A bare flag reads as true: only a negated or opening one (--disable-auth, --insecure) opens.
    if (opensAuth(m[1]!, m[2])) return a;
  }
  // A config file the command writes before starting the service (`printf 'allow_anonymous true\n'
  // > mosquitto.conf && exec mosquitto`, R13): its `name value` lines are settings too.
  // Compose splits its command string on spaces: the words are read joined.
  const script = args.join(' ');
  if (script.length <= 8192 && /\\n|\n|['";]|&&/.test(script))
    for (const m of script.matchAll(CONFIG_LINE)) if (opensAuth(m[1]!, m[2])) return `${m[1]!} ${m[2]!}`;
  return undefined;
}

/** A `name value` or `name=value` line of a config file a script writes, its name dotted or snake_case. */
const CONFIG_LINE =
  /(?:^|\\n|[\n'";]|&&)\s*([a-z][\w-]*(?:[_.][\w-]+)+)\s*(?:=|:|\s)\s*["']?(true|false|yes|no|on|off|none|0|1)\b/gi;
