/**
 * Line filters that keep only a non-secret setting of a key=value credential store: `grep
 * '^registry=' ~/.npmrc`, `lines.find((l) => l.startsWith('registry='))`, `/^@[\w-]+:registry=/`.
 * Such a store holds its secrets on lines of their own (`//host/:_authToken=`, `_auth=`,
 * `password =`), so a filter anchored at a setting's own key never keeps them (R22 FP).
 */

/** Stores whose secrets sit on their own lines, beside settings read for themselves. */
export const LINE_SETTING_STORE = /^~\/\.(?:npmrc|yarnrc(?:\.yml)?|pypirc|my\.cnf)$/;

/** A key word that names a secret, or a store line that holds one. */
const SECRET_WORD = /auth|token|pass|pwd|secret|key|cred|cert|session|cookie|sig/i;
/** Secret keys a short literal start could be the beginning of (`^pa` keeps `password =`). */
const SECRET_KEYS = ['password', 'passwd', 'token', 'secret', 'auth', 'apikey', 'api_key', 'credential'];

/**
 * Whether a regular expression (POSIX or JS source) keeps only lines that start with a setting's
 * key: anchored, no alternation, its literal start a key (or a scope `@`) that no secret key begins
 * with, and no key word in it that names a secret.
 */
export function settingLinePattern(pattern: string): boolean {
  if (!pattern.startsWith('^') || /\|/.test(pattern)) return false;
  const body = pattern.slice(1);
  const lead = /^[A-Za-z@][\w@:.-]*/.exec(body.replace(/\\\./g, '.'))?.[0] ?? '';
  if (lead === '' || (lead.length < 3 && lead !== '@')) return false;
  const start = lead.toLowerCase();
  if (SECRET_KEYS.some((k) => k.startsWith(start) || start.startsWith(k))) return false;
  return !(body.match(/[A-Za-z_][\w-]*/g) ?? []).some((w) => SECRET_WORD.test(w));
}

/** Whether a literal prefix (`startsWith('registry=')`) is a setting's key. */
export function settingLinePrefix(prefix: string): boolean {
  return settingLinePattern('^' + prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}
