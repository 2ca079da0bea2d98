/**
 * The 15 invariants: wire name, threat class, alert severity and a one-line description. Rules
 * (src/engine/invariants/rules/) each belong to exactly one invariant. Severity drives alert
 * routing (docs/alerts.md) and is fixed per invariant so operators can page on it.
 */
import type { InvariantName, Severity, ThreatType } from '../types.js';

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
    'Recursive or forced deletes stay inside the agent workspace.',
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
    'No dropped databases or tables, unbounded DELETE/UPDATE, blanket grants or new superusers.',
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
    'No fork bombs, unbounded busy loops, mass kills or host shutdown.',
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
