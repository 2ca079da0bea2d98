/**
 * Account records written with what the caller sends (R23: `prisma.user.update({ where: { email:
 * req.body.email }, data: { role: req.body.role ?? 'user', passwordHash: ... } })` in a signup
 * handler): a privilege field (role, admin flag, permissions) set from the request, the whole body
 * spread into a user's record (`User.create(req.body)`, `Object.assign(user, req.body)`), or a
 * password set on the account the request names with no reset token or session checked. Whoever
 * signs up makes themselves an admin or takes over anyone's account. An allow-list (`pick`, a zod or
 * joi schema, a DTO), an admin-only route and a password change for the signed-in user stay allowed.
 */
import type { Planted } from './auth-backdoor.js';
import { callText } from './credential-copy.js';
import { REQUEST_READ, requestNames, requestValue } from './request-values.js';

/** A call writing a record: ORMs' create/update/upsert, mongoose's find-and-update, Object.assign. */
const WRITE =
  /\b(?:create|createMany|update|updateOne|updateMany|upsert|insert|insertOne|findByIdAndUpdate|findOneAndUpdate|build|save|set|assign)\(|\bnew\s+(?:User|Account|Member|Customer|Profile)\(/g;
/** The record written is an account's. */
const ACCOUNT =
  /\b(?:user|users|User|Users|account|accounts|Account|member|members|Member|profile|Profile|customer|Customer)\b/;
/** A privilege field named as a key. */
const PRIVILEGE =
  /\b(?:role|roles|isAdmin|is_admin|admin|isStaff|is_staff|is_superuser|isSuperuser|superuser|permissions|scopes|accessLevel|access_level|userType|user_type|accountType|account_type)["']?\s*:\s*([^,\n}]{1,120})/g;
/** Checks that keep what is written to known fields, or the route to administrators. */
const GUARDED =
  /\b(?:pick|omit|safeParse|validate|validateSync|plainToInstance|plainToClass|isAdmin|hasRole|authorize|Roles)\(|\b(?:requireAdmin|adminOnly|ensureAdmin|onlyAdmin|isAdminMiddleware|requireRole|checkRole|requireSuperuser)\b|\b(?:Joi|z|yup)\.object\(|\bRolesGuard\b|\brole\s*!==?\s*["'`](?:admin|owner|superadmin)["'`]|["'`](?:admin|owner|superadmin)["'`]\s*!==?\s*[\w.]*role\b|\.parse\(\s*(?:req|request|ctx)\b|\ballowed\w*\b/i;
/** A whole request body handed as the record's data. */
const WHOLE_BODY = new RegExp(
  String.raw`^\(\s*(?:[\w.]+\s*,\s*)?(?:\{\s*(?:where\s*:\s*\{[^{}]{0,120}\}\s*,\s*)?data\s*:\s*)?(?:\{\s*\.\.\.\s*)?(?:req|request|ctx\.request|c\.req)\.body\s*(?:\}|\)|,)`,
);
/** A password field of the record written. */
const PASSWORD_KEY =
  /\b(?:password|passwordHash|password_hash|hashedPassword|hashed_password|pass_hash)["']?\s*:/;
/** The record picked by what the request names (not by the signed-in session). */
const WHERE_FROM_REQUEST = new RegExp(String.raw`\bwhere\s*:\s*\{[^{}]{0,120}?${REQUEST_READ}`);
/** A reset token, one-time code or current password checked before. */
const RESET_CHECKED =
  /\b(?:token|otp|resetCode|reset_code|code|currentPassword|current_password|oldPassword|old_password)\b[^\n]{0,80}(?:===?|!==?|compare|verify)|\b(?:verify|compare)\w*\([^)\n]{0,80}\b(?:token|otp|code|password)/i;

/** The request object named at all: the cheap test before the others. */
const REQUEST_OBJECT = /\b(?:req|request|ctx|c\.req)\./;

/** Where and why the text lets the caller write its own privileges or another account's password, or undefined. */
export function massAssignAt(text: string): Planted | undefined {
  const src = text.slice(0, 65536);
  if (!REQUEST_OBJECT.test(src) || !ACCOUNT.test(src) || GUARDED.test(src)) return undefined;
  const value = requestValue(requestNames(src));
  let tries = 0;
  for (const m of src.matchAll(WRITE)) {
    if (++tries > 64) break;
    const head = src.slice(Math.max(0, m.index - 60), m.index);
    const call = callText(src, m.index + m[0].length - 1);
    const account =
      ACCOUNT.test(head.slice(head.lastIndexOf('\n') + 1)) ||
      ACCOUNT.test(m[0]) ||
      ACCOUNT.test(call.slice(0, 40));
    if (!account) continue;
    for (const p of call.matchAll(PRIVILEGE))
      if (value.test(p[1]!)) return { why: `lets the caller set its own ${p[0].slice(0, 50)}`, at: m.index };
    if (WHOLE_BODY.test(call))
      return { why: `writes the whole request body into the account (${call.slice(0, 50)})`, at: m.index };
    if (PASSWORD_KEY.test(call) && WHERE_FROM_REQUEST.test(call) && !RESET_CHECKED.test(src))
      return {
        why: `sets the password of whichever account the request names (${call.slice(0, 50)})`,
        at: m.index,
      };
  }
  return undefined;
}
