/**
 * AZ-AST-002: an Azure role assignment that hands over a subscription, group or resource (red
 * team r8): `az role assignment create --role Owner|Contributor|User Access Administrator|...`,
 * the Azure twin of GCP-AST-002. Reader and data-reader roles stay allowed.
 */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, positionals } from '../command-line.js';

/** Roles that control the scope or who may access it (by name or by their well-known ids). */
const ADMIN_ROLE =
  /^(?:owner|contributor|user access administrator|role based access control administrator|.*\badministrator|8e3af657-a8ff-443c-a75c-2fe8c4bcb635|b24988ac-6180-42a0-ab88-20f7382dd24c|18d7d88d-d35e-4fb5-a5c3-7773c20a72d9|f58310d9-a9f6-439a-9e8d-f62e7b41a168)$/i;

/** The value of `--name value` or `--name=value`. */
function value(args: readonly string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === name) return args[i + 1];
    if (args[i]!.startsWith(`${name}=`)) return args[i]!.slice(name.length + 1);
  }
  return undefined;
}

function grants(words: readonly string[]): string | null {
  if (words[0] !== 'az' || asksHelp(words.slice(1))) return null;
  const args = words.slice(1);
  const [group, sub, verb] = positionals(args);
  if (group !== 'role' || sub !== 'assignment' || verb !== 'create') return null;
  const role = (value(args, '--role') ?? '').replace(/^.*\/roleDefinitions\//i, '').trim();
  const who =
    value(args, '--assignee') ??
    value(args, '--assignee-object-id') ??
    value(args, '--assignee-principal-type');
  return ADMIN_ROLE.test(role)
    ? `az role assignment create grants ${role} to ${who ?? 'a principal'}, control of the scope`
    : null;
}

export default defineRule({
  id: 'AZ-AST-002',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  pack: 'cloud.azure',
  kinds: ['exec'],
  programs: ['az'],
  summary:
    'az role assignment create granting Owner, Contributor, User Access Administrator or another administrator role.',
  remediationHint:
    'Granting administrative Azure roles is a human decision. Ask the subscription owner, or assign the narrowest built-in role the task needs to a named managed identity.',
  *check(facts) {
    yield* execHits(facts, (words) => grants(words));
  },
  examples: {
    deny: [
      {
        input:
          'az role assignment create --assignee x-contractor-99@outlook.com --role Owner --scope /subscriptions/00000000-0000-0000-0000-000000000000',
      },
      { input: 'az role assignment create --assignee-object-id 1111 --role "User Access Administrator"' },
      { input: 'az role assignment create --assignee x@y.io --role=Contributor -g rg-prod' },
    ],
    allow: [
      {
        input:
          'az role assignment create --assignee 11111111-2222-3333-4444-555555555555 --role Reader --scope /subscriptions/0/resourceGroups/rg-dev',
        why: 'a read-only role',
      },
      { input: 'az role assignment list --assignee x@y.io', why: 'reads' },
      {
        input:
          'az role assignment create --assignee ci-mi --role "Storage Blob Data Reader" --scope /subscriptions/0',
        why: 'a data reader role',
      },
    ],
  },
});
