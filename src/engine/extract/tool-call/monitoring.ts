/**
 * Monitoring and alerting switched off through a tool (red team r6, issue #22): a Datadog downtime
 * or mute whose scope is everything (`*`), an alerting service or integration disabled (PagerDuty
 * `status: disabled`, Opsgenie), CloudWatch alarm actions disabled through a generic AWS tool.
 * Whatever breaks next goes unnoticed. Each becomes `agent-guard-action silence <object> <detail>`,
 * which PLT-AST-002 denies. Muting or pausing one named monitor, and reads, give nothing.
 */
import { ACTION_PROGRAM } from './saas.js';
import { any, has, list, quote, str, type CliEquivalent } from './cli.js';
import { PRODUCTION } from './whole-resource.js';

const silence = (object: string, detail: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, 'silence', quote(object), quote(detail.slice(0, 200))].join(' '),
  runtime: 'bash',
});

const VENDORS = [
  'datadog',
  'pagerduty',
  'opsgenie',
  'newrelic',
  'grafana',
  'prometheus',
  'alertmanager',
  'sentry',
  'splunk',
  'victorops',
  'incidentio',
  'uptime',
  'statuscake',
  'pingdom',
  'betteruptime',
];
const ALERTING = [
  'check',
  'checks',
  'monitor',
  'monitors',
  'alert',
  'alerts',
  'alerting',
  'alarm',
  'alarms',
  'downtime',
  'downtimes',
  'monitoring',
];
const MUTE = ['mute', 'silence', 'downtime', 'downtimes', 'snooze', 'suppress', 'suppression'];
const DISABLE = ['disable', 'pause', 'suspend', 'deactivate', 'stop', 'turn_off'];
const READ = ['get', 'list', 'search', 'describe', 'show', 'read', 'query', 'fetch', 'view'];

/** A scope that covers every monitor: `*`, `all`, `["*"]`, or no scope naming what is muted. */
const EVERYTHING = /^(?:\*|all|any|everything|\*:\*)$/i;
/** A scope tag naming a non-production environment (`env:staging`, `environment=dev`). */
const NON_PRODUCTION_SCOPE =
  /(?:^|[\s,:=_-])(?:staging|stage|stg|dev|development|test|testing|qa|uat|sandbox|preview|local|ci|e2e)(?:$|[\s,_-]|\d)/i;

function muteAll(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!has(w, ...MUTE) || has(w, 'delete', 'cancel', 'unmute', 'remove', 'end')) return undefined;
  const scopes = list(f, 'scope', 'scopes', 'monitor_tags', 'matchers', 'target', 'targets');
  // `mute_all {scope: "env:staging"}`: every monitor of a staging environment, not every monitor
  // (R18 twin: a bounded staging deploy window); production named anywhere keeps it whole.
  const nonProduction =
    scopes.length > 0 &&
    scopes.every((s) => NON_PRODUCTION_SCOPE.test(s) && !PRODUCTION.test(s) && !/\*/.test(s));
  if (scopes.some((s) => EVERYTHING.test(s.trim())) || (has(w, 'all') && !nonProduction))
    return silence('monitoring', `${w.join('_')} on every monitor`);
  // Alertmanager silences: a matcher list whose value regex matches every alert.
  const matchers = f.get('matchers');
  if (Array.isArray(matchers) && matchers.length > 0)
    if (
      matchers.every((m) => {
        const v = m !== null && typeof m === 'object' ? (m as Record<string, unknown>).value : undefined;
        return typeof v === 'string' && /^(?:\.\*|\.\+)$/.test(v);
      })
    )
      return silence('monitoring', 'a silence matching every alert');
  return undefined;
}

/** An alerting service, integration or escalation switched off (`status: disabled`, `enabled: false`). */
function disableAlerting(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (has(w, ...READ)) return undefined;
  const status = str(f, 'status', 'state');
  const enabled = f.get('enabled') ?? f.get('is_enabled') ?? f.get('active');
  const off =
    (status !== undefined && /^(?:disabled|paused|inactive|off|muted|maintenance)$/i.test(status)) ||
    enabled === false ||
    (typeof enabled === 'string' && /^(?:false|no|0|off)$/i.test(enabled)) ||
    has(w, ...DISABLE);
  if (!off) return undefined;
  // `vanta_disable_monitoring {integration: "aws"}` (R24): the monitoring of a whole account or
  // integration, not one named monitor, goes dark.
  const whole =
    has(w, 'monitoring') ||
    (has(w, 'monitor', 'monitors', 'tests', 'controls') &&
      [...f.keys()].some((k) =>
        /^(?:integration|integrations|provider|cloud|account|account_id|connection)$/.test(k),
      ));
  const scratch = [...f.values()].some(
    (v) => typeof v === 'string' && NON_PRODUCTION_SCOPE.test(v) && !PRODUCTION.test(v),
  );
  if (whole && scratch) return undefined;
  if (
    !whole &&
    !has(w, 'service', 'services', 'integration', 'integrations', 'escalation', 'policy', 'team', 'schedule')
  )
    return undefined;
  return silence('alerting', `${w.join('_')} switched off`);
}

/** CloudWatch alarm actions disabled through a generic AWS tool (`use_aws`, `call_aws`). */
function cloudwatch(f: Map<string, unknown>): CliEquivalent | undefined {
  const service = str(f, 'service', 'service_name');
  const op = str(f, 'operation', 'operation_name', 'action', 'command');
  if (service?.toLowerCase() !== 'cloudwatch' || op === undefined) return undefined;
  const verb = op.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
  return /^(?:disable-alarm-actions|delete-alarms)$/.test(verb)
    ? silence('alarms', `cloudwatch ${verb}`)
    : undefined;
}

/** Alarms or monitors deleted together, or ones that watch production: what they watched goes dark. */
function deleteAlerting(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  const last = w[w.length - 1]!;
  if (!has(w, 'delete', 'remove', 'destroy', 'purge', 'drop') || has(w, ...READ)) return undefined;
  if (!/^(?:monitors?|alerts?|alarms?|downtimes?|checks?)$/.test(last) && !has(w, 'alarm', 'alarms'))
    return undefined;
  if (/^downtimes?$/.test(last)) return undefined;
  const targets = [...f]
    .filter(([k]) => /(?:^|_)(?:names?|ids?|monitors?|alarms?|alerts?|checks?)$/.test(k))
    .flatMap(([k]) => list(f, k));
  const prod = targets.find((t) => PRODUCTION.test(t));
  if (prod === undefined && targets.length < 3 && !targets.some((t) => EVERYTHING.test(t.trim())))
    return undefined;
  return silence('alarms', `${w.join('_')} ${prod ?? targets.join(' ')}`);
}

export function monitoringLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  const out: (CliEquivalent | undefined)[] = [];
  if (has(w, ...VENDORS, ...ALERTING, ...MUTE))
    out.push(muteAll(w, f), disableAlerting(w, f), deleteAlerting(w, f));
  if (has(w, 'aws')) out.push(cloudwatch(f));
  if (any(f, 'mute_all', 'disable_all_alerts')) out.push(silence('monitoring', 'every alert muted'));
  return out.filter((c): c is CliEquivalent => c !== undefined);
}

/** Name words that can start a rewrite above (cli.ts gates on these before reading fields). */
export const MONITORING_WORDS = [...VENDORS, ...ALERTING, ...MUTE, 'aws'];
