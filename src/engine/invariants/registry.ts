/**
 * The rule registry: every rule, sorted by id, one import and one list entry each (append yours in
 * order). Module load checks that ids are unique and well-formed and that each rule's invariant exists.
 */
import { INVARIANT_NAMES, RULE_PREFIXES, type InvariantName } from '../types.js';
import type { RuleDefinition } from './define-rule.js';
import dkr001privileged from './rules/dkr-ast-001-privileged-container.js';
import dkr002runtime from './rules/dkr-ast-002-runtime-socket.js';
import dkr003host from './rules/dkr-ast-003-host-system-mount.js';
import dkr004credential from './rules/dkr-ast-004-credential-mount.js';
import dkr005host from './rules/dkr-ast-005-host-namespace.js';
import dkr006dangerous from './rules/dkr-ast-006-dangerous-capability.js';
import dkr007security from './rules/dkr-ast-007-security-opt.js';
import dkr008host from './rules/dkr-ast-008-host-device.js';
import dkr010secret from './rules/dkr-ast-010-secret-in-image.js';
import eng001unparsed from './rules/eng-ast-001-unparsed-risky-token.js';
import fs001recursive from './rules/fs-ast-001-recursive-delete.js';
import fs002workspace from './rules/fs-ast-002-workspace-wipe.js';
import fs003dynamic from './rules/fs-ast-003-dynamic-delete-root.js';
import fs004shred from './rules/fs-ast-004-shred.js';
import fs010block from './rules/fs-ast-010-block-device-write.js';
import fs011make from './rules/fs-ast-011-make-filesystem.js';
import fs012partition from './rules/fs-ast-012-partition-edit.js';
import fs020system from './rules/fs-ast-020-system-path-write.js';
import fs021persistence from './rules/fs-ast-021-persistence-file.js';
import fs022scheduler from './rules/fs-ast-022-scheduler-edit.js';
import fs023audit from './rules/fs-ast-023-audit-trail-tampering.js';
import fs030permission from './rules/fs-ast-030-permission-weakening.js';
import fs031setuid from './rules/fs-ast-031-setuid.js';
import fs032ownership from './rules/fs-ast-032-ownership-change.js';
import fs033umask from './rules/fs-ast-033-umask.js';
import net001metadata from './rules/net-ast-001-metadata-ssrf.js';
import net002protected from './rules/net-ast-002-protected-loopback-port.js';
import pi001instruction from './rules/pi-ast-001-instruction-override.js';
import pi002role from './rules/pi-ast-002-role-token.js';
import pi003invisible from './rules/pi-ast-003-invisible-unicode.js';
import pii001email from './rules/pii-ast-001-email.js';
import pii002payment from './rules/pii-ast-002-payment-card.js';
import pii003ssn from './rules/pii-ast-003-ssn.js';
import pii004iban from './rules/pii-ast-004-iban.js';
import pii005phone from './rules/pii-ast-005-phone.js';
import run001fork from './rules/run-ast-001-fork-bomb.js';
import run002busy from './rules/run-ast-002-busy-loop.js';
import run003disk from './rules/run-ast-003-disk-fill.js';
import run004mass from './rules/run-ast-004-mass-kill.js';
import run005host from './rules/run-ast-005-host-shutdown.js';
import sec001credential from './rules/sec-ast-001-credential-read.js';
import sec002credential from './rules/sec-ast-002-credential-hunting.js';
import sec010secret from './rules/sec-ast-010-secret-to-network.js';
import sec011dns from './rules/sec-ast-011-dns-exfiltration.js';
import sh001spawned from './rules/sh-ast-001-spawned-shell.js';
import sh002dev from './rules/sh-ast-002-dev-tcp.js';
import sh003socket from './rules/sh-ast-003-socket-shell.js';
import sh004interpreter from './rules/sh-ast-004-interpreter-socket-shell.js';
import sh005payload from './rules/sh-ast-005-payload-generator.js';
import sh010remote from './rules/sh-ast-010-remote-code-execution.js';
import sh011download from './rules/sh-ast-011-download-then-execute.js';
import sh020privilege from './rules/sh-ast-020-privilege-escalation.js';
import sh021library from './rules/sh-ast-021-library-preload.js';
import sql001drop from './rules/sql-ast-001-drop-database.js';
import sql002drop from './rules/sql-ast-002-drop-object.js';
import sql003truncate from './rules/sql-ast-003-truncate.js';
import sql004unbounded from './rules/sql-ast-004-unbounded-write.js';
import sql005alter from './rules/sql-ast-005-alter-drop.js';
import sql006privilege from './rules/sql-ast-006-privilege-grant.js';
import sql007server from './rules/sql-ast-007-server-shutdown.js';
import sql010file from './rules/sql-ast-010-file-write.js';
import sql011program from './rules/sql-ast-011-program-execution.js';
import sql012server from './rules/sql-ast-012-server-file-read.js';
import sql013database from './rules/sql-ast-013-database-network.js';
import sql014credential from './rules/sql-ast-014-credential-tables.js';

const RULE_ID = new RegExp(`^(?:${RULE_PREFIXES.join('|')})-AST-\\d{3}$`);

/** Throws on a malformed or duplicate id, an unknown invariant, or a list out of id order. */
export function validate(rules: readonly RuleDefinition[]): readonly RuleDefinition[] {
  const seen = new Set<string>();
  let previous = '';
  for (const rule of rules) {
    if (!RULE_ID.test(rule.id)) throw new Error(`rule id ${rule.id} is not <PREFIX>-AST-<nnn>`);
    if (seen.has(rule.id)) throw new Error(`duplicate rule id ${rule.id}`);
    if (!(INVARIANT_NAMES as readonly string[]).includes(rule.invariant))
      throw new Error(`rule ${rule.id}: unknown invariant`);
    if (rule.id < previous)
      throw new Error(`rule ${rule.id} is listed after ${previous}: keep the registry sorted by id`);
    seen.add(rule.id);
    previous = rule.id;
  }
  return Object.freeze([...rules]);
}

export const RULES: readonly RuleDefinition[] = validate([
  dkr001privileged,
  dkr002runtime,
  dkr003host,
  dkr004credential,
  dkr005host,
  dkr006dangerous,
  dkr007security,
  dkr008host,
  dkr010secret,
  eng001unparsed,
  fs001recursive,
  fs002workspace,
  fs003dynamic,
  fs004shred,
  fs010block,
  fs011make,
  fs012partition,
  fs020system,
  fs021persistence,
  fs022scheduler,
  fs023audit,
  fs030permission,
  fs031setuid,
  fs032ownership,
  fs033umask,
  net001metadata,
  net002protected,
  pi001instruction,
  pi002role,
  pi003invisible,
  pii001email,
  pii002payment,
  pii003ssn,
  pii004iban,
  pii005phone,
  run001fork,
  run002busy,
  run003disk,
  run004mass,
  run005host,
  sec001credential,
  sec002credential,
  sec010secret,
  sec011dns,
  sh001spawned,
  sh002dev,
  sh003socket,
  sh004interpreter,
  sh005payload,
  sh010remote,
  sh011download,
  sh020privilege,
  sh021library,
  sql001drop,
  sql002drop,
  sql003truncate,
  sql004unbounded,
  sql005alter,
  sql006privilege,
  sql007server,
  sql010file,
  sql011program,
  sql012server,
  sql013database,
  sql014credential,
]);

export function ruleById(id: string): RuleDefinition | undefined {
  return RULES.find((r) => r.id === id);
}

export function rulesFor(invariant: InvariantName): readonly RuleDefinition[] {
  return RULES.filter((r) => r.invariant === invariant);
}
