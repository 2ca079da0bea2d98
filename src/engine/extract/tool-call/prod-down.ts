/**
 * A production machine shut down, stopped or rebooted through a cloud or server tool, whatever the
 * vendor calls it (ToolEmu and Agent-SafetyBench server toolkits, InjecAgent-style injected
 * requests: `server_reboot {server: prod-web-1}`, `AWSEC2StopInstances {environment: production}`,
 * `digitalocean_power_off_droplet {droplet: prod-checkout-1}`): what it serves goes down now. A
 * staging, dev or test machine, a shutdown scheduled into a maintenance window, and reads stay
 * allowed. Becomes one `agent-guard-action suspend <machine> <detail>` line (PLT-AST-002).
 */
import { type CliEquivalent } from './cli.js';
import { leaves } from './control-words.js';
import { PRODUCTION } from '../../knowledge/ephemeral-names.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Name words of a machine rather than a service or an app. */
const MACHINE = wordSet(
  'server servers instance instances droplet droplets vm vms host hosts machine machines node nodes ec2 compute box linode',
);
/** Verbs that take the machine down: one word, or two (`power_off`, `shut_down`). */
const DOWN = /^(?:shutdown|poweroff|halt|stop|reboot|restart|terminate)$/;
const DOWN_PAIR = /(?:^|_)(?:power_off|shut_down|turn_off|switch_off)(?:_|$)/;
/** Keys that put the act into a maintenance window or a later time. */
const LATER =
  /(?:^|_)(?:schedule|scheduled|scheduled_at|scheduled_for|maintenance|maintenance_window|window|at|cron|run_at|when|start_time|not_before)$/;
/** Keys naming the machine or its environment. */
const TARGET =
  /(?:^|_)(?:server|servers|host|hosts|hostname|instance|instances|instance_id|instance_ids|droplet|droplet_id|vm|vm_name|machine|node|name|id|ids|environment|env|stage|target|resource)$/;
/** A stage before production in a name. */
const NONPROD =
  /(?:^|[-_./:=\s])(?:stag|staging|stage|stg|dev|development|test|testing|qa|uat|sandbox|preview|demo)(?:$|[-_./:=\s\d])/i;

const last = (p: readonly string[]): string => p[p.length - 1] ?? '';

/** When prodDownLines can answer (signals.ts): a machine word in the name. */
export const PROD_DOWN_GATE: Gate = { name: MACHINE };

export function prodDownLines(w: readonly string[], args: unknown): CliEquivalent[] {
  const joined = w.join('_');
  if (!w.some((x) => MACHINE.has(x)) || !(w.some((x) => DOWN.test(x)) || DOWN_PAIR.test(joined))) return [];
  if (args === null || typeof args !== 'object') return [];
  const all = leaves(args);
  if (all.some(([p, v]) => LATER.test(last(p).toLowerCase()) && v !== null && v !== false && v !== ''))
    return [];
  const targets = all
    .filter(([p]) => p.some((k) => TARGET.test(k.toLowerCase())))
    .map(([, v]) => v)
    .filter((v): v is string => typeof v === 'string');
  const prod = targets.find((v) => PRODUCTION.test(v));
  if (prod === undefined || targets.some((v) => NONPROD.test(v))) return [];
  return [line('suspend', 'production machine', `${joined} takes ${prod.slice(0, 60)} down now`)];
}
