/**
 * The 15 invariants: wire name, threat class, alert severity and a one-line description. Rules
 * (src/engine/invariants/rules/) each belong to exactly one invariant. Severity drives alert
 * routing (docs/alerts.md) and is fixed per invariant so operators can page on it.
 */
import type { InvariantName, PackName, RulePrefix, Severity, ThreatType } from '../types.js';

export interface InvariantSpec {
  readonly name: InvariantName;
  readonly threatType: ThreatType;
  readonly severity: Severity;
  readonly description: string;
}

const spec = (
  name: InvariantName,
  threatType: ThreatType,
  severity: Severity,
  description: string,
): InvariantSpec => Object.freeze({ name, threatType, severity, description });

export const INVARIANTS: Readonly<Record<InvariantName, InvariantSpec>> = Object.freeze({
  NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE: spec(
    'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
    'FS_ABUSE',
    'CRITICAL',
    'Recursive or forced deletes stay inside the agent workspace; nothing unrecoverable is destroyed in bulk (uncommitted work, git history and remote branches, cloud and cluster resources, published packages).',
  ),
  NO_DEVICE_OR_DISK_WRITE: spec(
    'NO_DEVICE_OR_DISK_WRITE',
    'FS_ABUSE',
    'CRITICAL',
    'No raw writes to block devices, no filesystem creation or partition edits.',
  ),
  NO_SYSTEM_PATH_WRITE: spec(
    'NO_SYSTEM_PATH_WRITE',
    'FS_ABUSE',
    'HIGH',
    'No writes into system directories or persistence files (shell rc, authorized_keys, cron, systemd).',
  ),
  NO_PERMISSION_WEAKENING: spec(
    'NO_PERMISSION_WEAKENING',
    'FS_ABUSE',
    'HIGH',
    'No world-writable modes, setuid/setgid bits or ownership changes on system or home paths.',
  ),
  NO_SHELL_BREAKOUT: spec(
    'NO_SHELL_BREAKOUT',
    'SHELL_BREAKOUT',
    'CRITICAL',
    'No interactive shells spawned from other programs, no reverse or bind shells.',
  ),
  NO_REMOTE_CODE_EXECUTION: spec(
    'NO_REMOTE_CODE_EXECUTION',
    'SHELL_BREAKOUT',
    'CRITICAL',
    'Downloaded or decoded content is never executed.',
  ),
  NO_PRIVILEGE_ESCALATION: spec(
    'NO_PRIVILEGE_ESCALATION',
    'SHELL_BREAKOUT',
    'CRITICAL',
    'No sudo/su/doas, namespace or chroot escapes, capabilities or privileged containers.',
  ),
  NO_SECRET_FILE_READ: spec(
    'NO_SECRET_FILE_READ',
    'SECRET_EXFILTRATION',
    'HIGH',
    'Credential stores outside the workspace are not read.',
  ),
  NO_SECRET_EXFILTRATION: spec(
    'NO_SECRET_EXFILTRATION',
    'SECRET_EXFILTRATION',
    'CRITICAL',
    'Secrets (credential files, environment) never flow to a network sink.',
  ),
  NO_METADATA_OR_INTERNAL_SSRF: spec(
    'NO_METADATA_OR_INTERNAL_SSRF',
    'SSRF',
    'CRITICAL',
    'No access to cloud metadata, link-local services or protected loopback ports, in any encoding.',
  ),
  NO_DESTRUCTIVE_SQL: spec(
    'NO_DESTRUCTIVE_SQL',
    'SQL_DESTRUCTION',
    'CRITICAL',
    'No dropped databases or tables, unbounded DELETE/UPDATE, blanket grants or new superusers, in SQL or through a datastore CLI (FLUSHALL, dropDatabase, dropdb).',
  ),
  NO_SQL_EXFILTRATION: spec(
    'NO_SQL_EXFILTRATION',
    'SQL_EXFILTRATION',
    'HIGH',
    'SQL never writes files, runs programs, reads server files or credential tables.',
  ),
  NO_RUNAWAY_EXECUTION: spec(
    'NO_RUNAWAY_EXECUTION',
    'RUNAWAY',
    'HIGH',
    'No fork bombs, unbounded busy loops, mass kills, host shutdown or cryptocurrency miners.',
  ),
  NO_PII_EGRESS: spec(
    'NO_PII_EGRESS',
    'PII_LEAKAGE',
    'MEDIUM',
    'Validated personal data (e-mail, card, SSN, IBAN, phone) is not sent to a network sink or tool.',
  ),
  NO_PROMPT_INJECTION_PAYLOAD: spec(
    'NO_PROMPT_INJECTION_PAYLOAD',
    'PROMPT_INJECTION',
    'HIGH',
    'Tool payloads carry no instruction overrides, chat-template tokens or hidden Unicode.',
  ),
});

/** One line per pack, for docs/policy.md and `agent-guard explain`. */
export const PACK_DESCRIPTIONS: Readonly<Record<PackName, string>> = Object.freeze({
  'core.engine': 'Fail-closed rules (analysis failed, risky unparsed text); cannot be disabled.',
  'core.filesystem': 'Deletes, device writes, system paths, permissions.',
  'core.shell': 'Spawned and reverse shells, remote code execution, library preloading.',
  'core.network': 'Metadata SSRF and protected loopback ports.',
  'core.secrets': 'Credential reads, credential hunting, secrets sent to the network.',
  'core.sql': 'SQL statements: destruction and exfiltration.',
  'core.runaway': 'Fork bombs, busy loops, disk fills.',
  'core.pii': 'Personal data sent to a network sink or tool.',
  'core.prompt': 'Prompt-injection payloads in tool arguments.',
  'core.git': 'Git operations that destroy uncommitted work, local history or remote branches.',
  containers: 'Privileged or host-mounting containers; docker/podman prunes and forced removals.',
  kubernetes: 'kubectl deletes of namespaces or whole resource kinds, kubectl drain, helm uninstall.',
  'cloud.aws': 'aws CLI deletes: recursive S3 removals, bucket removal, instance and database deletion.',
  'cloud.gcp': 'gcloud deletes, gsutil recursive removals.',
  'cloud.azure': 'az deletes of resource groups and resources.',
  iac: 'terraform/tofu destroy and unattended apply, pulumi destroy, cdk destroy.',
  databases: 'Datastore CLIs: dropdb, mysqladmin drop, redis FLUSHALL/FLUSHDB, mongo dropDatabase.',
  packages: 'Removing published packages: npm/pnpm/yarn unpublish, cargo yank, gem yank.',
  platforms: 'Hosting platforms: deleting apps, sites and databases (fly, vercel, netlify, heroku, railway).',
  system: 'sudo and other privilege changes, host shutdown, mass kills, stopping services.',
  custom: "The policy file's own rules.",
});

/** Pack of the built-in rules whose prefix alone does not say it (docs/policy.md). */
const PACK_BY_ID: Readonly<Record<string, PackName>> = Object.freeze({
  'SH-AST-020': 'system',
  'RUN-AST-004': 'system',
  'RUN-AST-005': 'system',
});

const PACK_BY_PREFIX: Readonly<Record<RulePrefix, PackName>> = Object.freeze({
  FS: 'core.filesystem',
  SH: 'core.shell',
  NET: 'core.network',
  SEC: 'core.secrets',
  SQL: 'core.sql',
  PII: 'core.pii',
  PI: 'core.prompt',
  RUN: 'core.runaway',
  DKR: 'containers',
  ENG: 'core.engine',
  GIT: 'core.git',
  K8S: 'kubernetes',
  IAC: 'iac',
  AWS: 'cloud.aws',
  GCP: 'cloud.gcp',
  AZ: 'cloud.azure',
  DB: 'databases',
  PKG: 'packages',
  CTR: 'containers',
  SYS: 'system',
  PLT: 'platforms',
});

/** The pack a rule belongs to: its own `pack`, else by id, else by prefix, else `custom`. */
export function packOf(rule: { readonly id: string; readonly pack?: PackName | undefined }): PackName {
  if (rule.pack !== undefined) return rule.pack;
  const byId = PACK_BY_ID[rule.id];
  if (byId !== undefined) return byId;
  const prefix = rule.id.slice(0, rule.id.indexOf('-AST-'));
  return (PACK_BY_PREFIX as Readonly<Record<string, PackName>>)[prefix] ?? 'custom';
}
