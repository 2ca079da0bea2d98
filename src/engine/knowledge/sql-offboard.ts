/**
 * A departed person's role removed the way PostgreSQL documents it ("Dropping Roles"): REASSIGN
 * OWNED BY r TO keeper; DROP OWNED BY r; DROP ROLE r (R12 twin). The objects r owned live on under
 * an owner that already exists, DROP OWNED then only takes r's grants away, and the drop removes no
 * row. An application, pipeline or operator account (sql-cutoff.ts sharedAccount), a keeper made in
 * the same batch (a fresh login handed everything), or a role not dropped at the end stays judged.
 */
import { sharedAccount } from './sql-cutoff.js';
import { withoutComments } from './sql-text.js';

const NAME = String.raw`(?:"[^"]+"|[\w$]+)`;
const REASSIGN = new RegExp(
  String.raw`^\s*reassign\s+owned\s+by\s+(${NAME}(?:\s*,\s*${NAME})*)\s+to\s+(${NAME})\s*;?\s*$`,
  'i',
);
const DROP_OWNED = new RegExp(
  String.raw`^\s*drop\s+owned\s+by\s+(${NAME}(?:\s*,\s*${NAME})*)\s*(?:restrict)?\s*;?\s*$`,
  'i',
);
const DROP_ROLE = new RegExp(
  String.raw`^\s*drop\s+(?:role|user)\s+(?:if\s+exists\s+)?(${NAME}(?:\s*,\s*${NAME})*)\s*;?\s*$`,
  'i',
);
const CREATE_ROLE = new RegExp(
  String.raw`^\s*create\s+(?:role|user|group)\s+(?:if\s+not\s+exists\s+)?(${NAME})`,
  'i',
);
const names = (list: string): string[] =>
  list.split(',').map((n) => n.trim().replace(/"/g, '').toLowerCase());
const SPECIAL = /^(?:public|current_user|current_role|session_user)$/;

/** The statements (indexes of `texts`) of an offboarding: its REASSIGN, DROP OWNED and DROP ROLE. */
export function offboardingStatements(texts: readonly string[]): Set<number> {
  const out = new Set<number>();
  if (!texts.some((t) => /\breassign\s+owned\b/i.test(t))) return out;
  const bare = texts.map((t) => withoutComments(t));
  const created = new Set(bare.flatMap((t) => names(CREATE_ROLE.exec(t)?.[1] ?? '')));
  for (const [i, t] of bare.entries()) {
    const m = REASSIGN.exec(t);
    if (!m) continue;
    const keeper = names(m[2]!)[0]!;
    const roles = names(m[1]!);
    if (created.has(keeper) || SPECIAL.test(keeper) || roles.includes(keeper)) continue;
    if (roles.some((r) => sharedAccount(r) || SPECIAL.test(r))) continue;
    const steps = [i];
    let dropped = false;
    for (let j = i + 1; j < bare.length; j++) {
      const owned = DROP_OWNED.exec(bare[j]!);
      if (owned && names(owned[1]!).every((r) => roles.includes(r))) steps.push(j);
      const drop = DROP_ROLE.exec(bare[j]!);
      if (drop && names(drop[1]!).every((r) => roles.includes(r))) {
        steps.push(j);
        dropped = true;
      }
    }
    if (dropped) for (const s of steps) out.add(s);
  }
  return out;
}
