/**
 * A security control switched off through a tool (red team r11 access-widen): audit logging stopped
 * (`cloudtrail_update_trail {is_logging: false}`), threat detection disabled (`guardduty_update_detector
 * {enable: false}`), row level security dropped (`supabase_disable_rls`). The name says the control
 * and either its verb disables it or a field turns it off. Becomes `agent-guard-action silence <control>`
 * for PLT-AST-002: whatever happens next goes unrecorded or unchecked. Scratch and test targets give nothing.
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { scratchOnly } from '../../knowledge/ephemeral-names.js';

/** Name words of controls that record or police what happens in an account, or guard its traffic (TLS, a WAF). */
const CONTROL =
  /^(?:cloudtrail|trail|trails|guardduty|detector|detectors|securityhub|audit|auditing|auditlog|auditlogs|rls|macie|inspector|defender|sentinel|recorder|flowlogs|cloudaudit|ssl|tls|https|waf)$/;
/** Verbs that switch a control off. */
const OFF_VERB = /^(?:disable|deactivate|stop|suspend|pause|turn|off|unsubscribe|detach|bypass)$/;
/** Verbs of reads and of creating or enabling. */
const READ_OR_ON = /^(?:get|list|describe|read|show|search|query|create|enable|start|add|new|check)$/;
/** Fields that say whether the control runs. */
const SWITCH =
  /^(?:enable|enabled|is_enabled|is_logging|logging|logging_enabled|status|state|active|is_active|recording|monitoring|enforced|enforce|row_level_security|rls_enabled|rls|value|setting_value|mode)$/;
const OFF_VALUE = (v: unknown): boolean =>
  v === false ||
  v === 0 ||
  (typeof v === 'string' && /^\s*(?:false|off|disabled?|inactive|stopped|no|0|none)\s*$/i.test(v));

export function securityOffLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  const control = w.find((x) => CONTROL.test(x));
  if (control === undefined || w.some((x) => READ_OR_ON.test(x))) return [];
  const names = [...f.values()].filter((v): v is string => typeof v === 'string');
  if (scratchOnly([...names, w.join('_')])) return [];
  const off = w.some((x) => OFF_VERB.test(x))
    ? w.join('_')
    : [...f].find(([k, v]) => SWITCH.test(k) && OFF_VALUE(v))?.[0];
  if (off === undefined) return [];
  return [
    {
      code: [ACTION_PROGRAM, 'silence', quote(control), quote(`${w.join('_')} ${off}`.slice(0, 200))].join(
        ' ',
      ),
      runtime: 'bash',
    },
  ];
}
