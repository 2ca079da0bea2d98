/**
 * A hosted resource lost or taken offline by a verb that does not say delete (red team r9): a
 * machine rebuilt or reimaged (its disk wiped), an old backup restored over a production database,
 * a service scaled to zero, a static IP or phone number released (whatever pointed at it now reaches
 * someone else). Each becomes `agent-guard-action destroy|suspend <object> <detail>` for PLT-AST-002.
 * Scaling to a count above zero, restoring into a new or scratch target, and test or staging
 * targets give nothing.
 */
import { str, truthy, type CliEquivalent } from './cli.js';
import { PRODUCTION, scratchOnly } from './whole-resource.js';
import { actionLine as action } from './action-line.js';

/** Environments where taking a service down is ordinary work. */
const NONPROD = /(?:^|[-_./:=\s])(?:stag|staging|stage|stg|qa|uat|preview)(?:$|[-_./:=\s\d])/i;

/** Count fields a scale call sets (`replicas`, `desired_count`, an autoscaling group's min/max). */
const COUNT_KEY =
  /^(?:replicas|replica_count|desired_count|desired_capacity|desired_size|count|instances|instance_count|min_size|max_size|min_capacity|max_capacity|size|capacity|node_count|num_nodes|task_count|scale|quantity|workers|min_instances|max_instances|min_replicas|max_replicas)$/;

const strings = (f: Map<string, unknown>): string[] =>
  [...f.values()].filter((v): v is string => typeof v === 'string');

/** Every count the call sets is zero: the service stops serving. */
function scaleToZero(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!w.includes('scale') && !w.includes('resize')) return undefined;
  const counts = [...f].filter(([k]) => COUNT_KEY.test(k)).map(([, v]) => Number(v));
  if (counts.length === 0 || counts.some((n) => !(n === 0))) return undefined;
  const names = strings(f);
  if (!names.some((n) => PRODUCTION.test(n)) && names.some((n) => NONPROD.test(n))) return undefined;
  if (scratchOnly(names)) return undefined;
  return action(
    'suspend',
    'service',
    `${w.join('_')} to zero ${str(f, 'name', 'service', 'deployment', 'app') ?? ''}`,
  );
}

/** Machines a rebuild wipes. */
const MACHINE = /^(?:droplets?|servers?|instances?|vms?|machines?|nodes?|disks?|volumes?|hosts?)$/;

function rebuild(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!w.some((x) => /^(?:rebuild|reimage|reinstall|reprovision|reformat|format)$/.test(x))) return undefined;
  if (!w.some((x) => MACHINE.test(x)) || scratchOnly(strings(f))) return undefined;
  return action('destroy', 'disk', `${w.join('_')} wipes the machine's disk`);
}

/** Stores a restore writes over. */
const STORE =
  /^(?:databases?|dbs?|clusters?|instances?|tables?|buckets?|indexe?s|indices|volumes?|disks?|snapshots?|backups?|servers?)$/;
/** Keys naming where a restore writes; the backup it reads is not the target. */
const TARGET_KEY =
  /^(?:target|destination|dest|to|into)(?:_\w+)?$|^(?:\w+_)?(?:target|destination)$|^(?:name|database|db|db_name|database_name|instance|cluster|table|db_instance_identifier|server)$/;
const OVERWRITE_KEY =
  /^(?:overwrite|replace|force|drop_existing|clean|with_replace|replace_existing|in_place)$/;

/** A backup restored over a live store: the data written since the backup is lost. */
function restoreOver(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!w.some((x) => /^(?:restore|rollback|revert)$/.test(x)) || !w.some((x) => STORE.test(x)))
    return undefined;
  const targets = [...f]
    .filter(([k, v]) => typeof v === 'string' && TARGET_KEY.test(k) && !/backup|snapshot|source|from/.test(k))
    .map(([, v]) => (v as string).trim());
  const overwrite = [...f].some(([k, v]) => OVERWRITE_KEY.test(k) && truthy(v));
  // A live store restored into a new one named after it (`source: orders-prod`, `target:
  // orders-prod-restore-check`): RDS and most point-in-time restores create the target; nothing is overwritten.
  const source = str(f, 'source', 'source_db', 'source_instance', 'source_db_instance_identifier', 'from');
  if (
    !overwrite &&
    source !== undefined &&
    targets.length > 0 &&
    targets.every((t) => t !== source && t.startsWith(source) && /^[-_.]\w/.test(t.slice(source.length)))
  )
    return undefined;
  // A staging or QA store refreshed from a backup is routine, `main` in its name or not (`staging-main`).
  const live = targets.filter((t) => !NONPROD.test(t));
  const prod = live.find((t) => PRODUCTION.test(t));
  if (prod === undefined && !(overwrite && live.length > 0 && !scratchOnly(live))) return undefined;
  return action('destroy', 'database', `${w.join('_')} over ${prod ?? live[0]!}`);
}

/** Addresses, numbers and domains whose release hands them to someone else (R12: `release_domain`). */
const ADDRESS = /^(?:address|addresses|ip|ips|eip|eips|ipaddress|number|numbers|domain|domains)$/;

function release(w: readonly string[], f: Map<string, unknown>): CliEquivalent | undefined {
  if (!w.includes('release') || !w.some((x) => ADDRESS.test(x)) || scratchOnly(strings(f))) return undefined;
  return action('destroy', 'address', `${w.join('_')} ${strings(f)[0] ?? ''}`);
}

export function availabilityLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  if (w.some((x) => /^(?:get|list|describe|read|show|preview|plan|estimate|validate)$/.test(x))) return [];
  return [scaleToZero(w, f), rebuild(w, f), restoreOver(w, f), release(w, f)].filter(
    (c): c is CliEquivalent => c !== undefined,
  );
}

/** Name words that can start a rewrite above (cli.ts gates on these before reading fields). */
export const AVAILABILITY_WORDS = [
  'scale',
  'resize',
  'rebuild',
  'reimage',
  'reinstall',
  'reprovision',
  'reformat',
  'format',
  'restore',
  'rollback',
  'revert',
  'release',
];
