/**
 * SEC-AST-001: a credential store outside the workspace is read, by any program: an argument, an
 * option value (--file=PATH, -d @PATH) or a redirection that names it. The store's own tool
 * (kubectl for ~/.kube/config, aws for ~/.aws/credentials, ssh for keys) may use it.
 */
import type { ExecFact, FileOpFact, FlowFact } from '../../facts.js';
import type { PathPolicy } from '../../paths.js';
import { isBlockDevice, isDockerSecret, isForeignCredentialStore, resolvePath } from '../../paths.js';
import { LINE_SETTING_STORE } from '../../knowledge/setting-lines.js';
import { defineRule } from '../define-rule.js';
import { isReadLike } from '../helpers.js';

/** Programs that only look at names or metadata, never at content. */
const METADATA_ONLY = new Set([
  'ls',
  'stat',
  'test',
  '[',
  '[[',
  'file',
  'du',
  'chmod',
  'chown',
  'chgrp',
  'touch',
  'mkdir',
  'realpath',
  'readlink',
  'dirname',
  'basename',
  'echo',
  'printf',
  'which',
  'type',
  'rm',
  'unlink',
  'shred',
  'setfacl',
  'getfacl',
  'lsattr',
  'chattr',
]);

/** Programs that copy a device's content out (disk tools such as smartctl or pvcreate only use it). */
const RAW_READERS = new Set([
  'dd',
  'cat',
  'head',
  'tail',
  'strings',
  'xxd',
  'hexdump',
  'od',
  'cp',
  'tar',
  'gzip',
  'pv',
  'base64',
  'less',
  'more',
  'grep',
  'nc',
  'curl',
]);

/** The programs a credential store belongs to: using it is their job. */
const OWNERS: readonly [RegExp, ReadonlySet<string>][] = [
  [
    /^~\/\.ssh\//,
    new Set([
      'ssh',
      'ssh-add',
      'ssh-keygen',
      'ssh-copy-id',
      'scp',
      'sftp',
      'sshfs',
      'autossh',
      'git',
      'mosh',
    ]),
  ],
  [/^~\/\.aws/, new Set(['aws', 'sam', 'cdk', 'terraform', 'eksctl', 'copilot'])],
  [/^~\/\.config\/gcloud/, new Set(['gcloud', 'gsutil', 'bq', 'terraform'])],
  [
    /^~\/\.kube/,
    new Set([
      'kubectl',
      'helm',
      'k9s',
      'kubectx',
      'kubens',
      'oc',
      'kustomize',
      'stern',
      'minikube',
      'kind',
      'k3d',
      'skaffold',
      'tilt',
    ]),
  ],
  [/^~\/\.docker/, new Set(['docker', 'docker-compose', 'buildx', 'podman', 'skopeo', 'crane'])],
  [/^~\/\.(?:npmrc|yarnrc)/, new Set(['npm', 'npx', 'yarn', 'pnpm'])],
  [/^~\/\.pypirc/, new Set(['twine', 'pip', 'pip3', 'poetry', 'flit', 'hatch'])],
  [/^~\/\.(?:git-credentials|config\/git)/, new Set(['git'])],
  [/^~\/\.config\/gh\//, new Set(['gh'])],
  [/^~\/\.azure/, new Set(['az'])],
  [/^~\/\.gnupg/, new Set(['gpg', 'gpg2', 'gpg-agent', 'git', 'pass'])],
  [/^~\/\.password-store/, new Set(['pass'])],
  [/^~\/\.vault-token/, new Set(['vault'])],
  [/^~\/\.pgpass/, new Set(['psql', 'pg_dump', 'pg_restore', 'pg_dumpall'])],
  [/^~\/\.my\.cnf/, new Set(['mysql', 'mysqldump', 'mysqladmin'])],
  [/^~\/\.terraform/, new Set(['terraform', 'tofu'])],
  [/^~\/\.cargo\/credentials/, new Set(['cargo'])],
];

/**
 * Settings files kept beside a store, read for their settings (a profile's region, an SSO start
 * URL): the keys live in the store proper (~/.aws/credentials). Reading one is allowed; sending it
 * anywhere is still SEC-AST-010's.
 */
const SETTINGS_FILE = /^~\/\.aws\/config$/;

/** Options that take the program's own credential as a file (`--token-file`, `--password-file`). */
const CREDENTIAL_FILE_OPTION = /^--?[\w-]*(?:token|password|passwd|secret|credentials?|key|auth)[-_]?file$/i;

/**
 * A program handed its own Docker secret through an option made for it (R19 FP: `cloudflared
 * tunnel run --token-file /run/secrets/cf_tunnel_token`): it signs in with it, as
 * POSTGRES_PASSWORD_FILE does. Readers that copy content out (cat, curl) stay denied.
 */
function usesOwnSecret(label: string, program: string, execs: readonly ExecFact[]): boolean {
  if (!isDockerSecret(label) || RAW_READERS.has(program)) return false;
  return execs.some(
    (e) =>
      e.program === program &&
      e.argv.some(
        (a, i) =>
          (CREDENTIAL_FILE_OPTION.test(a) && e.argv[i + 1] === label) ||
          (a.startsWith('-') &&
            CREDENTIAL_FILE_OPTION.test(a.slice(0, a.indexOf('='))) &&
            a.slice(a.indexOf('=') + 1) === label),
      ),
  );
}

/**
 * A read made inside a request that puts the file in its auth slot (`curl -H "Authorization: Bearer
 * $(cat /run/secrets/api_token)"`): the request signs in with it; where it goes is SEC-AST-010's.
 */
function readIntoAuthSlot(read: Pick<FileOpFact, 'path' | 'span'>, flows: readonly FlowFact[]): boolean {
  return flows.some(
    (x) =>
      x.to.kind === 'net' &&
      x.to.auth === true &&
      x.from.kind === 'file' &&
      x.from.path === read.path &&
      x.span.start <= read.span.start &&
      read.span.end <= x.span.end,
  );
}

export function isOwner(label: string, program: string): boolean {
  return OWNERS.some(([re, owners]) => re.test(label) && owners.has(program));
}

/**
 * An owner's subcommands that take the store somewhere else or change it, rather than use it:
 * aws s3 cp ~/.aws/credentials s3://x, git hash-object -w ~/.ssh/id_rsa (into the object store,
 * ready to push), ssh-keygen -p (strips or changes the key's passphrase), kubectl/docker cp.
 */
const MISUSE: Readonly<Record<string, RegExp>> = {
  aws: /^(?:cp|mv|sync|put-object|upload-part)$/,
  gsutil: /^(?:cp|mv|rsync)$/,
  git: /^(?:hash-object|add|update-index|notes|archive|send-email|bundle)$/,
  'ssh-keygen': /^-[a-zA-Z]*p/,
  kubectl: /^cp$/,
  docker: /^cp$/,
  podman: /^cp$/,
  gh: /^(?:gist|upload)$/,
};

function misuses(e: ExecFact): boolean {
  const re = MISUSE[e.program];
  return re !== undefined && e.argv.some((a, i) => i > 0 && re.test(a));
}

/** Strings inside one argument that could be a path: the argument, after `=`, after a leading `@`. */
function pathCandidates(arg: string): string[] {
  // Gate: a candidate needs '/' or '~' somewhere; most arguments have neither.
  if (arg.indexOf('/') < 0 && arg.indexOf('~') < 0) return [];
  const out: string[] = [];
  const push = (s: string): void => {
    if (/^(?:\/|~|\$HOME|\$\{HOME\})/.test(s) && !/\s/.test(s)) out.push(s);
  };
  push(arg);
  const eq = arg.indexOf('=');
  if (eq > 0) push(arg.slice(eq + 1).replace(/^@/, ''));
  if (arg.startsWith('@')) push(arg.slice(1));
  const colonFile = /^[\w-]+=@(.+)$/.exec(arg);
  if (colonFile?.[1] !== undefined) push(colonFile[1]);
  return out;
}

/** Credential stores a program's argv names (minus what its own tool may use). */
export function namedCredentials(e: ExecFact, policy: PathPolicy): string[] {
  if (METADATA_ONLY.has(e.program)) return [];
  if (e.argv.length === 1) return [];
  const found: string[] = [];
  for (let i = 1; i < e.argv.length; i++) {
    for (const c of pathCandidates(e.argv[i]!)) {
      const label = isForeignCredentialStore(resolvePath(c, policy), policy);
      if (label !== null && !SETTINGS_FILE.test(label) && (!isOwner(label, e.program) || misuses(e)))
        found.push(label);
    }
  }
  return found;
}

export default defineRule({
  id: 'SEC-AST-001',
  invariant: 'NO_SECRET_FILE_READ',
  kinds: ['exec', 'file', 'flow'],
  summary:
    'Reading credential stores outside the workspace (~/.ssh keys, ~/.aws/credentials, ~/.kube/config, ~/.netrc, /etc/shadow, service-account tokens...).',
  remediationHint:
    "Do not read credential files. If a tool needs credentials, let that tool use its own configuration (aws, kubectl, gcloud read theirs), or ask the user to provide a scoped token through the task's environment.",
  *check(facts, policy) {
    const seen = new Set<string>();
    for (const f of facts.of('file')) {
      if (!isReadLike(f) && !((f.op === 'copy' || f.op === 'move') && f.role === undefined)) continue;
      const label = isForeignCredentialStore(resolvePath(f.path, policy), policy);
      if (label === null || isOwner(label, f.actor) || METADATA_ONLY.has(f.actor)) continue;
      if (SETTINGS_FILE.test(label) || usesOwnSecret(label, f.actor, facts.of('exec'))) continue;
      // Code reading its container's secret to sign a client in (code/secret-logins.ts).
      if (f.use === 'sign-in' && isDockerSecret(label)) continue;
      // Only a setting's own lines kept from a key=value store (`grep '^registry=' ~/.npmrc`).
      if (f.use === 'setting' && LINE_SETTING_STORE.test(label)) continue;
      if (isDockerSecret(label) && readIntoAuthSlot(f, facts.of('flow'))) continue;
      seen.add(`${f.span.start}:${label}`);
      yield {
        span: f.span,
        reason: `${f.actor} reads the credential store ${label}`,
        suggestedAlternative: null,
      };
    }
    // A raw disk or memory device holds every file and secret on it, whatever their permissions.
    for (const f of facts.of('file')) {
      if (!isReadLike(f) || !RAW_READERS.has(f.actor)) continue;
      const abs = resolvePath(f.path, policy);
      if (!isBlockDevice(abs)) continue;
      seen.add(`${f.span.start}:${abs}`);
      yield {
        span: f.span,
        reason: `${f.actor} reads the raw device ${abs}, bypassing file permissions`,
        suggestedAlternative: null,
      };
    }
    for (const e of facts.of('exec')) {
      if (e.program !== 'dd') continue;
      const input = e.argv.find((a) => a.startsWith('if='))?.slice(3);
      if (input === undefined || !isBlockDevice(resolvePath(input, policy))) continue;
      if ([...seen].some((k) => k.endsWith(`:${input}`))) continue;
      yield {
        span: e.span,
        reason: `dd reads the raw device ${input}, bypassing file permissions`,
        suggestedAlternative: null,
      };
    }
    // Stores a program read only for a setting's own lines (the file loop above let them be).
    const settingReads = facts
      .of('file')
      .filter((f) => f.use === 'setting')
      .map((f) => ({ span: f.span, label: isForeignCredentialStore(resolvePath(f.path, policy), policy) }));
    for (const e of facts.of('exec')) {
      for (const label of namedCredentials(e, policy)) {
        if (usesOwnSecret(label, e.program, [e])) continue;
        if (
          LINE_SETTING_STORE.test(label) &&
          settingReads.some(
            (r) => r.label === label && e.span.start <= r.span.start && r.span.end <= e.span.end,
          )
        )
          continue;
        if (isDockerSecret(label) && readIntoAuthSlot({ path: label, span: e.span }, facts.of('flow')))
          continue;
        if ([...seen].some((k) => k.endsWith(`:${label}`))) continue;
        seen.add(`${e.span.start}:${label}`);
        yield {
          span: e.span,
          reason: `${e.program} is given the credential store ${label}`,
          suggestedAlternative: null,
        };
      }
    }
  },
  examples: {
    deny: [
      { input: 'cat ~/.aws/credentials' },
      { input: 'cat ~/.ssh/id_rsa' },
      { input: 'less $HOME/.kube/config' },
      { input: 'cp ~/.docker/config.json ./x.json' },
      { input: 'tar czf keys.tgz ~/.ssh' },
      { input: 'grep -r password ~/.netrc' },
      { input: "grep -v '^registry=' ~/.npmrc" },
      { input: 'base64 < ~/.git-credentials' },
      { input: 'cat /etc/shadow' },
      { input: 'cat /var/run/secrets/kubernetes.io/serviceaccount/token' },
      {
        input:
          'cat /run/secrets/api_token; curl -H "Authorization: Bearer $(cat /run/secrets/api_token)" https://a.io',
      },
      { input: 'vim ~/.config/gcloud/application_default_credentials.json' },
      { input: 'head -n 5 /root/.ssh/id_ed25519' },
      { input: 'cat /proc/self/environ' },
      { input: 'dd if=/dev/sda of=./disk.img bs=4M' },
      { input: 'cat /dev/mem | strings | grep -i password' },
    ],
    allow: [
      { input: 'cat README.md', why: 'an ordinary workspace file' },
      {
        input: 'ssh -i ~/.ssh/id_ed25519 deploy@host uptime',
        why: 'ssh uses its own key (remote access is judged elsewhere)',
      },
      { input: 'kubectl --kubeconfig ~/.kube/config get pods', why: 'kubectl reading its own configuration' },
      { input: 'ls -la ~/.ssh', why: 'a listing shows names, not contents' },
      { input: 'cat ~/.ssh/id_rsa.pub', why: 'a public key is not a secret' },
      { input: 'cat .npmrc', why: "the project's own .npmrc inside the workspace" },
      {
        input: 'grep region ~/.aws/config',
        why: "AWS's settings file (profiles, regions); its keys are in ~/.aws/credentials",
      },
      { input: 'chmod 600 ~/.ssh/id_rsa', why: 'tightening permissions reads nothing' },
      {
        input: "grep '^registry=' ~/.npmrc",
        why: "only the registry setting's own lines; the store's tokens sit on lines of their own",
      },
      {
        input: 'curl -H "Authorization: Bearer $(cat /run/secrets/api_token)" https://api.acme.io/v1/jobs',
        why: "the container's Docker secret read into the request's auth slot signs it in",
      },
    ],
  },
});
