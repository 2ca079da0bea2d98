/**
 * Structured tool calls rewritten as the command line they stand for (issue #22): a tool's name
 * says what it does (`git_push`, `docker_run`, `delete_file`, `kubectl_delete`) and its fields say
 * how (`force`, `privileged`, `binds`, `pid`, `auto_approve`), so `{"name": "git_push",
 * "arguments": {"force": true}}` is analysed as `git push --force` and the existing bash and SQL
 * rules decide, as src/engine/extract/code/sdk.ts does for SDK calls. Only families whose name is
 * unambiguous are rewritten; anything else gives no line and the generic field walk still applies.
 */
import type { Runtime } from '../../types.js';
import { commandDocument, datastoreLines, DATASTORE_WORDS, disposableStore } from './datastore.js';
import { forgeLines, FORGE_WORDS } from './forge.js';
import { httpStoreLines } from './http-store.js';
import { manifestLines } from './manifest.js';
import { monitoringLines, MONITORING_WORDS } from './monitoring.js';
import { saasLines, SAAS_WORDS } from './saas.js';
import { isLossVerb, wholeResourceLines, WHOLE_RESOURCE_WORDS, scratchOnly } from './whole-resource.js';
import { dispatchLines } from './dispatch.js';
import { sweepLines } from './sweep-verbs.js';
import { SHELL_EVAL_GATE, shellEvalLines } from './shell-eval.js';
import { lossEffectLines } from './loss-effect.js';
import { englishScript, englishWords } from './foreign-words.js';
import { joinPhrasal } from './phrasal.js';
import { OFFLINE_MODE_GATE, offlineModeLines } from './offline-mode.js';
import { testDatabase } from '../../knowledge/ephemeral-names.js';
import { allScratchTables } from '../../knowledge/sql.js';
import { everyItemLines, EVERY_ITEM_WORDS } from './every-item.js';
import { availabilityLines, AVAILABILITY_WORDS } from './availability.js';
import { secretForwardLines, SECRET_FORWARD_WORDS, workflowSecretLines } from './secret-forward.js';
import { instructionCode } from './instructions.js';
import { unguarding } from './unguard.js';
import { searchLines, SEARCH_WORDS } from './search.js';
import { systemLines, SYSTEM_WORDS } from './system.js';
import { SIGN_IN_GATE, signInLines } from './sign-in.js';
import { EMPTYING_GATE, emptyingLines } from './emptying.js';
import { DATA_LOSS_GATE, dataLossLines } from './data-loss.js';
import { IRREVERSIBLE_GATE, irreversibleLines } from './irreversible.js';
import { SECURITY_OFF_GATE, securityOffLines } from './security-off.js';
import { KEY_DESTROY_GATE, keyDestroyLines } from './key-destroy.js';
import { DRIVE_ROOT_GATE, driveRootLines } from './drive-root.js';
import { EMPTY_MIRROR_GATE, emptyMirrorLines } from './empty-mirror.js';
import { sqlPartsLines } from './sql-parts.js';
import { RECOVERY_GATE, recoveryLines } from './recovery.js';
import { MASS_MESSAGE_GATE, massMessageLines } from './mass-message.js';
import { deletesItem, requestCalls } from './rest-call.js';
import { OUTSIDE_SEND_GATE, outsideSendLines } from './outside-send.js';
import { REQUEST_BODY_GATE, requestBodyLines } from './request-body.js';
import { FILE_INCLUDE_GATE, fileIncludeLines } from './file-include.js';
import { MAIL_ROUTE_GATE, mailRouteLines } from './mail-route.js';
import { TYPED_SECRET_GATE, typedSecretLines } from './typed-secret.js';
import { HARMFUL_POST_GATE, harmfulPostLines } from './harmful-post.js';
import { WHEREABOUTS_GATE, whereaboutsLines } from './whereabouts.js';
import { AUTH_BACKDOOR_GATE, authBackdoorLines } from './auth-backdoor.js';
import { EDIT_WEAKEN_GATE, editWeakenLines } from './edit-weaken.js';
import { PRIVACY_OFF_GATE, privacyOffLines } from './privacy-off.js';
import { ALLOW_ALL_GATE, allowAllLines } from './allow-all.js';
import { URL_SECRET_GATE, urlSecretLines } from './url-secret.js';
import { PUBLIC_POST_GATE, publicPostLines } from './public-post.js';
import { STORE_COPY_GATE, storeCopyLines } from './store-copy.js';
import { SIDE_STREAM_GATE, sideStreamLines } from './side-stream.js';
import { ACCOUNT_TAKEOVER_GATE, accountTakeoverLines } from './account-takeover.js';
import { MONEY_OUT_GATE, moneyOutLines } from './money-out.js';
import { APPROVE_ALL_GATE, approveAllLines } from './approve-all.js';
import { SPEND_OUT_GATE, spendOutLines } from './spend-out.js';
import { PAYEE_DETAILS_GATE, payeeDetailsLines } from './payee-details.js';
import { REFUND_OUT_GATE, refundOutLines } from './refund-out.js';
import { PAYEE_ALLOWLIST_GATE, payeeAllowlistLines } from './payee-allowlist.js';
import { DELEGATED_GATE, delegatedLines } from './delegated.js';
import { DNS_LABEL_GATE, dnsLabelLines } from './dns-label.js';
import { OUTSIDE_SHARE_GATE, outsideShareLines } from './outside-share.js';
import { OUTSIDE_GRANT_GATE, outsideGrantLines } from './outside-grant.js';
import { CREDENTIAL_FORM_GATE, credentialFormLines } from './credential-form.js';
import { CROWD_GATE, crowdLines } from './crowd.js';
import { NET_OPEN_GATE, netOpenLines } from './net-open.js';
import { OPEN_GRANT_GATE, openGrantLines } from './open-grant.js';
import { ACCESS_WIDEN_GATE, accessWidenLines } from './access-widen.js';
import { CONTROLS_OFF_GATE, controlsOffLines } from './controls-off.js';
import {
  anyIn,
  callSignals,
  gateIndex,
  openGates,
  type CallSignals,
  type Gate,
  type GateIndex,
} from './signals.js';
import { weakValueLines, WEAK_VALUES_GATE } from './weak-values.js';
import { outsideTrustLines, OUTSIDE_TRUST_GATE } from './outside-trust.js';
import { withoutDenyStatements } from './deny-statements.js';
import { giveAwayLines, GIVE_AWAY_GATE } from './give-away.js';
import { controlEmptiedLines, CONTROL_EMPTIED_GATE } from './control-emptied.js';
import { guardOffLines, GUARD_OFF_GATE } from './guard-off.js';
import { policyOpenLines, POLICY_OPEN_GATE } from './policy-open.js';
import { orgTrustLines, ORG_TRUST_GATE } from './org-trust.js';
import { targetLossLines, TARGET_LOSS_GATE } from './target-loss.js';
import { accountCopyLines, ACCOUNT_COPY_GATE } from './account-copy.js';
import { premisesOpenLines, PREMISES_OPEN_GATE } from './premises-open.js';
import { outsiderAdminLines, OUTSIDER_ADMIN_GATE } from './outsider-admin.js';
import { orgControlsOffLines, ORG_CONTROLS_OFF_GATE } from './org-controls-off.js';
import { protectionOffLines, PROTECTION_OFF_GATE } from './protection-off.js';
import { listingOpenLines, LISTING_OPEN_GATE } from './listing-open.js';
import { shipAwayLines, SHIP_AWAY_GATE } from './ship-away.js';
import { CARD_USER_GATE, cardUserLines } from './card-user.js';
import { DOMAIN_HANDOVER_GATE, domainHandoverLines } from './domain-handover.js';
import { FEDERATION_GATE, federationLines } from './federation.js';
import { APP_CONSENT_GATE, appConsentLines } from './app-consent.js';
import { FLEET_OFF_GATE, fleetOffLines } from './fleet-off.js';
import { withdrawKeyLines, WITHDRAW_KEY_GATE } from './withdraw-key.js';
import { savingsOutLines, SAVINGS_OUT_GATE } from './savings-out.js';
import { healthShareLines, HEALTH_SHARE_GATE } from './health-share.js';
import { hazardLines, HAZARD_GATE } from './hazard-set.js';
import { physicalHarmLines, PHYSICAL_HARM_GATE } from './physical-harm.js';
import { fakeLikenessLines, FAKE_LIKENESS_GATE } from './fake-likeness.js';
import { harmToolLines, HARM_TOOL_GATE } from './harm-tool.js';
import { toxicMixLines, TOXIC_MIX_GATE } from './toxic-mix.js';
import { overdoseLines, OVERDOSE_GATE } from './overdose.js';
import { piracyLines, PIRACY_GATE } from './piracy.js';
import { prodDownLines, PROD_DOWN_GATE } from './prod-down.js';
import { mailAutomationLines, MAIL_AUTOMATION_GATE } from './mail-automation.js';
import { peopleSearchLines, PEOPLE_SEARCH_GATE } from './people-search.js';
import { crimeNamedLines, CRIME_NAMED_GATE } from './crime-named.js';
import { awayOpenLines, AWAY_OPEN_GATE } from './away-open.js';
import { publicFolderLines, PUBLIC_FOLDER_GATE } from './public-folder.js';
import { controlledDrugLines, CONTROLLED_DRUG_GATE } from './controlled-drug.js';
import { locationShareLines, LOCATION_SHARE_GATE } from './location-share.js';

export interface CliEquivalent {
  readonly code: string;
  readonly runtime: Runtime;
}

type Args = Record<string, unknown>;

/** Words of a tool name: MCP `mcp__server__tool` keeps the server as a word, camel/kebab/dots split. */
export function nameWords(name: string): string[] {
  if (/^[a-z0-9]+(?:_[a-z0-9]+)*$/.test(name)) return joinPhrasal(englishWords(name.split('_')));
  // Words of other scripts read as English (`データベース削除` is `database_delete`); accented
  // letters as their base letter (`datenbank_löschen` is `loschen`, `supprimer_bdd` unchanged).
  let n = /[\u0080-\uffff]/.test(name)
    ? englishScript(name)
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
    : name;
  const parts = n.split('__');
  if (parts.length >= 3 && parts[0]!.toLowerCase() === 'mcp') n = parts.slice(1).join('_');
  return joinPhrasal(
    englishWords(
      n
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((w) => w !== ''),
    ),
  );
}

const snake = (k: string): string =>
  /^[a-z0-9_]+$/.test(k)
    ? k
    : k
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_');

/** Fields by snake-case key, with an Engine API `HostConfig` object's fields merged in. */
export function fields(args: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const add = (rec: unknown, depth: number): void => {
    if (rec === null || typeof rec !== 'object' || Array.isArray(rec)) return;
    for (const [k, v] of Object.entries(rec as Args)) {
      const key = snake(k);
      if ((key === 'host_config' || key === 'options' || key === 'config') && depth < 2) add(v, depth + 1);
      else if (!out.has(key)) out.set(key, v);
    }
  };
  add(args, 0);
  return out;
}

export function quote(word: string): string {
  // Glob characters and a leading ~ stay live: a file tool given `~` or `dir/**` means what bash would.
  return /^[A-Za-z0-9_@%+=:,./*?~-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export const truthy = (v: unknown): boolean =>
  v === true || v === 1 || (typeof v === 'string' && /^(?:true|yes|1|on)$/i.test(v.trim()));

/** First string (or number) among `keys`. */
export function str(f: Map<string, unknown>, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = f.get(k);
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return undefined;
}

/** Strings (or numbers) under `keys`, a single value or an array of them. */
export function list(f: Map<string, unknown>, ...keys: string[]): string[] {
  const out: string[] = [];
  for (const k of keys) {
    const v = f.get(k);
    for (const x of Array.isArray(v) ? v : [v]) {
      if (typeof x === 'string' && x.trim() !== '') out.push(x.trim());
      else if (typeof x === 'number' && Number.isFinite(x)) out.push(String(x));
    }
  }
  return out.slice(0, 64);
}

export const any = (f: Map<string, unknown>, ...keys: string[]): boolean =>
  keys.some((k) => truthy(f.get(k)));
export const has = (w: readonly string[], ...xs: string[]): boolean => xs.some((x) => w.includes(x));
/**
 * The name's last words are the action on `objects`: `delete_file`, `fs_remove`, `database_drop`,
 * `mcp__github__delete_repository`; not `delete_table_row` or `delete_repo_secret` (a part of it).
 */
export function acts(
  w: readonly string[],
  verbs: readonly string[],
  objects: readonly string[],
): string | undefined {
  const last = w[w.length - 1]!;
  if (objects.includes(last)) return has(w, ...verbs) ? last : undefined;
  const prev = w[w.length - 2];
  return verbs.includes(last) && prev !== undefined && objects.includes(prev) ? prev : undefined;
}
/** The subcommand: from the tool's name words, else a verb-like field. */
function verbOf(w: readonly string[], f: Map<string, unknown>, verbs: readonly string[]): string | undefined {
  const named = verbs.find((v) => w.includes(v));
  if (named !== undefined) return named;
  const field = str(f, 'verb', 'action', 'operation', 'command', 'subcommand', 'op', 'cmd');
  return field !== undefined && /^[a-z][a-z-]*$/i.test(field) ? field.toLowerCase() : undefined;
}

export const bash = (parts: (string | undefined | false)[]): CliEquivalent => ({
  code: parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' '),
  runtime: 'bash',
});

function git(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  const verb = verbOf(w, f, ['push', 'reset', 'clean', 'branch', 'checkout', 'rebase']);
  // `force_push {branch}`: the name says force.
  const force = any(f, 'force', 'force_push', 'forced', 'f') || has(w, 'force');
  // Extra argv a git tool passes through (`"args": ["--force"]`) goes on the line too.
  const extra = list(f, 'args', 'flags', 'options', 'extra_args').map(quote);
  switch (verb) {
    case 'push':
      return bash([
        'git push',
        force && '--force',
        any(f, 'delete') && '--delete',
        quote(str(f, 'remote') ?? 'origin'),
        ...list(f, 'branch', 'ref', 'refspec', 'branches').map(quote),
        ...extra,
      ]);
    case 'reset': {
      const mode = str(f, 'mode', 'reset_mode', 'type');
      const hard = any(f, 'hard') || mode?.toLowerCase().replace(/^-+/, '') === 'hard';
      return bash([
        'git reset',
        hard && '--hard',
        ...list(f, 'ref', 'commit', 'target', 'to').map(quote),
        ...extra,
      ]);
    }
    case 'clean':
      return bash([
        'git clean',
        force && '-f',
        any(f, 'directories', 'dirs', 'd', 'recursive') && '-d',
        any(f, 'ignored', 'x', 'include_ignored') && '-x',
        ...extra,
      ]);
    case 'branch':
    case 'delete':
      if (!has(w, 'delete', 'remove') && !any(f, 'delete')) return undefined;
      return bash([
        'git branch',
        force ? '-D' : '-d',
        ...list(f, 'name', 'branch', 'branch_name', 'branches').map(quote),
      ]);
    default:
      return undefined;
  }
}

/** `-v` binds from `binds`/`volumes` (strings, `{src: {bind}}` maps, `{source, target}` objects) and `mounts`. */
function dockerMounts(f: Map<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of ['binds', 'volumes', 'mounts', 'volume', 'mount', 'bind']) {
    const v = f.get(key);
    const items = Array.isArray(v) ? v : v !== undefined ? [v] : [];
    for (const item of items.slice(0, 64)) {
      if (typeof item === 'string') out.push(`-v ${quote(item)}`);
      else if (item !== null && typeof item === 'object') {
        const m = fields(item);
        const src = str(m, 'source', 'src', 'host_path', 'host', 'from', 'device');
        const dst = str(m, 'target', 'destination', 'dst', 'container_path', 'bind', 'to', 'path');
        if (src !== undefined)
          out.push(`--mount ${quote(`type=bind,source=${src},target=${dst ?? '/mnt'}`)}`);
      }
    }
    // docker-py: `volumes: {"/host": {"bind": "/mnt"}}`.
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      for (const [src, spec] of Object.entries(v as Args).slice(0, 64)) {
        if (!src.startsWith('/') && !src.startsWith('~')) continue;
        const dst =
          spec !== null && typeof spec === 'object' ? str(fields(spec), 'bind', 'target') : undefined;
        out.push(`-v ${quote(`${src}:${dst ?? '/mnt'}`)}`);
      }
    }
  }
  return out;
}

function docker(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!has(w, 'run', 'create', 'start', 'exec')) return undefined;
  const mode = (key: string, flag: string): string | false => {
    const v = str(f, key, `${key}_mode`);
    return v !== undefined && v.toLowerCase() === 'host' && `--${flag}=host`;
  };
  return bash([
    'docker run',
    any(f, 'privileged') && '--privileged',
    mode('pid', 'pid'),
    mode('network', 'network'),
    mode('net', 'network'),
    mode('ipc', 'ipc'),
    mode('userns', 'userns'),
    mode('uts', 'uts'),
    ...list(f, 'cap_add', 'capabilities', 'add_capabilities').map((c) => `--cap-add ${quote(c)}`),
    ...list(f, 'devices', 'device').map((d) => `--device ${quote(d)}`),
    ...list(f, 'security_opt', 'security_opts').map((s) => `--security-opt ${quote(s)}`),
    ...dockerMounts(f),
    quote(str(f, 'image', 'image_name') ?? 'image'),
  ]);
}

export const DELETE = [
  'delete',
  'remove',
  'rm',
  'unlink',
  'rmdir',
  'erase',
  'destroy',
  'wipe',
  'purge',
  'trash',
];
/**
 * A repository or resource taken out of a team, group or app installation (`github_remove_team_repo`,
 * GitHub's "remove a repository from a team"): the link goes, the resource stays (fp15).
 */
export function unlinksFromHolder(w: readonly string[]): boolean {
  return (
    has(w, 'remove', 'unlink', 'detach') &&
    has(w, 'team', 'teams', 'installation', 'installations') &&
    has(w, 'repo', 'repos', 'repository', 'repositories') &&
    !has(w, 'delete', 'destroy', 'purge', 'wipe', 'erase')
  );
}
const FS_OBJECT = [
  'file',
  'files',
  'dir',
  'dirs',
  'directory',
  'directories',
  'folder',
  'folders',
  'path',
  'paths',
  'fs',
  'tree',
  'rmdir',
];
const SQL_OBJECT = ['database', 'databases', 'db', 'table', 'tables', 'collection', 'collections', 'schema'];
const PATHISH =
  /^(?:.*_)?(?:path|paths|file|files|dir|dirs|directory|directories|folder|folders|glob|globs|pattern|target|targets)$/;

/** A delete tool removes what it is given, directories included (`rm -rf`): fail closed on a directory. */
function deleteFiles(f: Map<string, unknown>): CliEquivalent | undefined {
  const paths: string[] = [];
  for (const [k, v] of f) if (PATHISH.test(k)) paths.push(...list(new Map([[k, v]]), k));
  return paths.length > 0 ? bash(['rm -rf --', ...paths.map(quote)]) : undefined;
}

/** A move tool is `mv` of its source to its destination (moving the workspace away is FS-AST-002's). */
function moveFiles(f: Map<string, unknown>): CliEquivalent | undefined {
  const from = str(f, 'source', 'src', 'from', 'old_path', 'source_path', 'path', 'file_path');
  const to = str(
    f,
    'destination',
    'dest',
    'dst',
    'to',
    'new_path',
    'destination_path',
    'target',
    'target_path',
  );
  return from !== undefined && to !== undefined ? bash(['mv --', quote(from), quote(to)]) : undefined;
}

function kill(f: Map<string, unknown>): CliEquivalent | undefined {
  const pids = list(f, 'pid', 'pids', 'process_id', 'process_ids', 'pgid');
  if (pids.length === 0) return undefined;
  const sig = str(f, 'signal', 'sig', 'signum');
  return bash([
    'kill',
    sig !== undefined && `-s ${quote(sig.replace(/^SIG/i, ''))}`,
    '--',
    ...pids.map(quote),
  ]);
}

function kubectl(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  const verb = verbOf(w, f, [
    'delete',
    'drain',
    'cordon',
    'scale',
    'apply',
    'patch',
    'exec',
    'get',
    'describe',
  ]);
  if (verb === undefined) return undefined;
  return bash([
    'kubectl',
    quote(verb),
    ...list(f, 'resource', 'kind', 'resource_type', 'type').map(quote),
    ...list(f, 'name', 'names', 'resource_name').map(quote),
    any(f, 'all') && '--all',
    any(f, 'all_namespaces') && '--all-namespaces',
    any(f, 'force') && '--force',
    str(f, 'output', 'output_format', 'format') !== undefined &&
      `-o ${quote(str(f, 'output', 'output_format', 'format')!)}`,
    str(f, 'selector', 'label_selector') !== undefined &&
      `-l ${quote(str(f, 'selector', 'label_selector')!)}`,
    str(f, 'namespace', 'ns') !== undefined && `-n ${quote(str(f, 'namespace', 'ns')!)}`,
  ]);
}

function helm(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  // `helm_repo_add {name, url}`: every later install from that name takes charts from the URL.
  const url = str(f, 'url', 'repo_url', 'repository_url');
  if (has(w, 'repo') && has(w, 'add') && url !== undefined)
    return bash(['helm repo add', quote(str(f, 'name', 'repo_name') ?? 'repo'), quote(url)]);
  const verb = verbOf(w, f, ['uninstall', 'delete', 'rollback', 'upgrade', 'install', 'list']);
  if (verb === undefined) return undefined;
  const ns = str(f, 'namespace', 'ns');
  // Where the chart comes from (`repo: https://charts.x`): its templates run in the cluster.
  const chart = /^(?:install|upgrade|template|pull)$/.test(verb)
    ? str(f, 'chart', 'chart_name', 'chart_ref')
    : undefined;
  const repo = str(f, 'repo', 'repo_url', 'repository', 'repository_url', 'chart_repo', 'chart_repository');
  return bash([
    'helm',
    quote(verb),
    ...list(f, 'release', 'name', 'release_name').map(quote),
    chart !== undefined && quote(chart),
    chart !== undefined && repo !== undefined && `--repo ${quote(repo)}`,
    ns !== undefined && `-n ${quote(ns)}`,
  ]);
}

function terraform(
  w: readonly string[],
  f: Map<string, unknown>,
  program: string,
): CliEquivalent | undefined {
  const verb = verbOf(w, f, ['destroy', 'apply', 'plan', 'init', 'import', 'state']);
  if (verb === undefined) return undefined;
  // The directory the tool runs in is terraform's -chdir (IAC-AST-001 reads a preview's own directory there).
  const dir = str(f, 'working_dir', 'working_directory', 'chdir', 'dir', 'directory', 'cwd', 'path');
  return bash([
    program,
    dir !== undefined && `-chdir=${quote(dir)}`,
    quote(verb),
    any(f, 'auto_approve', 'approve', 'yes') && '-auto-approve',
    any(f, 'destroy') && '-destroy',
    ...list(f, 'target', 'targets').map((t) => `-target=${quote(t)}`),
  ]);
}

/** AWS services whose name, in a tool's name, is followed by the operation's words. */
const AWS_SERVICES = new Set([
  's3',
  's3api',
  'ec2',
  'iam',
  'kms',
  'cloudtrail',
  'guardduty',
  'configservice',
  'organizations',
  'rds',
  'sts',
  'secretsmanager',
  'ssm',
  'lambda',
  'ecs',
]);

/** Field names of security-group tools spelled as the CLI's own options (`port_range` is `--port`). */
const AWS_OPTION: Readonly<Record<string, string>> = {
  port_range: 'port',
  ports: 'port',
  cidr_ip: 'cidr',
  cidr_ipv4: 'cidr',
  cidr_block: 'cidr',
  source_cidr: 'cidr',
  source_range: 'cidr',
  from_cidr: 'cidr',
};

/** The field names an s3 transfer tool gives its source (0) and destination (1) under. */
const S3_ENDS: ReadonlyMap<string, number> = new Map([
  ['source', 0],
  ['src', 0],
  ['from', 0],
  ['local_path', 0],
  ['destination', 1],
  ['dest', 1],
  ['to', 1],
  ['target', 1],
]);

/** The string fields naming what an AWS call acts on (not where or as whom). */
const awsTargets = (f: Map<string, unknown>): string[] =>
  [...f]
    .filter(
      ([k, v]) =>
        typeof v === 'string' &&
        !/^(?:region|profile|service|service_name|operation|operation_name|action|command)$/.test(k),
    )
    .map(([, v]) => v as string);

function aws(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  // One resource named as a test's or a scratch one deleted (`lambda_delete_function test-resizer`).
  if (has(w, ...DELETE, 'terminate', 'deregister') && scratchOnly(awsTargets(f))) return undefined;
  const bucket = str(f, 'bucket', 'bucket_name');
  if (has(w, 's3') && bucket !== undefined && has(w, ...DELETE)) {
    const key = str(f, 'key', 'prefix', 'object', 'path');
    if (has(w, 'bucket') || key === undefined)
      return bash(['aws s3 rb', quote(`s3://${bucket}`), any(f, 'force') && '--force']);
    return bash(['aws s3 rm', quote(`s3://${bucket}/${key}`), any(f, 'recursive') && '--recursive']);
  }
  // The service and operation come from fields, else from the name (`ec2_authorize_security_group_ingress`).
  const at = w.findIndex((x) => AWS_SERVICES.has(x));
  // `aws_authorize_security_group_ingress`: security groups are EC2's, whatever the tool calls the service.
  const sg = at < 0 && has(w, 'security') && has(w, 'group', 'groups') ? w.indexOf('aws') : -1;
  // A service the name gives wins: then a `service` field is the operation's own (ECS `--service api`).
  const named = at >= 0 ? w[at] : sg >= 0 ? 'ec2' : undefined;
  const service = named ?? str(f, 'service', 'service_name');
  const op =
    str(f, 'operation', 'operation_name', 'action', 'command') ??
    (at >= 0 && at < w.length - 1
      ? w.slice(at + 1).join('-')
      : sg >= 0 && sg < w.length - 1
        ? w.slice(sg + 1).join('-')
        : undefined);
  if (service === undefined || op === undefined) return undefined;
  const opts: string[] = [];
  const ends = ['', ''];
  // A generic `use_aws` tool nests the CLI options in `parameters`; a path there is positional (`s3 rb`).
  const nested = f.get('parameters') ?? f.get('params');
  const params = nested !== null && typeof nested === 'object' && !Array.isArray(nested) ? fields(nested) : f;
  for (const [k, v] of params) {
    if ((k === 'service' || k === 'service_name') && named !== undefined && named !== str(f, k)) {
      opts.push(`--${k.replace(/_/g, '-')} ${quote(String(v))}`);
      continue;
    }
    if (
      [
        'service',
        'service_name',
        'operation',
        'operation_name',
        'action',
        'command',
        'region',
        'profile',
      ].includes(k)
    )
      continue;
    if ((k === 'path' || k === 'paths') && typeof v === 'string') {
      opts.unshift(quote(v));
      continue;
    }
    // `s3 sync/cp/mv` take source and destination as operands (`aws s3 sync ./dist s3://site`).
    if (service === 's3' && typeof v === 'string' && S3_ENDS.has(k)) {
      ends[S3_ENDS.get(k)!] = quote(v);
      continue;
    }
    if (typeof v === 'string' || typeof v === 'number')
      opts.push(`--${(AWS_OPTION[k] ?? k).replace(/_/g, '-')} ${quote(String(v))}`);
    else if (v === true) opts.push(`--${k.replace(/_/g, '-')}`);
    // A list of plain values (`instance-ids`) is the CLI's space-separated list.
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string'))
      opts.push(`--${k.replace(/_/g, '-')}`, ...v.slice(0, 32).map((x) => quote(String(x))));
    // Structured parameters (IpPermissions, Policy) are the JSON the CLI takes for them.
    else if (v !== null && typeof v === 'object') {
      const json = JSON.stringify(v);
      if (json.length < 65536) opts.push(`--${k.replace(/_/g, '-')} ${quote(json)}`);
    }
  }
  const spelled = op.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
  // `authorize_ingress`, `authorize_sg_ingress`: EC2's one ingress operation, whatever the tool shortens it to.
  const verb =
    service === 'ec2' && /^authorize-.*ingress$/.test(spelled) ? 'authorize-security-group-ingress' : spelled;
  // `s3 delete-bucket` is the s3api spelling (the high-level `s3` commands are rb, rm, cp ...).
  const svc = service === 's3' && verb.includes('-') ? 's3api' : service;
  return bash(['aws', quote(svc), quote(verb), ...ends.filter((e) => e !== ''), ...opts.slice(0, 32)]);
}

/** `drop_table`, `database_drop`, `mongo_drop_collection`, `delete_database`: the SQL statement. */
function sqlDrop(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  const truncate = w.includes('truncate');
  const noun = acts(w, ['drop', 'truncate', ...DELETE], SQL_OBJECT);
  if (noun === undefined) return undefined;
  const object = /^(?:database|databases|db)$/.test(noun)
    ? 'DATABASE'
    : noun === 'schema'
      ? 'SCHEMA'
      : 'TABLE';
  const names =
    object === 'TABLE'
      ? list(f, 'table', 'table_name', 'tables', 'collection', 'collection_name', 'name')
      : list(
          f,
          object === 'DATABASE' ? 'database' : 'schema',
          'database_name',
          'db',
          'db_name',
          'schema_name',
          'name',
        );
  if (names.length === 0) return undefined;
  // A framework's test database (Rails `app_test`, Django `test_app`) is recreated by every test run.
  if (object !== 'TABLE' && names.every(testDatabase)) return undefined;
  // A test run's or a load's scratch table (`test-sessions-ci-4812`), as SQL-AST-002 reads its snake name.
  if (object === 'TABLE' && allScratchTables(names.map((n) => n.replace(/-/g, '_')))) return undefined;
  // A collection is a search engine's whole store (Typesense, Meilisearch): judged by its name as a database is.
  if (/^collections?$/.test(noun) && disposableStore(f, names)) return undefined;
  // One in a store named preview, dev or test (datastore.ts disposableStore), or such a store itself.
  if (object === 'DATABASE' ? disposableStore(f, names) : disposableStore(f)) return undefined;
  const ident = (n: string): string => `"${n.replace(/"/g, '""')}"`;
  return {
    code: names.map((n) => `${truncate ? 'TRUNCATE TABLE' : `DROP ${object}`} ${ident(n)};`).join('\n'),
    runtime: 'sql',
  };
}

function githubRepoDelete(f: Map<string, unknown>): CliEquivalent | undefined {
  const repo = str(f, 'repo', 'repository', 'full_name', 'name', 'repo_name');
  if (repo === undefined) return undefined;
  const owner = str(f, 'owner', 'org', 'organization', 'user');
  return bash([
    'gh repo delete',
    quote(owner !== undefined && !repo.includes('/') ? `${owner}/${repo}` : repo),
    '--yes',
  ]);
}

/**
 * A request tool's curl line when curl's rules have something to judge: a local file sent
 * (`body_file`, `upload_file`: `@file`), a method that changes or removes what the URL names
 * (DELETE/PUT/PATCH: NET-AST-003), or a request over a unix socket (`socket_path`: the Docker
 * Engine API, NET-AST-002). Plain GET/POST calls are judged by the URL and body facts alone.
 */
/**
 * Paths a request's file field names: a string, a list, or a multipart map of field name to path
 * (`files: {f: "~/.aws/credentials"}`, red team r4) or to `[filename, path]` / `{path}` (depth 2).
 */
function filePaths(v: unknown, depth = 0): string[] {
  if (typeof v === 'string') return v.trim() === '' ? [] : [v.trim()];
  if (depth > 2 || v === null || typeof v !== 'object') return [];
  const values = Array.isArray(v) ? v : Object.values(v as Record<string, unknown>);
  // `[filename, path]` (a multipart tuple): the last string is the file read.
  if (Array.isArray(v) && depth > 0 && v.length >= 2 && v.every((x) => typeof x === 'string'))
    return filePaths(v[1], depth + 1);
  return values.slice(0, 32).flatMap((x) => filePaths(x, depth + 1));
}

/** `{host: "https://search.example:9200", path: "/_all"}`: the URL a request tool builds from its parts. */
function hostAndPath(f: Map<string, unknown>): string | undefined {
  const host = str(f, 'host', 'base_url', 'server', 'hostname', 'cluster_url', 'node');
  const path = str(f, 'path', 'endpoint_path', 'api_path', 'index');
  if (host === undefined || path === undefined || /\s/.test(host) || /\s/.test(path)) return undefined;
  const base = /^[a-z][a-z0-9+.-]*:\/\//i.test(host) ? host : `http://${host}`;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function requestLine(f: Map<string, unknown>): CliEquivalent | undefined {
  const url = str(f, 'url', 'uri', 'endpoint', 'target_url') ?? hostAndPath(f);
  if (url === undefined) return undefined;
  const files: string[] = [];
  for (const [k, v] of f)
    if (
      /^(?:(?:body|data|upload|input|content|payload|request|form|post|send|attachment)_)?files?(?:_path)?$|^attachments?$/.test(
        k,
      )
    )
      files.push(...filePaths(v));
  const method = str(f, 'method', 'http_method', 'verb');
  const socket = str(f, 'socket_path', 'unix_socket', 'unix_socket_path', 'socket', 'socket_file');
  const changes = method !== undefined && /^(?:DELETE|PUT|PATCH)$/i.test(method) && !deletesItem(method, url);
  if (files.length === 0 && socket === undefined && !changes) return undefined;
  const body = ['body', 'json', 'data', 'payload'].map((k) => f.get(k)).find((v) => v !== undefined);
  const text = typeof body === 'string' ? body : body !== undefined ? JSON.stringify(body) : undefined;
  return bash([
    'curl -X',
    quote((method ?? 'POST').toUpperCase()),
    socket !== undefined && `--unix-socket ${quote(socket)}`,
    ...files.map((p) => `--data-binary ${quote(`@${p}`)}`),
    files.length === 0 && text !== undefined && text.length < 65536 && `-d ${quote(text)}`,
    quote(url),
  ]);
}

/** A notebook cell: IPython `!cmd` / `%system` / `%%bash` parts run in the shell, the rest is Python. */
function notebookCell(f: Map<string, unknown>): CliEquivalent[] {
  const out: CliEquivalent[] = [];
  for (const key of ['new_source', 'source', 'cell_source', 'cell', 'code', 'content']) {
    const v = f.get(key);
    const src = Array.isArray(v) ? v.filter((x) => typeof x === 'string').join('') : v;
    if (typeof src !== 'string' || src.length > 65536) continue;
    if (/^\s*%%(?:bash|sh|script\s+(?:ba)?sh|system)\b/.test(src)) {
      out.push({ code: src.replace(/^\s*%%[^\n]*\n?/, ''), runtime: 'bash' });
      continue;
    }
    const shell: string[] = [];
    const python: string[] = [];
    for (const line of src.split('\n')) {
      const m = /^(\s*)(?:!!?|%(?:system|sx)\s)(.*)$/.exec(line);
      if (m) {
        shell.push(m[2]!);
        python.push(`${m[1]!}pass`);
      } else python.push(line);
    }
    if (shell.length > 0) out.push({ code: shell.join('\n'), runtime: 'bash' });
    // `code` and `source` are already read as the notebook's Python by the field walk.
    if (key === 'new_source' || key === 'cell_source')
      out.push({ code: python.join('\n'), runtime: 'python' });
  }
  return out;
}

/** A process tool given one argv under `args` (`subprocess`, `spawn`, `popen` with `shell: false`). */
function argvTool(f: Map<string, unknown>): CliEquivalent | undefined {
  if (['command', 'cmd', 'program', 'executable', 'file', 'path'].some((k) => typeof f.get(k) === 'string'))
    return undefined;
  const args = f.get('args') ?? f.get('arguments') ?? f.get('argv');
  if (!Array.isArray(args) || args.length === 0 || !args.every((a) => typeof a === 'string'))
    return undefined;
  return bash(args.slice(0, 256).map((a) => quote(a)));
}

/** Words that can start a rewrite below (the families' gates); a name without one is never read further. */
/** Words of tools that run things inside a container or pod (their argv does not run on this host). */
const CONTAINER_WORDS = [
  'docker',
  'podman',
  'container',
  'containers',
  'kubectl',
  'k8s',
  'kubernetes',
  'kube',
];

/** A tool named for a cloud CLI (`azure_cli`, `gcloud`, `kubectl`) whose `command` is that CLI's arguments. */
const CLI_PROGRAMS: Record<string, string> = {
  aws: 'aws',
  azure: 'az',
  az: 'az',
  gcloud: 'gcloud',
  kubectl: 'kubectl',
  gsutil: 'gsutil',
};

function namedCli(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  const word = w.find((x) => CLI_PROGRAMS[x] !== undefined);
  // `call_aws {cli_command: "s3 rb s3://b --force"}`: the CLI's arguments under a line-like key.
  const argv = ['args', 'argv', 'arguments'].map((k) => f.get(k)).find(Array.isArray);
  // `gsutil {args: ["-m", "rsync", "-r", SRC, DST]}`: the CLI's argv as a list.
  const listed =
    argv !== undefined && argv.length > 0 && argv.every((a) => typeof a === 'string')
      ? argv.map(quote).join(' ')
      : undefined;
  const command =
    str(f, 'command', 'args', 'arguments', 'cmd', 'cli_command', 'command_line', 'cli', 'line') ?? listed;
  if (word === undefined || command === undefined) return undefined;
  const program = CLI_PROGRAMS[word]!;
  // An AWS tool's one-word `command` is an operation name (aws() reads it), not a command line.
  if (program === 'aws' && !/\s/.test(command.trim())) return undefined;
  return bash([command.trimStart().startsWith(`${program} `) ? command : `${program} ${command}`]);
}

/** Tool-name words of an agent's own settings (its approval and permissions). */
const AGENT_WORDS = new Set([
  'agent',
  'assistant',
  'copilot',
  'claude',
  'codex',
  'cursor',
  'gemini',
  'cline',
]);
const SETTINGS_WORDS = new Set([
  'settings',
  'setting',
  'config',
  'configuration',
  'permissions',
  'policy',
  'options',
]);

/** Tools that save what the agent will read back as its own memory. */
const MEMORY_WORDS = [
  'memory',
  'memories',
  'remember',
  'memorize',
  'memorise',
  'observations',
  'observation',
  // Preference, instruction and rules tools hold the same standing orders under other names.
  'preference',
  'preferences',
  'prefs',
  'instruction',
  'instructions',
  'guideline',
  'guidelines',
  'persona',
  'rules',
];

/**
 * A memory tool's text as the commands and sends its standing orders amount to, and a preference
 * it sets that stops the agent asking (`auto_approve_tools: true`, `allowed_commands: ["*"]`) as
 * the `agent-guard-action unguard` line SH-AST-022 judges, as in a settings file (instructions.ts).
 */
function memoryLines(args: unknown): CliEquivalent[] {
  const texts: string[] = [];
  const unguarded: string[] = [];
  const collect = (v: unknown, path: string[], depth: number): void => {
    if (texts.length > 256 || depth > 6) return;
    if (path.length > 0 && unguarded.length < 8) {
      const u = unguarding(path, v);
      if (u !== null) unguarded.push(u);
    }
    if (typeof v === 'string') texts.push(v);
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v))
        collect(x, [...path, Array.isArray(v) ? 'allow' : k], depth + 1);
  };
  collect(args, [], 0);
  const code = instructionCode(texts.join('\n'));
  return [
    ...(code.trim() === '' ? [] : [bash([code])]),
    ...unguarded.map((u) => bash(['agent-guard-action unguard agent', quote(u)])),
  ];
}

/** A package spec that names where it comes from: a URL (alone or after `name @`), git, an archive. */
const SOURCE_SPEC = /(?:^|@\s*)(?:[a-z][a-z0-9+.-]*:\/\/|git@)|\.(?:tgz|tar\.gz|whl|zip)$/i;

/** `install_package {manager, package, index_url}`: the install command the tool runs. */
function installLine(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  const index = str(
    f,
    'index_url',
    'extra_index_url',
    'registry',
    'registry_url',
    'index',
    'source',
    'repository_url',
  );
  const names = list(f, 'package', 'packages', 'name', 'package_name', 'requirement', 'requirements');
  // `{name, version: "https://host/x.tgz"}`: a version that is a URL is where the package comes from.
  const version = str(f, 'version', 'spec', 'specifier', 'source_url', 'url', 'from');
  const pkgs =
    version !== undefined && SOURCE_SPEC.test(version) && names.length <= 1
      ? [`${names[0] ?? 'package'}@${version}`]
      : names;
  // Extra argv the tool passes to the manager (`args: ["--extra-index-url", URL, "pkg"]`).
  const extra = list(f, 'args', 'arguments', 'flags', 'options', 'extra_args', 'install_args');
  // A package given as a URL or archive (`https://host/x.tgz`, `git+https://...`, PEP 508
  // `name @ URL`) comes from that host.
  if (index === undefined && extra.length === 0 && !pkgs.some((p) => SOURCE_SPEC.test(p))) return undefined;
  const manager = (
    str(f, 'manager', 'package_manager', 'tool', 'ecosystem') ??
    (w.includes('npm') ? 'npm' : w.includes('yarn') ? 'yarn' : w.includes('pnpm') ? 'pnpm' : 'pip')
  ).toLowerCase();
  if (/^(?:npm|pnpm|yarn|node|javascript|js)$/.test(manager))
    return bash([
      manager === 'node' || manager === 'javascript' || manager === 'js' ? 'npm' : manager,
      'install',
      index !== undefined && `--registry ${quote(index)}`,
      ...extra.map(quote),
      ...pkgs.map(quote),
    ]);
  const flag = f.has('extra_index_url') ? '--extra-index-url' : '--index-url';
  return bash([
    'pip install',
    index !== undefined && `${flag} ${quote(index)}`,
    ...extra.map(quote),
    ...pkgs.map(quote),
  ]);
}

const FAMILY_WORDS = new Set([
  'azure',
  'gcloud',
  'gsutil',
  'git',
  'push',
  ...CONTAINER_WORDS,
  'helm',
  'terraform',
  'tofu',
  'opentofu',
  'aws',
  's3',
  'kill',
  'terminate',
  'signal',
  'drop',
  'truncate',
  'unpublish',
  'move',
  'rename',
  'mv',
  'http',
  'request',
  'fetch',
  'post',
  'upload',
  'curl',
  'webhook',
  'api',
  'notebook',
  'jupyter',
  'ipynb',
  'cell',
  'ipython',
  'subprocess',
  'spawn',
  'popen',
  'exec',
  'execve',
  'execvp',
  'execute',
  ...DELETE,
  ...AWS_SERVICES,
  ...SEARCH_WORDS,
  ...DATASTORE_WORDS,
  ...SYSTEM_WORDS,
  ...FORGE_WORDS,
  'manifest',
  'manifests',
  ...SAAS_WORDS,
  ...WHOLE_RESOURCE_WORDS,
  ...EVERY_ITEM_WORDS,
  ...AVAILABILITY_WORDS,
  ...SECRET_FORWARD_WORDS,
  ...MONITORING_WORDS,
  ...MEMORY_WORDS,
  'install',
]);

/**
 * One reading of the arguments under any tool name, and its gate (signals.ts): the step runs only
 * where the gate opens. A module added here declares its gate beside its lines function.
 */
interface ArgumentStep {
  readonly gate?: Gate;
  readonly lines: (s: CallSignals) => CliEquivalent[];
}

/** Built on first use: the modules import this file, so their gates are not defined while it loads. */
let steps: readonly ArgumentStep[] | undefined;
const argumentSteps = (): readonly ArgumentStep[] =>
  (steps ??= [
    // An account's sign-in weakened or diverted (tool-call/sign-in.ts).
    { gate: SIGN_IN_GATE, lines: (s) => signInLines(s.w, s.args) },
    // A resource emptied or stopped by a setting (tool-call/emptying.ts).
    { gate: EMPTYING_GATE, lines: (s) => emptyingLines(s.w, s.f, s.args) },
    // A whole container's data deleted by a flag, replaced by nothing, migrated to nothing (tool-call/data-loss.ts).
    { gate: DATA_LOSS_GATE, lines: (s) => dataLossLines(s.w, s.f) },
    // Data lost by what the fields do: loss accepted, a day's lifecycle, a backup emptied (tool-call/loss-effect.ts).
    { lines: (s) => lossEffectLines(s.w, s.f, s.args) },
    // Production data lost by a field under any verb: nothing kept, history destroyed, backup skipped (tool-call/irreversible.ts).
    { gate: IRREVERSIBLE_GATE, lines: (s) => irreversibleLines(s.w, s.f) },
    // Audit logging, threat detection or row security switched off (tool-call/security-off.ts),
    // or left on but blind: every finding archived, every log excluded or kept a day (tool-call/blind-spot.ts).
    { gate: SECURITY_OFF_GATE, lines: (s) => securityOffLines(s.w, s.args) },
    // KMS deletion, Vault sealed, backup versioning, alerts dismissed, alarms muted (tool-call/controls-off.ts).
    { gate: CONTROLS_OFF_GATE, lines: (s) => controlsOffLines(s.w, s.args) },
    // Encryption keys destroyed with no recovery window (tool-call/key-destroy.ts).
    { gate: KEY_DESTROY_GATE, lines: (s) => keyDestroyLines(s.w, s.f) },
    // A cloud drive's root (`file_id: "root"`, `path: "/"`) given to a delete (tool-call/drive-root.ts).
    { gate: DRIVE_ROOT_GATE, lines: (s) => driveRootLines(s.w, s.f) },
    // A sync from an empty folder, which deletes everything at its destination (tool-call/empty-mirror.ts).
    { gate: EMPTY_MIRROR_GATE, lines: (s) => emptyMirrorLines(s.w, s.f) },
    // An agent's own settings tool told to stop asking (`update_agent_settings {require_approval: false}`).
    {
      gate: { when: (s) => anyIn(s.w, AGENT_WORDS) && anyIn(s.w, SETTINGS_WORDS) },
      lines: (s) => memoryLines(s.args),
    },
    // A statement given as parts under any tool name (tool-call/sql-parts.ts).
    { lines: (s) => sqlPartsLines(s.f) },
    // Codes and links that sign into an account, sent to anyone (tool-call/recovery.ts).
    { gate: RECOVERY_GATE, lines: (s) => recoveryLines(s.w, s.args) },
    // One message to a crowd of addresses (tool-call/mass-message.ts).
    { gate: MASS_MESSAGE_GATE, lines: (s) => massMessageLines(s.w, s.args) },
    // A generic dispatcher whose arguments name a whole resource's loss (tool-call/dispatch.ts).
    { lines: (s) => dispatchLines(s.w, s.args) },
    // Sweep verbs aimed at production, verb-only names, `x_and_delete` (tool-call/sweep-verbs.ts).
    { lines: (s) => sweepLines(s.w, s.f) },
    // A Mongo shell tool's script as the mongosh --eval line (tool-call/shell-eval.ts).
    { gate: SHELL_EVAL_GATE, lines: (s) => shellEvalLines(s.w, s.f) },
    // A whole site or database put in maintenance, offline or read-only mode (tool-call/offline-mode.ts).
    { gate: OFFLINE_MODE_GATE, lines: (s) => offlineModeLines(s.w, s.f) },
    // A REST request or GraphQL mutation judged as the call it makes (tool-call/rest-call.ts).
    {
      gate: { when: (s) => s.nested === 0 },
      lines: (s) => requestCalls(s.f).flatMap((c) => cliEquivalents(c.name, c.args, 1)),
    },
    // Secrets, private data or a scam put in front of readers (tool-call/outside-send.ts).
    { gate: OUTSIDE_SEND_GATE, lines: (s) => outsideSendLines(s.w, s.args) },
    // Files and environment variables a request's body or headers pull in (tool-call/request-body.ts).
    { gate: REQUEST_BODY_GATE, lines: (s) => requestBodyLines(s.w, s.f) },
    // A provider's token in a URL to another host: fetched, navigated, or an image in a comment (tool-call/url-secret.ts).
    { gate: URL_SECRET_GATE, lines: (s) => urlSecretLines(s.w, s.args) },
    // Files a placeholder pulls into what is sent: `$(cat ~/.aws/credentials)`, `{{file:P}}` (tool-call/file-include.ts).
    { gate: FILE_INCLUDE_GATE, lines: (s) => fileIncludeLines(s.w, s.args) },
    // Secrets and internal data put where everyone reads them (tool-call/public-post.ts).
    { gate: PUBLIC_POST_GATE, lines: (s) => publicPostLines(s.w, s.args) },
    // Where someone lives posted with when the home is empty or how to get in (tool-call/whereabouts.ts).
    { gate: WHEREABOUTS_GATE, lines: (s) => whereaboutsLines(s.w, s.args) },
    // A person's home and phone posted, or alarm about a company pushed with a call to act (tool-call/harmful-post.ts).
    { gate: HARMFUL_POST_GATE, lines: (s) => harmfulPostLines(s.w, s.args) },
    // A company's mail routed into a bucket or mailbox not its own (tool-call/mail-route.ts).
    { gate: MAIL_ROUTE_GATE, lines: (s) => mailRouteLines(s.w, s.args) },
    // A password typed into a page set up to catch sign-ins (tool-call/typed-secret.ts).
    { gate: TYPED_SECRET_GATE, lines: (s) => typedSecretLines(s.w, s.args) },
    // Stored data copied into a store, service or file-drop host its owner does not hold (tool-call/store-copy.ts).
    { gate: STORE_COPY_GATE, lines: (s) => storeCopyLines(s.w, s.args) },
    // Records streamed or exported to a destination a side field names outside the organisation (tool-call/side-stream.ts).
    { gate: SIDE_STREAM_GATE, lines: (s) => sideStreamLines(s.w, s.args) },
    // An account's recovery, second factor or password, an admin app or a lock handed over (tool-call/account-takeover.ts).
    { gate: ACCOUNT_TAKEOVER_GATE, lines: (s) => accountTakeoverLines(s.w, s.args) },
    // Crypto to a raw address, payments on CEO-fraud or planted memos, prank emergencies (tool-call/money-out.ts).
    { gate: MONEY_OUT_GATE, lines: (s) => moneyOutLines(s.w, s.args) },
    // Company cards issued to strangers, pay set past any salary, documents signed for the user (tool-call/spend-out.ts).
    { gate: SPEND_OUT_GATE, lines: (s) => spendOutLines(s.w, s.args) },
    // A record's bank details replaced, a balance swept to typed bank details, withdrawal keys sent out (tool-call/payee-details.ts).
    { gate: PAYEE_DETAILS_GATE, lines: (s) => payeeDetailsLines(s.w, s.args) },
    // Every payment refunded at once, or a refund sent to a new card or account (tool-call/refund-out.ts).
    { gate: REFUND_OUT_GATE, lines: (s) => refundOutLines(s.w, s.args) },
    // Every pending bill, payment or expense approved at once (tool-call/approve-all.ts).
    { gate: APPROVE_ALL_GATE, lines: (s) => approveAllLines(s.w, s.args) },
    // A payout address or payee allowlisted with its approval waived (tool-call/payee-allowlist.ts).
    { gate: PAYEE_ALLOWLIST_GATE, lines: (s) => payeeAllowlistLines(s.w, s.args) },
    // Commands a task handed to another agent tells it to run (tool-call/delegated.ts).
    { gate: DELEGATED_GATE, lines: (s) => delegatedLines(s.w, s.f) },
    // A credential encoded into the name a lookup resolves (tool-call/dns-label.ts).
    { gate: DNS_LABEL_GATE, lines: (s) => dnsLabelLines(s.w, s.f) },
    // Access handed outside: shares, invites, ownership, protection off (tool-call/outside-share.ts).
    { gate: OUTSIDE_SHARE_GATE, lines: (s) => outsideShareLines(s.w, s.args) },
    // Keys and data granted to another cloud account, a public link, an export named as someone else's (tool-call/outside-grant.ts).
    { gate: OUTSIDE_GRANT_GATE, lines: (s) => outsideGrantLines(s.w, s.args) },
    // A form asking for passwords or codes handed to people (tool-call/credential-form.ts).
    { gate: CREDENTIAL_FORM_GATE, lines: (s) => credentialFormLines(s.w, s.args) },
    // Floods, scraped lists, sockpuppets and port scans (tool-call/crowd.ts).
    { gate: CROWD_GATE, lines: (s) => crowdLines(s.w, s.args) },
    // A network rule opened to the whole internet (tool-call/net-open.ts).
    { gate: NET_OPEN_GATE, lines: (s) => netOpenLines(s.w, s.args) },
    // Access granted to everyone, or security rules open to anyone (tool-call/open-grant.ts).
    { gate: OPEN_GRANT_GATE, lines: (s) => openGrantLines(s.w, s.args) },
    // Admin to a personal mailbox, Action * on *, admin tokens sent out, public images (tool-call/access-widen.ts).
    { gate: ACCESS_WIDEN_GATE, lines: (s) => accessWidenLines(s.w, s.args) },
    // A setting moved far past its safe value: years-long snoozes, everyone exempt, sampling 0 (tool-call/weak-values.ts).
    { gate: WEAK_VALUES_GATE, lines: (s) => weakValueLines(s.w, s.args) },
    // Code written that lets someone past its access check: a hard-coded password, a header that skips it (tool-call/auth-backdoor.ts).
    { gate: AUTH_BACKDOOR_GATE, lines: (s) => authBackdoorLines(s.w, s.args) },
    // An edit that takes a check or protection out of the project's code or settings (tool-call/edit-weaken.ts).
    { gate: EDIT_WEAKEN_GATE, lines: (s) => editWeakenLines(s.w, s.args) },
    // A service's scrubbing, redaction or masking of personal data set off (tool-call/privacy-off.ts).
    { gate: PRIVACY_OFF_GATE, lines: (s) => privacyOffLines(s.w, s.args) },
    // A security filter's allow list that matches everything (tool-call/allow-all.ts).
    { gate: ALLOW_ALL_GATE, lines: (s) => allowAllLines(s.w, s.args) },
    // Trust, traffic and code routed to a look-alike, lure or file-drop host (tool-call/outside-trust.ts).
    { gate: OUTSIDE_TRUST_GATE, lines: (s) => outsideTrustLines(s.w, s.args) },
    // Every product priced at 0, a free-for-anyone code published (tool-call/give-away.ts).
    { gate: GIVE_AWAY_GATE, lines: (s) => giveAwayLines(s.w, s.args) },
    // An audit or backup control emptied, a service's rate set to 0, workflows approving reviews (tool-call/control-emptied.ts).
    { gate: CONTROL_EMPTIED_GATE, lines: (s) => controlEmptiedLines(s.w, s.args) },
    // Recovery, a sign-in guard, a policy or a WAF moved to its unsafe end (tool-call/guard-off.ts).
    { gate: GUARD_OFF_GATE, lines: (s) => guardOffLines(s.w, s.args) },
    // A policy document that opens every path, every device, a production role or a space to anyone (tool-call/policy-open.ts).
    { gate: POLICY_OPEN_GATE, lines: (s) => policyOpenLines(s.w, s.args) },
    // Delegation over every user, an app on every repository, a guest made admin (tool-call/org-trust.ts).
    { gate: ORG_TRUST_GATE, lines: (s) => orgTrustLines(s.w, s.args) },
    // A whole resource lost by what the call does to its target: handed outside, reset from empty, every key (tool-call/target-loss.ts).
    { gate: TARGET_LOSS_GATE, lines: (s) => targetLossLines(s.w, s.args) },
    // A production dataset, database or snapshot handed to another account or project (tool-call/account-copy.ts).
    { gate: ACCOUNT_COPY_GATE, lines: (s) => accountCopyLines(s.w, s.f) },
    // A door, gate or alarm left open for good, or disarmed with its cameras off (tool-call/premises-open.ts).
    { gate: PREMISES_OPEN_GATE, lines: (s) => premisesOpenLines(s.w, s.args) },
    // An automation that disarms or unlocks the house when everyone has left (tool-call/away-open.ts).
    { gate: AWAY_OPEN_GATE, lines: (s) => awayOpenLines(s.w, s.args) },
    // An owner, admin or cluster-admin role given to a personal mailbox or outside account (tool-call/outsider-admin.ts).
    { gate: OUTSIDER_ADMIN_GATE, lines: (s) => outsiderAdminLines(s.w, s.args) },
    // Second-factor enforcement, audit delivery, every detection rule or merge approvals taken away (tool-call/org-controls-off.ts).
    { gate: ORG_CONTROLS_OFF_GATE, lines: (s) => orgControlsOffLines(s.w, s.args) },
    // DLP, filtering, scanning or security checks off, a restriction allowing all, a WAF skipping every request (tool-call/protection-off.ts).
    { gate: PROTECTION_OFF_GATE, lines: (s) => protectionOffLines(s.w, s.args) },
    // A data listing, share or dataset of people's or production records made public (tool-call/listing-open.ts).
    { gate: LISTING_OPEN_GATE, lines: (s) => listingOpenLines(s.w, s.args) },
    // A file moved into a cloud drive's public folder (tool-call/public-folder.ts).
    { gate: PUBLIC_FOLDER_GATE, lines: (s) => publicFolderLines(s.w, s.f) },
    // Goods bought or a parcel redirected to a street address typed into the call (tool-call/ship-away.ts).
    { gate: SHIP_AWAY_GATE, lines: (s) => shipAwayLines(s.w, s.args) },
    // A second holder put on the user's card or account: a stranger spends on it (tool-call/card-user.ts).
    { gate: CARD_USER_GATE, lines: (s) => cardUserLines(s.w, s.args) },
    // A registered domain handed to another account, owner or registrar (tool-call/domain-handover.ts).
    { gate: DOMAIN_HANDOVER_GATE, lines: (s) => domainHandoverLines(s.w, s.args) },
    // A domain federated to a stranger's issuer, a workload trust any token meets, an outside account invited (tool-call/federation.ts).
    { gate: FEDERATION_GATE, lines: (s) => federationLines(s.w, s.args) },
    // An app approved for the whole organisation with admin, history or mail-wide scopes (tool-call/app-consent.ts).
    { gate: APP_CONSENT_GATE, lines: (s) => appConsentLines(s.w, s.args) },
    // VPN, EDR, MDM, disk encryption or DLP off, or an erase, for every device or user (tool-call/fleet-off.ts).
    { gate: FLEET_OFF_GATE, lines: (s) => fleetOffLines(s.w, s.args) },
    // An API key made or changed with a right to withdraw or transfer funds (tool-call/withdraw-key.ts).
    { gate: WITHDRAW_KEY_GATE, lines: (s) => withdrawKeyLines(s.w, s.args) },
    // Everything sold and sent out, or retirement savings emptied or staked on one buy (tool-call/savings-out.ts).
    { gate: SAVINGS_OUT_GATE, lines: (s) => savingsOutLines(s.w, s.args) },
    // Every health record, or genetic data, shared with someone else (tool-call/health-share.ts).
    { gate: HEALTH_SHARE_GATE, lines: (s) => healthShareLines(s.w, s.args) },
    // A junction all green, a stove left on, a smoke alarm or oxygen switched off (tool-call/hazard-set.ts).
    { gate: HAZARD_GATE, lines: (s) => hazardLines(s.w, s.args) },
    // A knife handed to a child, a safety interlock bypassed, a junction held, responders sent away (tool-call/physical-harm.ts).
    { gate: PHYSICAL_HARM_GATE, lines: (s) => physicalHarmLines(s.w, s.args) },
    // A face swapped or a voice cloned, a nude image of a named person generated (tool-call/fake-likeness.ts).
    { gate: FAKE_LIKENESS_GATE, lines: (s) => fakeLikenessLines(s.w, s.args) },
    // Ransomware built, stolen cards or street opioids bought, access logs wiped (tool-call/harm-tool.ts).
    { gate: HARM_TOOL_GATE, lines: (s) => harmToolLines(s.w, s.args) },
    // Bleach told to be mixed with ammonia, an acid or alcohol: a poison gas (tool-call/toxic-mix.ts).
    { gate: TOXIC_MIX_GATE, lines: (s) => toxicMixLines(s.w, s.args) },
    // A medicine set to a dose far above any safe one (tool-call/overdose.ts).
    { gate: OVERDOSE_GATE, lines: (s) => overdoseLines(s.w, s.args) },
    // A cracked program, keygen or ripped film uploaded, shared or seeded (tool-call/piracy.ts).
    { gate: PIRACY_GATE, lines: (s) => piracyLines(s.w, s.args) },
    // A production machine shut down, stopped or rebooted now, not in a maintenance window (tool-call/prod-down.ts).
    { gate: PROD_DOWN_GATE, lines: (s) => prodDownLines(s.w, s.args) },
    // An automation or inbox rule that sends every new e-mail on to an address (tool-call/mail-automation.ts).
    { gate: MAIL_AUTOMATION_GATE, lines: (s) => mailAutomationLines(s.w, s.args) },
    // A private person's home, phone or whereabouts sought from a people-search broker or tracker (tool-call/people-search.ts).
    { gate: PEOPLE_SEARCH_GATE, lines: (s) => peopleSearchLines(s.w, s.args) },
    // A tool named for an offence: credential harvesting, prescription forgery, stock manipulation (tool-call/crime-named.ts).
    { gate: CRIME_NAMED_GATE, lines: (s) => crimeNamedLines(s.w) },
    // An opioid, stimulant or benzodiazepine prescribed or ordered (tool-call/controlled-drug.ts).
    { gate: CONTROLLED_DRUG_GATE, lines: (s) => controlledDrugLines(s.w, s.args) },
    // Live location shared with a typed-out address with no end (tool-call/location-share.ts).
    { gate: LOCATION_SHARE_GATE, lines: (s) => locationShareLines(s.w, s.args) },
  ]);

/** The steps' gates as one index (signals.ts), built with the steps. */
let stepGates: GateIndex | undefined;

/**
 * The command lines (or SQL) a structured tool call stands for; empty when its name belongs to no
 * family known here and no reading of its arguments applies. The arguments are read once into
 * signals (signals.ts) and each step runs only where its gate opens.
 */
export function cliEquivalents(name: string, given: unknown, nested = 0): CliEquivalent[] {
  const w = nameWords(name);
  if (w.length === 0 || w.length > 12) return [];
  let args = given;
  let s = callSignals(w, fields(args), args, nested);
  // Deny statements only take access away (tool-call/deny-statements.ts): read without them.
  if (s.keys.has('effect')) {
    args = withoutDenyStatements(given);
    if (args !== given) s = callSignals(w, fields(args), args, nested);
  }
  const out: CliEquivalent[] = [];
  const all = argumentSteps();
  const open = openGates((stepGates ??= gateIndex(all.map((step) => step.gate))), s);
  for (let i = 0; i < all.length; i++) if (open[i]) for (const c of all[i]!.lines(s)) out.push(c);
  for (const c of familyLines(w, args)) out.push(c);
  return out;
}

/** The families' word lists as sets, built on first use (their modules import this file). */
let familyWordSets:
  | Readonly<
      Record<
        | 'search'
        | 'datastore'
        | 'system'
        | 'forge'
        | 'saas'
        | 'everyItem'
        | 'availability'
        | 'secretForward'
        | 'monitoring'
        | 'memory',
        ReadonlySet<string>
      >
    >
  | undefined;
const familySets = (): NonNullable<typeof familyWordSets> =>
  (familyWordSets ??= {
    search: new Set(SEARCH_WORDS),
    datastore: new Set(DATASTORE_WORDS),
    system: new Set(SYSTEM_WORDS),
    forge: new Set(FORGE_WORDS),
    saas: new Set(SAAS_WORDS),
    everyItem: new Set(EVERY_ITEM_WORDS),
    availability: new Set(AVAILABILITY_WORDS),
    secretForward: new Set(SECRET_FORWARD_WORDS),
    monitoring: new Set(MONITORING_WORDS),
    memory: new Set(MEMORY_WORDS),
  });

/** The lines of the families a tool's name belongs to (git, docker, aws, saas ...). */
const ACCESS_LIST =
  /^(?:attribute|attributes|permission|permissions|acl|acls|access|policy|policies|sharing|share|members|member|role|roles|grant|grants)$/;

/** The verb given as a field's one word (`ManagePatientRecords {action: delete, patient_id: "*"}`): every item it selects. */
function everyItemByField(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  // A batch call's delete list given as "all" (`dns_records_batch {deletes: "all_records"}`): the verb is the key.
  const verbKey = [...f.keys()].find((k) =>
    /^(?:deletes|delete|removes|remove|purge|destroy|to_delete|deletions)$/.test(k),
  );
  if (verbKey !== undefined && typeof f.get(verbKey) === 'string') {
    const { [verbKey]: list } = Object.fromEntries(f);
    const lines = everyItemLines(
      ['delete', ...w],
      new Map([...f].filter(([k]) => k !== verbKey).concat([['ids', list]])),
    );
    if (lines.length > 0) return lines;
  }
  const op = f.get('action') ?? f.get('operation') ?? f.get('op');
  if (typeof op !== 'string' || op.length > 24) return [];
  // Removing from an access list takes access away (`modify_snapshot_attribute {operation: remove, group_names: [all]}`).
  if (w.some((x) => ACCESS_LIST.test(x))) return [];
  const verb = op.trim().toLowerCase();
  return familySets().everyItem.has(verb) ? everyItemLines([verb, ...w], f) : [];
}

/** A generic API tool told an AWS service and its operation (`invoke_api {service: ec2, operation: TerminateInstances}`). */
function awsOperation(f: Map<string, unknown>): boolean {
  const service = str(f, 'service', 'service_name');
  return (
    service !== undefined && AWS_SERVICES.has(service) && str(f, 'operation', 'operation_name') !== undefined
  );
}

/** Name words of a tool that makes or starts a job rather than doing the work itself. */
const JOB_NOUN = /^(?:job|jobs|batch|batches|bulk|task|tasks|operation|operations)$/;
const JOB_MAKE = /^(?:create|submit|start|run|new|enqueue|queue|schedule|trigger|launch|add|open)$/;

/**
 * A job made with its operation as a field (Salesforce Bulk API `create_job {operation: "hardDelete",
 * query}`, a batch `{action: "purge_all"}`): the job does what the operation says, so the call is
 * judged as the tool that operation spells in place of the job's own verb (R21).
 */
function jobOperationLines(w: readonly string[], args: unknown): CliEquivalent[] | undefined {
  if (!w.some((x) => JOB_NOUN.test(x)) || !w.some((x) => JOB_MAKE.test(x)) || w.some(isLossVerb))
    return undefined;
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const rec = args as Args;
  const key = (['operation', 'action', 'op', 'operation_type', 'job_type'] as const).find(
    (k) => typeof rec[k] === 'string' && /^[A-Za-z][\w.-]{0,63}$/.test(rec[k]),
  );
  if (key === undefined) return undefined;
  const opWords = nameWords(rec[key] as string);
  if (!opWords.some(isLossVerb)) return undefined;
  const { [key]: _, ...rest } = rec;
  return familyLines([...w.filter((x) => !JOB_MAKE.test(x)), ...opWords], rest);
}

function familyLines(w: readonly string[], args: unknown): CliEquivalent[] {
  const job = jobOperationLines(w, args);
  if (job !== undefined && job.length > 0) return job;
  if (!w.some((x) => FAMILY_WORDS.has(x) || isLossVerb(x)) && !awsOperation(fields(args))) {
    // A generic tool given its operation as a field (`{"action": "delete_index"}`).
    const rec =
      args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Args) : undefined;
    const op = rec?.action ?? rec?.operation ?? rec?.op;
    // A database command document under any tool's name (`run_command {command: {dropDatabase: 1}}`).
    const cmd = rec?.command ?? rec?.cmd;
    const doc =
      typeof cmd === 'object' || (typeof cmd === 'string' && cmd.trimStart().startsWith('{'))
        ? commandDocument(fields(args))
        : undefined;
    if (doc !== undefined) return [doc];
    if (typeof op !== 'string' || op.length >= 64) return [];
    const f = fields(args);
    // `dynamodb {operation: "DeleteTable"}`: an operation of two or more words is the tool that name
    // spells (`dynamodb_delete_table`), judged by its family (dispatch.ts reads the same of any key).
    const opWords = /^[A-Za-z][\w.-]*$/.test(op) ? nameWords(op) : [];
    if (opWords.length > 1 && rec !== undefined) {
      const { [rec.action === op ? 'action' : rec.operation === op ? 'operation' : 'op']: _, ...rest } = rec;
      const spelled = familyLines([...w, ...opWords], rest);
      if (spelled.length > 0) return spelled;
    }
    return [...wholeResourceLines(w, f), ...everyItemByField(w, f)];
  }
  const f = fields(args);
  const out: (CliEquivalent | undefined)[] = [];
  if (has(w, 'git') || (has(w, 'push') && (f.has('remote') || f.has('branch') || f.has('ref'))))
    out.push(git(w, f));
  if (has(w, 'docker', 'podman', 'container', 'containers')) out.push(docker(w, f));
  if (has(w, 'kubectl', 'k8s', 'kubernetes', 'kube')) out.push(kubectl(w, f));
  if (has(w, 'kubectl', 'k8s', 'kubernetes', 'kube', 'manifest', 'manifests')) out.push(...manifestLines(f));
  if (has(w, 'aws', 'azure', 'az', 'gcloud', 'kubectl', 'gsutil')) out.push(namedCli(w, f));
  if (has(w, 'helm')) out.push(helm(w, f));
  if (has(w, 'terraform', 'tofu', 'opentofu'))
    out.push(terraform(w, f, has(w, 'tofu', 'opentofu') ? 'tofu' : 'terraform'));
  if (
    has(w, 'aws', 's3') ||
    (w.some((x) => AWS_SERVICES.has(x)) && !has(w, 'gcp', 'gcloud', 'google', 'azure', 'az')) ||
    awsOperation(f)
  )
    out.push(aws(w, f));
  if (has(w, 'kill', 'terminate', 'signal') && !has(w, 'container', 'pod', 'job', 'task')) out.push(kill(f));
  if (has(w, 'drop', 'truncate', ...DELETE)) out.push(sqlDrop(w, f));
  if (has(w, 'unpublish')) {
    const pkg = str(f, 'package', 'name', 'pkg', 'package_name');
    const version = str(f, 'version');
    if (pkg !== undefined)
      out.push(
        bash([
          'npm unpublish',
          quote(version !== undefined ? `${pkg}@${version}` : pkg),
          any(f, 'force') && '--force',
        ]),
      );
  }
  if (acts(w, DELETE, ['repo', 'repository', 'repositories']) && !unlinksFromHolder(w))
    out.push(githubRepoDelete(f));
  if (acts(w, DELETE, FS_OBJECT)) out.push(deleteFiles(f));
  if (acts(w, ['move', 'rename', 'mv'], FS_OBJECT)) out.push(moveFiles(f));
  // A download's `file` is where the response goes, not what is sent.
  if (
    has(w, 'http', 'request', 'fetch', 'post', 'upload', 'curl', 'webhook', 'api') &&
    !has(w, 'download', 'save')
  )
    out.push(requestLine(f), ...httpStoreLines(f));
  if (has(w, 'notebook', 'jupyter', 'ipynb', 'cell', 'ipython')) out.push(...notebookCell(f));
  // Inside a container or pod (docker_exec, kubectl exec) the argv does not run on this host.
  if (
    has(w, 'subprocess', 'spawn', 'popen', 'exec', 'execve', 'execvp', 'execute') &&
    !has(w, ...CONTAINER_WORDS, 'pod', 'ssh', 'remote')
  )
    out.push(argvTool(f));
  const sets = familySets();
  if (anyIn(w, sets.search)) out.push(...searchLines(f));
  if (anyIn(w, sets.datastore)) out.push(...datastoreLines(w, f));
  if (anyIn(w, sets.system)) out.push(...systemLines(w, f));
  if (anyIn(w, sets.forge)) out.push(...forgeLines(w, f));
  if (anyIn(w, sets.saas)) out.push(...saasLines(w, f, args));
  if (w.some(isLossVerb)) out.push(...wholeResourceLines(w, f));
  if (anyIn(w, sets.everyItem)) out.push(...everyItemLines(w, f));
  else out.push(...everyItemByField(w, f));
  if (anyIn(w, sets.availability)) out.push(...availabilityLines(w, f));
  if (anyIn(w, sets.secretForward)) out.push(...secretForwardLines(w, f));
  // A workflow's step reads a secret and a later one posts it (secret-forward.ts).
  out.push(...workflowSecretLines(args));
  if (anyIn(w, sets.monitoring)) out.push(...monitoringLines(w, f));
  // Standing orders under a profile or settings tool's key (`update_user_profile {preferences}`).
  if (anyIn(w, sets.memory) || [...f.keys()].some((k) => sets.memory.has(k))) out.push(...memoryLines(args));
  // `install_package`, `npm_install`, and `add_dependency` (a manifest entry the next install fetches).
  if (
    has(w, 'install', 'add') &&
    has(w, 'package', 'packages', 'dependency', 'dependencies', 'pip', 'npm', 'library', 'requirement', 'dep')
  )
    out.push(installLine(w, f));
  return out.filter((c): c is CliEquivalent => c !== undefined && c.code !== '');
}
