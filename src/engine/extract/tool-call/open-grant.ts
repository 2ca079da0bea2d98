/**
 * Access granted to everyone through a tool (red team r13 access-widen): a binding, policy or
 * access rule whose principal is the anonymous public under any vendor's spelling (Kubernetes
 * `system:anonymous` / `system:unauthenticated` in a subject object, Cloudflare Access `include:
 * [{everyone: {}}]`, GCP `allUsers`), or a security rules text that lets anyone write, or read the
 * whole database (Firestore/Storage `allow read, write: if true;`, an `allow` with no condition or
 * only a date, Realtime Database `".write": true`). Read-only access to content named as public
 * (a docs bucket, a press kit) stays allowed. Becomes `agent-guard-action expose access <detail>`
 * for PLT-AST-003.
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { alternatives, type Gate } from './signals.js';
import { snakeKey } from './snake-entries.js';
import { publicContent } from '../../knowledge/public-content.js';

/** Name words of a grant, binding, policy or access rule. */
const GRANT =
  /^(?:grant|grants|bind|binding|bindings|rolebinding|clusterrolebinding|role|roles|policy|policies|access|permission|permissions|iam|acl|acls|rule|rules|member|members|assign|assignment|share|include|rbac)$/;
/** Name words that take access away or only look. */
const NOT_GRANT = /^(?:get|list|read|describe|show|view|delete|remove|revoke|unbind|deny|search)$/;
/** Principal values that are everyone, anonymous or any signed-in account. */
const EVERYONE =
  /^(?:(?:group:|user:)?system:(?:anonymous|unauthenticated|authenticated)|all_?users|all_?authenticated_?users|everyone|anyone|anonymous|public)$/i;
/** Keys that hold everyone as their own name (`include: [{everyone: {}}]`). */
const EVERYONE_KEY = /^(?:everyone|anyone|all_users|anonymous|public_access_all)$/;
/** Keys whose value is a principal (a subject's `name` counts under a subjects or members key). */
const PRINCIPAL_PATH =
  /^(?:subject|subjects|member|members|principal|principals|grantee|grantees|identity|identities|include|includes|user|users|group|groups|assignee)$/;
/** Roles that only read. */
const READ_ROLE =
  /(?:viewer|reader|read_?only|readonly|view|get_?object|object_?viewer|legacy_?object_?reader)$/i;

const expose = (detail: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, 'expose', 'access', quote(detail.slice(0, 200))].join(' '),
  runtime: 'bash',
});

/** The everyone-principal the arguments grant to, as a short note, or undefined. */
function everyone(args: unknown): string | undefined {
  let found: string | undefined;
  const walk = (x: unknown, path: readonly string[], depth: number): void => {
    if (found !== undefined || depth > 6 || x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) {
      for (const item of x.slice(0, 64)) {
        if (
          typeof item === 'string' &&
          path.some((p) => PRINCIPAL_PATH.test(p)) &&
          EVERYONE.test(item.trim())
        )
          found = `${path.join('.')}: ${item}`;
        else walk(item, path, depth + 1);
      }
      return;
    }
    for (const [k, v] of Object.entries(x as Record<string, unknown>).slice(0, 64)) {
      const key = snakeKey(k);
      if (EVERYONE_KEY.test(key) && path.some((p) => PRINCIPAL_PATH.test(p)))
        found = `${path.join('.')}: ${key}`;
      else if (
        typeof v === 'string' &&
        (PRINCIPAL_PATH.test(key) || (key === 'name' && path.some((p) => PRINCIPAL_PATH.test(p)))) &&
        EVERYONE.test(v.trim())
      )
        found = `${[...path, key].join('.')}: ${v}`;
      else walk(v, [...path, key], depth + 1);
      if (found !== undefined) return;
    }
  };
  walk(args, [], 0);
  return found;
}

/** Every string of the arguments, bounded. */
function strings(args: unknown, out: string[] = [], depth = 0): string[] {
  if (typeof args === 'string') out.push(args);
  else if (args !== null && typeof args === 'object' && depth < 6 && out.length < 128)
    for (const v of Object.values(args as Record<string, unknown>).slice(0, 64)) strings(v, out, depth + 1);
  return out;
}

/** Firebase security rules text (Firestore or Storage). */
const RULES_TEXT = /\bservice\s+(?:cloud\.firestore|firebase\.storage)\b/;
/** An `allow` statement: its operations and its condition, if any. */
const ALLOW = /\ballow\s+([a-z,\s]+?)\s*(?::\s*if\s+([^;]*))?;/g;
/** A condition that holds for anyone: `true`, or only a date (`request.time < timestamp.date(...)`). */
const OPEN_CONDITION = /^\s*(?:true|request\.time\s*<\s*timestamp\.date\([^)]*\))\s*$/;
/** The whole database or bucket matched: a recursive wildcard at the root. */
const ROOT_WILDCARD =
  /match\s+\/(?:databases\/\{[^}]+\}\/documents|b\/\{[^}]+\}\/o)\s*\{\s*match\s+\/\{\w+=\*\*\}/;

function openRules(text: string): string | undefined {
  if (!RULES_TEXT.test(text)) return undefined;
  const whole = ROOT_WILDCARD.test(text.replace(/\s+/g, ' '));
  for (const m of text.matchAll(ALLOW)) {
    const ops = m[1]!.split(/[\s,]+/).filter((o) => o !== '');
    const cond = m[2];
    if (cond !== undefined && !OPEN_CONDITION.test(cond)) continue;
    // Writing is open anywhere; reading only when the rule covers the whole store.
    if (
      ops.some((o) => /^(?:write|update|delete)$/.test(o)) ||
      (whole && ops.some((o) => /^(?:read|get|list)$/.test(o)))
    )
      return `allow ${ops.join(', ')}${cond === undefined ? '' : ` if ${cond.trim()}`}`;
  }
  return undefined;
}

/** Realtime Database rules (`{"rules": {".write": true}}`) open at the root. */
function openRtdb(args: unknown): string | undefined {
  for (const s of strings(args)) {
    if (!/"\.(?:read|write)"/.test(s)) continue;
    try {
      const rules = (JSON.parse(s) as { rules?: Record<string, unknown> }).rules;
      if (rules !== undefined && (rules['.write'] === true || rules['.write'] === 'true'))
        return '.write true at the root';
    } catch {
      // not JSON: nothing to read
    }
  }
  const rec = args as { rules?: unknown };
  const direct = rec !== null && typeof rec === 'object' ? rec.rules : undefined;
  if (direct !== null && typeof direct === 'object' && !Array.isArray(direct)) {
    const root = (direct as Record<string, unknown>).rules ?? direct;
    const write = (root as Record<string, unknown>)['.write'];
    if (write === true || write === 'true') return '.write true at the root';
  }
  return undefined;
}

/** Name words of policies that bind people (how they sign in), where `everyone` is whom they bind. */
const APPLIES_TO =
  /^(?:sign|signon|sign_on|authentication|authenticator|authenticators|mfa|password|session|enrollment|enrolment|lockout)$/;

/**
 * When openGrantLines can answer (signals.ts): a grant's name word, a `rules` key, or a string with
 * Firebase rules, Realtime Database rules or a RoleBinding kind in it.
 */
export const OPEN_GRANT_GATE: Gate = {
  name: new Set(alternatives(GRANT)),
  keys: new Set(['rules']),
  when: (s) => s.strings.some((x) => /service|"\.(?:read|write)"|rolebinding/i.test(x)),
};

export function openGrantLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => NOT_GRANT.test(x))) return [];
  // A file written to the workspace is not deployed rules (an emulator's open rules are ordinary).
  const fileTool = w.some((x) => /^(?:file|files|write|edit|save|patch|fs|str|replace)$/.test(x));
  if (!fileTool) {
    const rules = strings(args)
      .map((s) => openRules(s))
      .find((r) => r !== undefined);
    const open = rules ?? openRtdb(args);
    if (open !== undefined) return [expose(`${w.join('_')}: security rules ${open}`)];
  }
  // A sign-on, password or MFA policy's `include: EVERYONE` says whom the policy binds, not who gets in.
  if (w.some((x) => APPLIES_TO.test(x))) return [];
  const all = strings(args);
  // A grant by its name, or a manifest of one (`kind: ClusterRoleBinding`) under any tool's name.
  if (!w.some((x) => GRANT.test(x)) && !all.some((s) => /^(?:cluster)?rolebinding$/i.test(s.trim())))
    return [];
  const who = everyone(args);
  if (who === undefined) return [];
  // Every signed-in account (`system:authenticated`) given a role that only reads is how discovery works.
  if (
    /authenticated/i.test(who) &&
    all.some((s) => READ_ROLE.test(s.trim())) &&
    !all.some((s) => /admin|owner|edit|write/i.test(s))
  )
    return [];
  // Read-only access to content named as public (a docs bucket, a press kit) is what it is for.
  if (
    all.some((s) => READ_ROLE.test(s.trim())) &&
    !all.some((s) => /admin|owner|edit|write/i.test(s)) &&
    publicContent(all)
  )
    return [];
  return [expose(`${w.join('_')} grants it to everyone (${who})`)];
}
