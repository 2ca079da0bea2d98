/**
 * An access check replaced by one that always says yes (red team r8: `CREATE OR REPLACE FUNCTION
 * check_password(u text, p text) RETURNS boolean AS $$ SELECT true $$`): every login, permission or
 * row-security test that calls it passes for everyone. A function named for another job (a feature
 * flag, a health check) that returns true is ordinary.
 */
import { withoutComments } from './sql-text.js';

/** CREATE [OR REPLACE|OR ALTER] FUNCTION name: the routine's name. */
const CREATE_FUNCTION =
  /^\s*create\s+(?:or\s+(?:replace|alter)\s+)?(?:definer\s*=\s*\S+\s+)?function\s+([\w$."`[\]]+)/i;
/**
 * Names of checks that guard access: passwords, logins, tokens, roles, permissions, ownership
 * (`check_password`, `verify_token`, `is_admin`, `has_permission`, `can_edit`, `rls_tenant_ok`).
 */
const ACCESS_CHECK =
  /pass(?:word|wd)?|pwd|token|credential|login|auth|admin|superuser|permission|privilege|access|acl|role|owner|member|signature|mfa|otp|rls|^(?:can|may)_/;
/** A body that is only `true`: SELECT true, RETURN 1, BEGIN RETURN TRUE; END, SELECT 1 = 1. */
const TRUE_BODY =
  /^\s*(?:begin\s+)?(?:select|return)\s+(?:true|1|'t'|'true'|1\s*=\s*1|'1'|cast\s*\(\s*1\s+as\s+\w+\s*\))\s*;?\s*(?:end\s*;?)?\s*$/i;
/** The body between $tag$ quotes, or in one single-quoted string after AS. */
const BODY =
  /\bas\s+(?:(\$\w*\$)([\s\S]*?)\1|'((?:[^']|'')*)')|\breturn\s+(true|1)\s*;?\s*(?:end\s*;?\s*)?$/i;
/** Logic before a bare RETURN (MySQL/T-SQL bodies): the function decides something after all. */
const DECIDES = /\b(?:if|case|when|where|select|from|exists)\b/i;

/** Why the statement makes an access check always pass, or undefined. */
export function alwaysTrueCheck(raw: string): string | undefined {
  if (!/\bfunction\b/i.test(raw) || !/\b(?:true|1)\b/i.test(raw)) return undefined;
  const text = withoutComments(raw);
  const head = CREATE_FUNCTION.exec(text);
  if (!head) return undefined;
  const name = head[1]!
    .replace(/["`[\]]/g, '')
    .split('.')
    .pop()!
    .toLowerCase();
  if (!ACCESS_CHECK.test(name)) return undefined;
  const tail = text.slice(head[0].length);
  const m = BODY.exec(tail);
  if (!m || (m[4] !== undefined && DECIDES.test(tail.slice(0, m.index)))) return undefined;
  const body = m[4] ?? m[2] ?? m[3]!.replace(/''/g, "'");
  if (m[4] === undefined && !TRUE_BODY.test(body)) return undefined;
  return `${name}() is replaced by a function that always returns true: every access check that calls it passes`;
}
