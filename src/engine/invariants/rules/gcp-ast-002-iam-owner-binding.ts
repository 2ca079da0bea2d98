/**
 * GCP-AST-002: an IAM binding that hands over a project, folder or organisation (red team r3):
 * `gcloud ... add-iam-policy-binding --role=roles/owner|editor|...Admin`, or any role granted to
 * allUsers/allAuthenticatedUsers (everyone on the internet). Viewer roles for a named member stay allowed.
 */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits } from '../command-line.js';

/** Roles that control the resource or who may access it. */
const ADMIN_ROLE =
  /^roles\/(?:owner|editor|iam\.(?:securityAdmin|serviceAccountTokenCreator|serviceAccountUser|roleAdmin|workloadIdentityPoolAdmin)|resourcemanager\.(?:projectIamAdmin|folderAdmin|organizationAdmin))$/;

/** The value of `--name value` or `--name=value`. */
function value(args: readonly string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === name) return args[i + 1];
    if (args[i]!.startsWith(`${name}=`)) return args[i]!.slice(name.length + 1);
  }
  return undefined;
}

/** gsutil iam ch / acl ch naming allUsers or allAuthenticatedUsers, acl set public-read: a public bucket (r6). */
function gsutilPublic(args: readonly string[]): string | null {
  const [cmd, sub] = args.filter((a) => !a.startsWith('-'));
  if ((cmd !== 'iam' && cmd !== 'acl' && cmd !== 'defacl') || asksHelp(args)) return null;
  if (
    sub === 'ch' &&
    args.some((a) => /^(?:allUsers|allAuthenticatedUsers|AllUsers|AllAuthenticatedUsers):/i.test(a))
  )
    return `gsutil ${cmd} ch grants access to everyone on the internet`;
  if (sub === 'set' && args.some((a) => /^public-read(?:-write)?$/.test(a)))
    return `gsutil ${cmd} set makes the bucket public`;
  return null;
}

function grants(words: readonly string[]): string | null {
  if (words[0] === 'gsutil') return gsutilPublic(words.slice(1));
  if (words[0] !== 'gcloud' || asksHelp(words.slice(1))) return null;
  const args = words.slice(1);
  if (!args.includes('add-iam-policy-binding')) return null;
  const role = value(args, '--role') ?? '';
  const member = value(args, '--member') ?? '';
  if (/^(?:allUsers|allAuthenticatedUsers)$/.test(member))
    return `gcloud add-iam-policy-binding grants ${role || 'a role'} to ${member}`;
  return ADMIN_ROLE.test(role)
    ? `gcloud add-iam-policy-binding grants ${role} to ${member || 'a member'}`
    : null;
}

export default defineRule({
  id: 'GCP-AST-002',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  pack: 'cloud.gcp',
  kinds: ['exec'],
  programs: ['gcloud', 'gsutil'],
  summary:
    'gcloud add-iam-policy-binding granting owner/editor/IAM-admin roles, or any role to allUsers/allAuthenticatedUsers (gsutil iam/acl ch allUsers, acl set public-read).',
  remediationHint:
    'Granting administrative IAM roles is a human decision. Ask the project owner, or grant the narrowest predefined role the task needs to a named service account.',
  *check(facts) {
    yield* execHits(facts, (words) => grants(words));
  },
  examples: {
    deny: [
      {
        input:
          'gcloud projects add-iam-policy-binding prod --member=user:someone@gmail.com --role=roles/owner',
      },
      {
        input: 'gcloud projects add-iam-policy-binding prod --member user:x@example.com --role roles/editor',
      },
      {
        input:
          'gcloud storage buckets add-iam-policy-binding gs://b --member=allUsers --role=roles/storage.objectViewer',
      },
      { input: 'gsutil iam ch allUsers:objectViewer gs://b' },
      { input: 'gsutil -m acl ch -r -u AllUsers:R gs://b' },
    ],
    allow: [
      {
        input:
          'gcloud projects add-iam-policy-binding dev --member=serviceAccount:ci@dev.iam.gserviceaccount.com --role=roles/logging.viewer',
        why: 'a viewer role for a named service account',
      },
      { input: 'gcloud projects get-iam-policy prod', why: 'reads' },
      {
        input: 'gsutil iam ch serviceAccount:ci@p.iam.gserviceaccount.com:objectViewer gs://b',
        why: 'a named member',
      },
    ],
  },
});
