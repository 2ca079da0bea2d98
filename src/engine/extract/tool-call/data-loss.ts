/**
 * A whole hosted resource lost by what the arguments ask, whatever verb the tool's name uses (red
 * team r11 whole-verb: `offboard_tenant {erase_data: true}`, `sunset_api {remove_routes: true}`,
 * `replace_table_contents {rows: []}`, `migrate_down_all {steps: "all"}`): a flag that asks for the
 * target's data or contents to be deleted, a replacement whose new contents are empty, or a schema
 * migrated down to nothing. The target must be a whole container named in the fields (a tenant,
 * bucket, cluster, database, resource group) and not scratch or test. Each becomes
 * `agent-guard-action destroy <object> <detail>` for PLT-AST-002.
 */
import { quote, truthy, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { PRODUCTION, scratchOnly } from '../../knowledge/ephemeral-names.js';
import { union, wordSet, type Gate } from './signals.js';

const action = (object: string, detail: string): CliEquivalent => ({
  code: [ACTION_PROGRAM, 'destroy', quote(object), quote(detail.slice(0, 200))].join(' '),
  runtime: 'bash',
});

/** Words of a flag that deletes (any language an agent is likely to be handed). */
const ERASE =
  /^(?:delete|deletion|erase|remove|purge|wipe|destroy|drop|cancel|shred|nuke|expunge|scrub|truncate|clear|eliminar|borrar|supprimer|effacer|loeschen|loschen|entfernen|eliminare|cancellare|excluir|apagar|verwijderen)$/;
/** What such a flag deletes when it is the resource's own contents, not one item beside it. */
const CONTENTS =
  /^(?:data|all|everything|contents?|extraneous|resources|history|routes|volumes|disks|storage|backups|snapshots|objects|files|records|items|rows|documents|users|members|dependents|children|versions|databases|tables|indexes|indices|keys|secrets|existing|datos|donnees|daten|dati|dados)$/;
/** Flag words that protect, defer or qualify the delete (`deletion_protection`, `delete_on_termination`, `delete_expired`). */
const NOT_NOW =
  /^(?:protect|protection|protected|prevent|lock|locked|safe|safety|retain|retention|keep|skip|dry|dryrun|auto|on|after|when|if|marker|markers|policy|expired|old|stale|temp|tmp|orphaned|unused|merged|untagged|dangling|noncurrent|previous|source|branch|local|cache|cached|logs)$/;

/** A truthy flag that deletes the target's own contents: `erase_data`, `delete_extraneous`, `remove_routes`, `purge`. */
function eraseFlag(f: Map<string, unknown>): string | undefined {
  for (const [k, v] of f) {
    if (!truthy(v)) continue;
    const words = k.split('_').filter((x) => x !== '');
    if (words.length === 0 || words.length > 4 || !words.some((x) => ERASE.test(x))) continue;
    if (words.some((x) => NOT_NOW.test(x))) continue;
    if (words.every((x) => ERASE.test(x) || CONTENTS.test(x) || x === 'force' || x === 'also')) return k;
  }
  return undefined;
}

/** Keys naming a whole container the call acts on (the key's last word, `db_instance`, `tenant_id`). */
const CONTAINER =
  /(?:^|_)(?:tenant|bucket|cluster|database|db|project|resource_group|account|workspace|org|organization|fleet|environment|env|stage|api|namespace|subscription|volume|disk|disks|server|instance|site|app|application|service|index|table|collection|store|vault|zone|domain|keyspace|warehouse|dataset|stack|repo|repository|drive|share|mailbox|ledger|catalog|registry)(?:_(?:id|name|url|uri|identifier|ids|names))?$/;

/** The container names among the fields: their key names a container and their value is a string. */
function containers(f: Map<string, unknown>): [string, string][] {
  return [...f].filter(
    (e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '' && CONTAINER.test(e[0]),
  );
}

/** Verbs that make or read rather than lose (a create's `delete_protection`, a get's `include_deleted`). */
const MAKES_OR_READS =
  /^(?:create|new|add|get|list|describe|read|show|fetch|search|find|query|count|preview|plan|estimate|validate|check|test|dry|export|backup|snapshot|copy|clone|download|view|watch|monitor|launch|run|start|deploy|provision|install|merge)$/;

/** Keys holding the rows or objects a replacement writes. */
const CONTENT_KEY = /^(?:rows|records|items|documents|docs|objects|entries|contents|vectors|points)$/;

/** A query that returns no rows (`SELECT * FROM t WHERE false`, `... LIMIT 0`): loaded, it loads nothing. */
const NO_ROWS =
  /^\s*select\b[\s\S]*\b(?:where\s+(?:false|0|null|1\s*=\s*0|0\s*=\s*1|1\s*<>\s*1|1\s*!=\s*1)|limit\s+0)\s*;?\s*$/i;

const emptyValue = (v: unknown): boolean =>
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'string' && NO_ROWS.test(v)) ||
  (typeof v === 'string' && /^\s*(?:|\[\s*\]|\{\s*\})\s*$/.test(v)) ||
  (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);

/** Values of a mode that replaces what the target holds (`reimport_collection {mode: "replace"}`). */
const REPLACE_MODE =
  /^\s*(?:replace|overwrite|truncate|recreate|truncate_and_load|drop_and_create|replace_all|overwrite_all)\s*$/i;
/** Keys of where a load reads from: empty, it loads nothing into the emptied target. */
const SOURCE_KEY = /^(?:source|sources|data|input|inputs|payload|from|with|as|select|source_query)$/;

/** `replace_table_contents {rows: []}`, `overwrite_collection {documents: []}`: replaced by nothing. */
function replacedByNothing(w: readonly string[], f: Map<string, unknown>): string | undefined {
  const replaces =
    w.some((x) => /^(?:replace|overwrite|reset|reload|repopulate)$/.test(x)) ||
    [...f.values()].some((v) => typeof v === 'string' && REPLACE_MODE.test(v));
  if (!replaces) return undefined;
  const empty = [...f].find(([k, v]) => (CONTENT_KEY.test(k) || SOURCE_KEY.test(k)) && emptyValue(v));
  return empty?.[0];
}

/** `migrate_down {steps: "all"}`, `rollback_migrations {to_version: 0}`: every migration undone. */
function migratedToNothing(w: readonly string[], f: Map<string, unknown>): string | undefined {
  const down =
    (w.includes('migrate') ||
      w.includes('migration') ||
      w.includes('migrations') ||
      w.includes('schema') ||
      // `rollback_database {to_migration: "0000_initial"}`: the key says what is rolled back.
      [...f.keys()].some((k) => /migration|revision|schema_version/.test(k))) &&
    w.some((x) => /^(?:down|rollback|revert|undo|downgrade|reset)$/.test(x));
  if (!down) return undefined;
  for (const [k, v] of f) {
    if (
      /^(?:steps|count|n|all)$/.test(k) &&
      (v === true || (typeof v === 'string' && /^\s*all\s*$/i.test(v)))
    )
      return k;
    if (
      /(?:^|_)(?:version|target|to|revision|migration)$/.test(k) &&
      (v === 0 ||
        (typeof v === 'string' && /^\s*(?:0+(?:_initial)?|base|zero|none|initial|empty)\s*$/i.test(v)))
    )
      return k;
  }
  return w.includes('all') ? 'all' : undefined;
}

/** Name words of what is rebuilt by itself: purging a cache or CDN loses nothing. */
const DISPOSABLE = /^(?:cache|caches|cdn|tmp|temp|scratch|log|logs|preview)$/;

/**
 * When dataLossLines can answer (signals.ts): a migration undone by the name, or a key of an erase
 * flag or of the rows or source a replacement loads.
 */
export const DATA_LOSS_GATE: Gate = {
  name: wordSet('down rollback revert undo downgrade reset'),
  keys: union(ERASE, CONTENT_KEY, wordSet('source sources data input inputs payload from with as select')),
};

export function dataLossLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  if (w.some((x) => MAKES_OR_READS.test(x) || DISPOSABLE.test(x))) return [];
  const named = containers(f);
  const names = [...named.map(([, v]) => v), w.join('_')];
  // A migration undone names its database by URL; the URL's host and name say where it runs.
  const migration = migratedToNothing(w, f);
  if (migration !== undefined) {
    const urls = [...f.values()].filter((v): v is string => typeof v === 'string');
    if (
      scratchOnly([...urls, w.join('_')]) ||
      urls.some((u) => /@(?:localhost|127\.0\.0\.1)\b|:\/\/(?:localhost|127\.0\.0\.1)\b/.test(u))
    )
      return [];
    return [action('schema', `${w.join('_')} with ${migration}`)];
  }
  if (named.length === 0 || scratchOnly(names)) return [];
  const flag = eraseFlag(f);
  const empty = flag === undefined ? replacedByNothing(w, f) : undefined;
  if (flag === undefined && empty === undefined) return [];
  const [key, value] = named.find(([, v]) => PRODUCTION.test(v)) ?? named[0]!;
  return [
    action(
      key.replace(/_(?:id|name|url|uri|identifier|ids|names)$/, ''),
      `${w.join('_')} ${value} with ${flag ?? `empty ${empty!}`}`,
    ),
  ];
}
