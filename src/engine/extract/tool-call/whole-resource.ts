/**
 * A hosted resource deleted, emptied or taken offline whole, whatever the vendor calls it (red team
 * r7, issue #22): the tool's name says destroy/flush/empty (or pause/suspend) and its object is a
 * container — an index, a bucket, a table, a channel, a database, a project, a resource group —
 * with no narrowing to single items (no record, file or message id among the arguments). Such a call
 * becomes one `agent-guard-action destroy|suspend <object> <detail>` line that PLT-AST-002 denies; a
 * branch, a Redis database or an Azure resource group becomes the CLI line the bash rules already
 * judge (`git push --delete`, `redis-cli FLUSHDB`, `az group delete`). Items inside a container
 * (`delete_message`, `remove_user_from_channel`, `delete_record`), SQL indexes of a table and
 * targets named as scratch (`test_products`, `tmp-bucket`, `dev_index`) give nothing.
 */
import { bash, nameWords, quote, str, truthy, unlinksFromHolder, type CliEquivalent } from './cli.js';
import {
  disposableOnly,
  disposableWords,
  onePeriod,
  PRODUCTION,
  scratchOnly,
} from '../../knowledge/ephemeral-names.js';
import { selectsEverything, spansAllTime, spansLifecycle } from './select-all.js';
import { actionLine as action } from './action-line.js';

/** Verbs that delete or empty what they name. */
const DESTROY_WORDS = new Set([
  'delete',
  'remove',
  'destroy',
  'purge',
  'wipe',
  'erase',
  'drop',
  'rm',
  'nuke',
  'flush',
  'empty',
  'clear',
  'truncate',
  'teardown',
  // Verbs that end a resource under other names (EC2 terminate, account close, Neon branch reset).
  'terminate',
  'deprovision',
  'unprovision',
  'obliterate',
  'dispose',
  'reset',
  'close',
  // A subscription or account cancelled ends what it pays for (heroku_cancel_subscription); a model undeployed stops serving.
  'undeploy',
  'cancel',
  // A hosted folder or drive put in the trash (and the trash emptied) is deleted with it.
  'trash',
  // Verbs that end or blank a resource under other names (red team r11: scrub_bucket, retire_cluster,
  // zero_volume, reinitialize_database, offboard_tenant, expunge_mailbox).
  'scrub',
  'retire',
  'zero',
  'zeroize',
  'zeroise',
  'reinitialize',
  'reinitialise',
  'offboard',
  'expunge',
  'shred',
  'eradicate',
  'annihilate',
  'eliminate',
  'demolish',
  'scrap',
  'sunset',
  // Verbs whose meaning is loss under other names (R12 destroy-verb: discard_database, zap_bucket,
  // abandon_workspace, recreate_table, a domain released back to the registry).
  'discard',
  'zap',
  'nix',
  'axe',
  'junk',
  'ditch',
  'raze',
  'torch',
  'incinerate',
  'vaporize',
  'vaporise',
  'liquidate',
  'exterminate',
  'abandon',
  'relinquish',
  'surrender',
  'forfeit',
  'disband',
  'dismantle',
  'dissolve',
  'recreate',
  'reformat',
  'clobber',
  'kill',
  // The same verbs in the languages an agent is often handed (Spanish, French, German, Italian,
  // Portuguese, Dutch); diacritics are dropped by nameWords (`löschen` reads `loschen`).
  'eliminar',
  'borrar',
  'suprimir',
  'destruir',
  'vaciar',
  'purgar',
  'supprimer',
  'effacer',
  'detruire',
  'vider',
  'purger',
  'loeschen',
  'loschen',
  'entfernen',
  'vernichten',
  'leeren',
  'eliminare',
  'cancellare',
  'distruggere',
  'svuotare',
  'excluir',
  'apagar',
  'remover',
  'esvaziar',
  'verwijderen',
  'wissen',
]);
/** Verbs that take a whole resource offline (Supabase `pause_project`, a suspended organisation). */
const SUSPEND_WORDS = new Set([
  'pause',
  'suspend',
  'deactivate',
  'decommission',
  'shutdown',
  // Verbs that take a whole resource out of service under other names (R12 suspend: disable_cluster,
  // freeze_account, hibernate_cluster, take_site_offline).
  'disable',
  'freeze',
  'hibernate',
  'halt',
  'offline',
  'quarantine',
]);

/** Containers whose deletion loses everything under them (their items' deletes are ordinary work). */
const WHOLE_WORDS = new Set([
  'project',
  'projects',
  'drive',
  'drives',
  'zone',
  'zones',
  'domain',
  'domains',
  'workspace',
  'workspaces',
  'org',
  'organization',
  'organisation',
  'team',
  'teams',
  'site',
  'sites',
  'app',
  'apps',
  'application',
  'applications',
  'account',
  'environment',
  'space',
  'spaces',
  'vault',
  'vaults',
  'mailbox',
  'calendar',
  'base',
  'wiki',
  'registry',
  'cluster',
  'clusters',
  'namespace',
  // PaaS resources (railway_service_delete, render_delete_service, fly volumes, droplets, managed databases).
  'service',
  'services',
  'volume',
  'volumes',
  'instance',
  'instances',
  'server',
  'servers',
  'droplet',
  'droplets',
  'database',
  'databases',
  'db',
  'dbs',
  // Data containers under any vendor's name (an Algolia index, an R2 bucket, an Airtable table).
  'index',
  'indices',
  'indexes',
  'bucket',
  'buckets',
  'table',
  'tables',
  'collection',
  'collections',
  'dataset',
  'datasets',
  'warehouse',
  'warehouses',
  'keyspace',
  'keyspaces',
  'queue',
  'queues',
  'channel',
  'channels',
  'repo',
  'repos',
  'repository',
  'repositories',
  'stack',
  'stacks',
  'tenant',
  'tenants',
  'resourcegroup',
  'resourcegroups',
  'branch',
  'branches',
  // More containers (CDN distributions, user pools, log groups, backup vaults, file systems, node pools).
  'distribution',
  'distributions',
  'userpool',
  'userpools',
  'loggroup',
  'loggroups',
  'backupvault',
  'backupvaults',
  'keyvault',
  'keyvaults',
  'filesystem',
  'filesystems',
  'nodepool',
  'nodepools',
  'nodegroup',
  'nodegroups',
  'topic',
  'topics',
  'schema',
  'schemas',
  'graph',
  'graphs',
  'disk',
  'disks',
  'vpc',
  // Containers under other vendors' names (red team r9): a Discord guild, a GitLab group, a vector
  // store, a Kinesis stream, a SageMaker endpoint, a serverless function, a Trello board, a broker
  // vhost, a Pub/Sub subscription, a Slack conversation, a Keycloak realm, a VM.
  'guild',
  'guilds',
  'group',
  'groups',
  'store',
  'stores',
  'stream',
  'streams',
  'endpoint',
  'endpoints',
  'function',
  'functions',
  'board',
  'boards',
  'vhost',
  'vhosts',
  'subscription',
  'subscriptions',
  'conversation',
  'conversations',
  'realm',
  'realms',
  'loadbalancer',
  'loadbalancers',
  'vm',
  'vms',
  'vectorstore',
  'vectorstores',
  'blobcontainer',
  'blobcontainers',
  'machine',
  'machines',
  // Whole only where the name says hosted storage (see hostedOnly): a blob container, a Drive folder, a registry package.
  'container',
  'containers',
  'folder',
  'folders',
  'package',
  'packages',
  // More wholes (red team r11): a device fleet, a mailing audience, a ledger, a storefront, a file share.
  'fleet',
  'fleets',
  'audience',
  'audiences',
  'ledger',
  'ledgers',
  'storefront',
  'storefronts',
  'shop',
  'shops',
  'fileshare',
  'fileshares',
  // Wholes that hold or serve everything under them (R12 destroy-object): a shard, an IoT or event hub,
  // a CDN, an API and its gateway, a data centre; compounds ending in a container head are read by
  // containerHead below (datastore, lakehouse, workbook, tablespace, mailing_list, document_library).
  'shard',
  'shards',
  'hub',
  'hubs',
  'cdn',
  'cdns',
  'api',
  'apis',
  'gateway',
  'gateways',
  'datacenter',
  'datacenters',
  'catalog',
  'catalogs',
  'library',
  'libraries',
  // Wholes that hold accounts, members or machines (R13 destroy-object): an enterprise, a forum or
  // community, a workgroup, a VM scale set, a certificate authority (all it issued stops verifying).
  'enterprise',
  'enterprises',
  'forum',
  'forums',
  'community',
  'communities',
  'workgroup',
  'workgroups',
  'scaleset',
  'scalesets',
  'certificateauthority',
  'datafactory',
  // Whole resources named in other languages (base_de_datos is joined by normalise).
  'basededatos',
  'bancodedados',
  'basededonnees',
  'datenbank',
  'datenbanken',
  'proyecto',
  'projet',
  'projekt',
  'progetto',
  'projeto',
  'servidor',
  'serveur',
]);
/** What a suspend verb takes offline as a whole (stopping one instance or a dev server is ordinary). */
const SUSPENDABLE_WORDS = new Set([
  // A hosted service or app suspended stops serving everyone (render_suspend_service).
  'service',
  'services',
  'app',
  'apps',
  'application',
  'project',
  'projects',
  'org',
  'organization',
  'organisation',
  'workspace',
  'workspaces',
  'account',
  'site',
  'sites',
  'database',
  'databases',
  'db',
  'cluster',
  'clusters',
  'environment',
  // More wholes that serve everyone (R12 suspend: a tenant, a domain, a public API, a project's billing).
  'tenant',
  'tenants',
  'domain',
  'domains',
  'zone',
  'zones',
  'api',
  'apis',
  'gateway',
  'gateways',
  'billing',
  'store',
  'shop',
  'storefront',
  'registry',
  'datacenter',
]);

/**
 * Verbs that undo a resource's existence by their prefix: un-, de- or dis- before a verb that makes it
 * exist or serve (unpublish_site, deregister_domain, unregister_repository, delist_package).
 */
const UNDOES = /^(?:un|de|dis)(?:publish|register|provision|commission|list|deploy|enroll)$/;
/** Heads of compound nouns that name a store of data (datastore, lakehouse, workbook, tablespace). */
const HEAD =
  /^[a-z]{3,}(?:store|stores|lake|lakes|house|houses|base|bases|space|spaces|book|books|sheet|sheets|mart|marts|bank|banks)$/;
/** Heads that need a word before them (mailing_list, document_library, contact_list, api_gateway). */
const TWO_WORD_HEAD =
  /^(?:list|lists|library|libraries|store|stores|lake|lakes|base|bases|book|books|hub|hubs|gateway|gateways|registry|catalog|vault|archive|archives)$/;
/** Compounds whose head is a data word but that name something held in a file or a page. */
const NOT_WHOLE =
  /^(?:codebase|firebase|supabase|playbook|runbook|handbook|cheatsheet|stylesheet|timesheet|worksheet|keyspaces?)$/;

type WordTest = { has(x: string): boolean };
const DESTROY: WordTest & Iterable<string> = {
  has: (x) => DESTROY_WORDS.has(x) || UNDOES.test(x),
  [Symbol.iterator]: () => DESTROY_WORDS[Symbol.iterator](),
};
const SUSPEND: WordTest & Iterable<string> = SUSPEND_WORDS;
/** A plural the lists above hold only in the singular (`accounts`, `environments`, `enterprises`). */
const singular = (x: string): string => (/[^s]s$/.test(x) ? x.slice(0, -1) : x);
const WHOLE: WordTest = {
  has: (x) =>
    WHOLE_WORDS.has(x) ||
    WHOLE_WORDS.has(singular(x)) ||
    (HEAD.test(x) && !NOT_WHOLE.test(x) && !ITEM.has(x)) ||
    // A whole under another (`subaccount`, `subproject`, `subworkspace`) is a whole of its own.
    (x.startsWith('sub') && WHOLE_WORDS.has(singular(x.slice(3)))) ||
    // Two name words joined by normalise (`mailing-list`, `document-library`).
    /^[a-z0-9]+-[a-z]+$/.test(x),
};
const SUSPENDABLE: WordTest = { has: (x) => SUSPENDABLE_WORDS.has(x) || SUSPENDABLE_WORDS.has(singular(x)) };

/** Items inside a container: a name that acts on one of them does not act on the container. */
const ITEM = new Set(
  'user users member members guest guests message messages record records row rows file files item items document documents doc docs object objects key keys label labels tag tags comment comments entry entries post posts version versions deployment deployments secret secrets variable variables var vars permission permissions role roles rule rules webhook webhooks hook hooks alias aliases invite invites invitation collaborator collaborators snapshot snapshots backup backups vector vectors point points blob blobs attachment attachments reaction reactions pin pins bookmark bookmarks task tasks job jobs run runs build builds artifact artifacts cache lock locks field fields column columns view views filter filters template templates setting settings config note notes page pages event events ref protection issue issues pr prs pull ticket tickets card cards milestone milestones release releases contact contacts customer customers order orders invoice invoices draft drafts notification notifications session sessions token tokens trigger triggers pod pods replica replicas image images schedule schedules reminder reminders link links dashboard dashboards query queries widget widgets panel panels chart charts report reports cronjob cronjobs flag flags search searches favorite favorites'.split(
    ' ',
  ),
);
const PREPOSITION = new Set([
  'from',
  'in',
  'of',
  'on',
  'for',
  'to',
  'within',
  'inside',
  'under',
  'at',
  'into',
]);

/** Name words glued by vendors (`flushdb`, `resource_group`, `dropdb`) as verb and object words. */
/** Trailing words that only qualify the verb (`delete_index_permanently`, `bucket_delete_force`). */
const MANNER = new Set([
  'permanently',
  'force',
  'forced',
  'now',
  'completely',
  'hard',
  'immediately',
  'async',
  'sync',
  'cascade',
  'recursive',
  'recursively',
  'v1',
  'v2',
  'v3',
]);

/** Mail-marketing vendors: their `list` is a mailing audience (Mailchimp `delete_list`), not a to-do list. */
const MAILING_VENDOR =
  /^(?:mailchimp|sendgrid|klaviyo|brevo|sendinblue|mailerlite|convertkit|kit|constantcontact|activecampaign|mailjet|getresponse|aweber|moosend|omnisend|beehiiv|listmonk|mautic|iterable|customerio|drip|campaignmonitor|emailoctopus|mailgun|mailing|newsletter|subscriber|subscribers)$/;

function normalise(w0: readonly string[]): string[] {
  let end = w0.length;
  if (w0.some((x) => MAILING_VENDOR.test(x)))
    w0 = w0.map((x) => (x === 'list' || x === 'lists' ? 'mailing-list' : x));
  while (end > 1 && MANNER.has(w0[end - 1]!)) end--;
  const w = w0.slice(0, end);
  const out: string[] = [];
  for (let i = 0; i < w.length; i++) {
    const x = w[i]!;
    if (x === 'flushdb' || x === 'flushall') out.push('flush', 'db');
    else if (x === 'dropdb') out.push('drop', 'db');
    else if (x === 'resource' && /^groups?$/.test(w[i + 1] ?? '')) out.push(`resource${w[++i]!}`);
    // `base_de_datos`, `banco_de_dados`, `base_de_donnees`: one object in three words.
    else if (
      /^(?:de|da|di|des)$/.test(w[i + 1] ?? '') &&
      i + 2 < w.length &&
      WHOLE_WORDS.has(`${x}de${w[i + 2]!}`)
    ) {
      out.push(`${x}de${w[i + 2]!}`);
      i += 2;
    }
    // Compound objects written as two words (user_pool, log_group, file_system, mailing_list, data_lake).
    else if (
      i + 1 < w.length &&
      (WHOLE_WORDS.has(`${x}${w[i + 1]!}`) ||
        (TWO_WORD_HEAD.test(w[i + 1]!) && !DESTROY.has(x) && !SUSPEND.has(x) && i + 2 === w.length))
    )
      out.push(WHOLE_WORDS.has(`${x}${w[i + 1]!}`) ? `${x}${w[++i]!}` : `${x}-${w[++i]!}`);
    else out.push(x);
  }
  return out;
}

/** The container the name's verb acts on directly (`delete_index`, `index_delete`, `slack_admin_delete_channel`). */
function target(w: readonly string[], verbs: WordTest, objects: WordTest) {
  const last = w.length - 1;
  // `index_delete`: the object just before a trailing verb.
  if (verbs.has(w[last]!) && last > 0 && objects.has(w[last - 1]!))
    return { verb: w[last]!, object: w[last - 1]! };
  if (!objects.has(w[last]!)) return undefined;
  // `delete_channel`, not `remove_user_from_channel` (an item or a preposition between them); a
  // whole before the object qualifies it (`delete_enterprise_account`).
  for (let i = last - 1; i >= 0; i--) {
    const x = w[i]!;
    if (verbs.has(x)) return { verb: x, object: w[last]! };
    if (ITEM.has(x) || PREPOSITION.has(x) || (objects.has(x) && !WHOLE.has(x))) return undefined;
  }
  return undefined;
}

/** Argument keys naming single items: the call acts on them, not on the whole container. */
const NARROWING =
  /^(?:(?:record|row|message|file|object|document|doc|item|entry|comment|post|label|tag|member|user|version|vector|point|blob|event|key|msg)_?(?:ids?|keys?|names?|ts|paths?)?|ids|keys|prefix|objects|records|rows|items|documents|messages|files|ts|filter|where|selector|query|path|pattern|glob|key_pattern|match|symbols?|tickers?|positions?|holdings?)$|(?:^|_)(?:filter|filters|where|selector|query|condition|conditions|criteria|expression|predicate)(?:$|_)|^filter_by$/;

/** Keys that narrow by a query (or a key prefix) rather than by naming items. */
const SELECTOR =
  /(?:^|_)(?:filter|filters|where|selector|query|match|condition|conditions|criteria|expression|predicate|segment|soql|jql|sql|cql|kql)(?:$|_)|^(?:prefix|q|filter_by|pattern|glob|key_pattern)$/;

/** The fields narrow the call to some items: a narrowing key whose value does not select everything (select-all.ts). */
function narrows(f: Map<string, unknown>): boolean {
  return [...f].some(
    ([k, v]) =>
      (NARROWING.test(k) &&
        !(SELECTOR.test(k)
          ? selectsEverything(v, k)
          : // The root path (`recursiveDelete {path: "/"}`) is everything under it.
            typeof v === 'string' && /^\s*(?:\*|%|\/)\s*$/.test(v))) ||
      // An age or date bound narrows to older items unless every item meets it (`before: "2100-01-01"`).
      (TIME_BOUND.test(k) && !spansAllTime(k, v)),
  );
}

/** Keys of an age or date bound. */
const TIME_BOUND =
  /(?:^|_)(?:before|after|since|until|older_than|newer_than)(?:_[a-z]+)?$|^(?:age|min_age|max_age)$/;

/** Keys naming the container whose items a bulk delete empties. */
const CONTAINER_KEY =
  /^(?:index|index_name|collection|collection_name|table|table_name|bucket|bucket_name|namespace|database|container)$/;

/** The query inside a request body (`delete_by_query {body: {query: {match_all: {}}}}`). */
function bodyQuery(f: Map<string, unknown>): [string, unknown][] {
  const body = f.get('body') ?? f.get('request') ?? f.get('json');
  return body !== null && typeof body === 'object' && !Array.isArray(body) && 'query' in body
    ? [['query', (body as Record<string, unknown>).query]]
    : [];
}

/** Item deletes by query (`delete_by_query`, `delete_documents`, `bulk_delete`) given a query that selects everything. */
function everyItem(w: readonly string[], f: Map<string, unknown>): boolean {
  return (
    w.some((x) => DESTROY.has(x)) &&
    // `delete_from_profiles_collection` (pg_graphql): items deleted from a container.
    // `mongo_delete`, `delete_where`: the verb acts on what the fields name and pick.
    (w.some((x) => ITEM.has(x)) ||
      w.includes('query') ||
      w.includes('bulk') ||
      w.includes('from') ||
      w.includes('where') ||
      DESTROY.has(w[w.length - 1]!) ||
      // Any plural object that is no container (`delete_subscribers`, `purge_leads`).
      (/[^s]s$/.test(w[w.length - 1]!) && !WHOLE.has(w[w.length - 1]!))) &&
    [...f, ...bodyQuery(f)].some(
      ([k, v]) => (SELECTOR.test(k) && selectsEverything(v, k)) || spansLifecycle(k, v),
    )
  );
}

export { PRODUCTION, scratchOnly };

/** The string arguments that name the target: `name`, `id`, `*_name`, `*_id`, or the object's own key. */
function targetNames(f: Map<string, unknown>, object: string): string[] {
  // `indices` and `index` share the stem `ind` (Elasticsearch `indices_delete {index}`).
  const stem = object.replace(/(?:ices|exes|e?s)$/, (m) => (m === 'ices' || m === 'exes' ? 'ex' : ''));
  const out: string[] = [];
  for (const [k, raw] of f) {
    // A list of one names one target (`topics: ["test-orders-1432"]`); a longer list stays a list.
    const v: unknown = Array.isArray(raw) && raw.length === 1 ? raw[0] : raw;
    if (typeof v !== 'string' || v.trim() === '') continue;
    if (
      /^(?:name|id|uid|slug|ref|identifier|target)$|_(?:name|id|uid|slug|ref|identifier)$/.test(k) ||
      // `name` in the languages of foreign-words.ts (`navn`, `nazwa`, `ad`, `nimi`, `nombre`).
      /^(?:ad|adi|navn|namn|nimi|nazwa|nazev|nombre|nom|nome|naam|nev|nama|ten)$/.test(k) ||
      k.replace(/_/g, '').startsWith(stem.replace(/-/g, '')) ||
      // A key that abbreviates the object (`repo` of a repository, `app` of an application).
      (k.length >= 3 && /^[a-z]+$/.test(k) && stem.startsWith(k))
    )
      out.push(v.trim());
  }
  return out;
}

/** Name words of hosted storage: a container, folder or package under them is the vendor's whole resource. */
const HOSTED_STORAGE = new Set(
  'blob blobs storage azure cosmos gcs s3 r2 drive gdrive onedrive dropbox box sharepoint notion confluence npm pypi registry ghcr artifactory nexus codeartifact cargo crates rubygems nuget maven packagist dockerhub ecr acr gar'.split(
    ' ',
  ),
);
/** Local things a tool may share a word with (a docker container, a folder of the workspace, an installed package). */
const LOCAL_WORDS = new Set(
  'docker podman compose k8s kubectl kubernetes pod local fs file files code source route routes'.split(' '),
);

/**
 * Words that also name things in code or on this machine (a function in a file, a route, a chat
 * thread): a hosted whole only under a service's name (`lambda_delete_function`, `kinesis_delete_stream`).
 */
const AMBIGUOUS = /^(?:functions?|endpoints?|streams?|boards?|groups?|conversations?)$/;

/** A container, folder or package is a hosted whole only where the name or fields say hosted storage. */
function hostedOnly(w: readonly string[], f: Map<string, unknown>, object: string): boolean {
  // A log stream is one writer's entries in its log group.
  if (AMBIGUOUS.test(object))
    return (
      w.length > 2 &&
      w[w.length - 2] !== 'log' &&
      !w.some((x) => LOCAL_WORDS.has(x)) &&
      (!object.startsWith('conversation') || w.some((x) => /^(?:slack|admin|teams|discord)$/.test(x)))
    );
  if (!/^(?:containers?|folders?|packages?)$/.test(object)) return true;
  if (w.some((x) => LOCAL_WORDS.has(x))) return false;
  return (
    w.some((x) => HOSTED_STORAGE.has(x)) ||
    (object.startsWith('container') &&
      (f.has('account') || f.has('account_name') || f.has('storage_account')))
  );
}

/**
 * The object a destroy verb acts on when it is no container listed above (`delete_pipeline`,
 * `remove_cdn`): the name's last word, with the verb before it and no item or preposition between.
 */
function anyObject(w: readonly string[]): { verb: string; object: string } | undefined {
  const last = w[w.length - 1]!;
  if (ITEM.has(last) || PREPOSITION.has(last) || DESTROY.has(last)) return undefined;
  for (let i = w.length - 2; i >= 0; i--) {
    const x = w[i]!;
    if (DESTROY.has(x)) return { verb: x, object: last };
    if (ITEM.has(x) || PREPOSITION.has(x)) return undefined;
  }
  return undefined;
}

/** Flags that take what a resource holds with it (`cascade`, Athena's `recursive_delete_option`, `delete_data`). */
const CONTENTS_GO =
  /^(?:all_versions|all_revisions|cascade|recursive_delete(?:_option)?|delete_(?:data|contents|objects|members|children|all)|include_(?:contents|data|children)|remove_data|purge_data|force_destroy|force_delete|skip_final_snapshot|delete_automated_backups)$/;
/** Flags that, set false, let a resource's data go with it (`retain_primary_cluster: false`, `keep_data: false`). */
const CONTENTS_KEPT = /^(?:retain|keep|preserve)_\w+$|^final_snapshot$/;
/** Objects of a file tool: a recursive delete there is rm's, judged by the file rules. */
const FS_OBJECT = /^(?:dir|dirs|directory|directories|folder|folders|path|paths|file|files)$/;

/** SQL indexes belong to a table (`drop_index {name: idx_users_email}`): a lookup structure, no data. */
function sqlIndex(f: Map<string, unknown>): boolean {
  if (f.has('table') || f.has('table_name') || f.has('column') || f.has('columns')) return true;
  const name = str(f, 'name', 'index', 'index_name') ?? '';
  return /(?:^|_)(?:idx|ix|uq|uniq)(?:_|$)|_(?:key|pkey|fkey|index)$/i.test(name);
}

/** Verbs a SQL tool's fields turn into DROP/TRUNCATE/DELETE (cli.ts sqlDrop, datastore.ts). */
const SQL_VERB = /^(?:drop|truncate|delete|remove|rm|erase|destroy|wipe|purge)$/;

/** Flags that make a call a rehearsal. */
const REHEARSAL = /^(?:dry_?run|what_?if|plan_only|validate_only|simulate|simulation)$/;
/** Keys of the source a recreated resource is refilled from. */
const REFILLED = /^(?:from|source|src)(?:_|$)|^(?:reindex|restore_from|copy_from|snapshot_id|backup_id)$/;

/** Compute units: one of them by a generated id is routine (`terminate_instances`, `delete_volume`). */
const COMPUTE = /^(?:instances?|vms?|volumes?|disks?|droplets?|servers?|machines?|nodes?)$/;
/**
 * An id, not a name: a short type prefix and hex, digits only, or a type prefix and one run of
 * letters and digits (`vol-0unattached1234`, R13 twin-whole). Whoever knows the machine can give its
 * real id, so the words inside an id carry no more than the prefix does; production words still count.
 */
const GENERATED_ID = /^(?:[a-z]{1,4}-)?[0-9a-f]{8,32}$|^\d{4,}$|^[a-z]{1,4}-(?=[a-z]*\d)[0-9a-z]{8,32}$/i;
/** A payment vendor's id for one customer's subscription (Stripe `sub_1Pq2r3`), not a cloud subscription. */
const BILLING_ID = /^sub_[A-Za-z0-9]{6,}$/;
/** Fields only a billing subscription has (Chargebee `end_of_term`, Stripe `cancel_at_period_end`, proration). */
/** An Azure subscription's id (a GUID): the cloud account itself, whatever billing words come with it. */
const CLOUD_SUBSCRIPTION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BILLING_FIELD =
  /^(?:end_of_term|cancel_at_period_end|at_period_end|cancel_at_end_of_term|prorate|proration_behavior|invoice_now|credit_option_for_current_term_charges|cancel_reason_code)$/;
const PRODUCTION_PART = /prod|live|main|master|primary/i;

/** Verbs that empty a CDN's cache, and the purge API's fields (Cloudflare `purge_everything`, `files`, `tags`). */
const CACHE_VERB = /^(?:purge|invalidate|flush|clear)$/;
const PURGE_FIELD = /^(?:purge_everything|purge_all|files|urls|tags|hosts|prefixes|paths)$/;

/**
 * A CDN purged (`purge_cdn`, `purge_zone {purge_everything: true}`) drops cached copies that refill
 * from the origin on the next request: nothing is lost (R13 twin-whole). Deleting the CDN or the
 * zone (`delete_cdn`, `cloudflare_delete_zone`) is still the whole resource.
 */
function cachePurge(verb: string, object: string, f: Map<string, unknown>): boolean {
  if (!CACHE_VERB.test(verb)) return false;
  if (/^(?:cdns?|distributions?)$/.test(object)) return true;
  return (
    /^(?:purge|invalidate)$/.test(verb) &&
    /^zones?$/.test(object) &&
    [...f.keys()].some((k) => PURGE_FIELD.test(k))
  );
}

/** Branch names whose deletion loses the shared line of work. */
const SHARED_BRANCH =
  /^(?:refs\/heads\/)?(?:main|master|trunk|develop|development|prod|production|release(?:[-/].*)?|stable|live|gh-pages)$/i;

/** `disable_less_secure_apps`, `block_untrusted_apps`: what is switched off is named as the risk, so it tightens. */
function unsafeNamed(w: readonly string[]): boolean {
  return w.some(
    (x, i) =>
      x === 'insecure' ||
      x === 'unsafe' ||
      x === 'untrusted' ||
      x === 'unverified' ||
      (x === 'less' && w[i + 1] === 'secure'),
  );
}

/** Vendors named with a verb of the lists above, when they lead a tool's name (Close CRM's `close.leads.list`). */
const VERB_VENDOR = /^(?:close)$/;

/**
 * A REST-style read under a verb-named vendor (`close.activities.list`, `close_crm.opportunities.list`):
 * a plural collection, then `list` as the method, and no loss verb but the vendor's name. A
 * `contact_list`, a mailing vendor's `list` or `wipe_records_list` keep `list` as the object (normalise).
 */
function restRead(w0: readonly string[]): boolean {
  const n = w0.length;
  return (
    n >= 3 &&
    VERB_VENDOR.test(w0[0]!) &&
    w0[n - 1] === 'list' &&
    /[^s]s$/.test(w0[n - 2]!) &&
    !w0.slice(1).some((x) => DESTROY.has(x) || SUSPEND.has(x) || MAILING_VENDOR.test(x))
  );
}

export function wholeResourceLines(w0: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  const w = normalise(w0);
  // A rehearsal changes nothing (`delete_bucket {dry_run: true}`).
  if ([...f].some(([k, v]) => REHEARSAL.test(k) && truthy(v))) return [];
  // A read tool (`get_delete_policy`), unless it reads and then deletes (`list_and_delete_buckets`).
  if (
    (w.some((x) => x === 'get' || x === 'list' || x === 'describe' || x === 'read' || x === 'show') ||
      restRead(w0)) &&
    !w.some((x) => x === 'and' || x === 'then')
  )
    return [];
  // A generic tool given its operation as a field (`{"action": "delete_index"}`) acts as that name.
  const op = str(f, 'action', 'operation', 'op', 'method', 'command', 'verb');
  const opWords = op !== undefined && /^[A-Za-z][\w.-]{0,60}$/.test(op) ? nameWords(op) : [];
  const hit =
    (unlinksFromHolder(w) ? undefined : target(w, DESTROY, WHOLE)) ??
    (unsafeNamed(w) ? undefined : target(w, SUSPEND, SUSPENDABLE)) ??
    (opWords.length > 1
      ? (target(normalise(opWords), DESTROY, WHOLE) ?? target(normalise(opWords), SUSPEND, SUSPENDABLE))
      : // `manage_index {action: "drop"}`: the field's verb applied to the object the name gives.
        opWords.length === 1
        ? (target([...w, opWords[0]!], DESTROY, WHOLE) ?? target([...w, opWords[0]!], SUSPEND, SUSPENDABLE))
        : undefined);
  if (hit === undefined) {
    // `delete_documents {filter: {}}`: every item of the container, named or not.
    const fixed = str(
      f,
      'index',
      'index_name',
      'collection',
      'collection_name',
      'table',
      'table_name',
      'bucket',
      'bucket_name',
      'namespace',
      'database',
      'container',
    );
    // Any other key naming a whole by its words (`queue_url`, `drive_id`, `channel`).
    const wholeKey =
      fixed !== undefined
        ? undefined
        : [...f].find(
            ([k, v]) =>
              typeof v === 'string' &&
              v.trim() !== '' &&
              nounKind(k.split('_').filter((x) => !/^(?:id|name|url|uri|arn)s?$/.test(x))) === 'whole',
          );
    const container = fixed ?? (wholeKey?.[1] as string | undefined);
    // `algolia_clear_objects {index}`: items deleted in bulk with none of them named.
    const unnamed =
      container !== undefined &&
      w.some((x) => DESTROY.has(x)) &&
      ITEM.has(w[w.length - 1]!) &&
      /s$/.test(w[w.length - 1]!) &&
      !narrows(f) &&
      ![...f.keys()].some(
        // `issue_numbers: [12, 15]` names items as ids do.
        (k) =>
          /(?:^|_)(?:ids?|keys?|names?|numbers)$/.test(k) && !CONTAINER_KEY.test(k) && k !== wholeKey?.[0],
      );
    // A container its own name calls a copy (`staging_products`, disposableOnly) is emptied before a reindex.
    if (
      (unnamed || everyItem(w, f)) &&
      !scratchOnly([container ?? '', w0.join('_')]) &&
      !(
        container !== undefined &&
        disposableOnly([container]) &&
        ![...f.values()].some((v) => typeof v === 'string' && PRODUCTION.test(v))
      )
    )
      return [action('destroy', `contents of ${container ?? 'the store'}`, w0.join('_'))];
    // Any other hosted resource whose name says production (`sagemaker_delete_endpoint fraud-model-prod`).
    const other = anyObject(w);
    if (other === undefined || narrows(f)) return [];
    const prod = targetNames(f, other.object).find((n) => PRODUCTION.test(n));
    // Every version of it deleted (`delete_model {all_versions: true}`) is the whole of it, however named.
    const every = !FS_OBJECT.test(other.object)
      ? [...f].find(([k, v]) => (CONTENTS_GO.test(k) && truthy(v)) || (CONTENTS_KEPT.test(k) && v === false))
      : undefined;
    if (
      prod === undefined &&
      every !== undefined &&
      !scratchOnly([...targetNames(f, other.object), w0.join('_')])
    )
      return [action('destroy', other.object, `${w0.join('_')} ${every[0]}`)];
    return prod !== undefined ? [action('destroy', other.object, `${w0.join('_')} ${prod}`)] : [];
  }
  const { verb, object } = hit;
  // Machines picked by a filter that names production (EC2 `Filter.1.Value.1: production`) are
  // every production machine, not some of them.
  const production =
    COMPUTE.test(object) &&
    [...f].some(([k, v]) => SELECTOR.test(k) && typeof v === 'string' && PRODUCTION.test(v));
  if ((narrows(f) && !production) || !hostedOnly(w, f, object)) return [];
  if (cachePurge(verb, object, f)) return [];
  // Rebuilt from a source (`recreate_index {from_alias, reindex: true}`): the data comes back.
  if (/^re/.test(verb) && [...f.keys()].some((k) => REFILLED.test(k))) return [];
  // One customer's subscription cancelled is billing work, not the account's own plan.
  const names = targetNames(f, object);
  // So is one billing subscription by the id a payment vendor gave it (Stripe `sub_1Pq2r3`) or by a
  // field only billing has (Chargebee `end_of_term: true`).
  if (
    /^subscriptions?$/.test(object) &&
    (f.has('customer') ||
      f.has('customer_id') ||
      ([...f.keys()].some((k) => BILLING_FIELD.test(k)) &&
        !names.some((n) => CLOUD_SUBSCRIPTION_ID.test(n))) ||
      (names.length > 0 && names.every((n) => BILLING_ID.test(n))))
  )
    return [];
  // `delete_preview_environment`: the name itself can say the target is disposable; a target's own
  // name is read strictly (disposableOnly: `local-news-articles` is no local copy). Any other field
  // naming production (`backend: prod`) keeps it whole.
  // Where a target lives (`cluster: search-prod`) does not make a temporary target production, and
  // a `local: true` flag says the local development stack (`supabase_reset_db {local: true}`).
  if (
    (disposableOnly(names) || (disposableWords(w) && !names.some((n) => PRODUCTION.test(n)))) &&
    ![...f].some(
      ([k, v]) =>
        typeof v === 'string' &&
        PRODUCTION.test(v) &&
        !(disposableOnly(names) && /^(?:cluster|host|server|region|endpoint|node)(?:_name|_id)?$/.test(k)),
    )
  )
    return [];
  if (
    names.length === 0 &&
    [...f].some(([k, v]) => /^(?:local|is_local|use_local)$/.test(k) && v === true) &&
    ![...f.values()].some((v) => typeof v === 'string' && PRODUCTION.test(v))
  )
    return [];
  // One machine or disk named only by the id its vendor generated (`i-0f3c9a7d2b1e45a6c`,
  // `vol-09a8b7c6d5e4f3a21`) is one member of a fleet replaced as routine; a named one is judged by name.
  if (
    COMPUTE.test(object) &&
    names.length > 0 &&
    names.length <= 3 &&
    names.every((n) => GENERATED_ID.test(n) && !PRODUCTION_PART.test(n))
  )
    return [];
  if (/^branch(?:es)?$/.test(object)) {
    // A branch is judged by git's rules: the shared ones (main, release) are protected, feature branches are not.
    const branches = [...f]
      .filter(([k, v]) => typeof v === 'string' && /^(?:branch|branch_name|name|ref|branches)$/.test(k))
      .map(([, v]) => (v as string).trim());
    // Every branch with the default one included (`pattern: "*", include_default: true`) takes main too.
    const all = [...f].some(
      ([k, v]) => /(?:^|_)(?:pattern|glob|match|filter|regex)$/.test(k) && selectsEverything(v, k),
    );
    const withDefault = [...f].some(([k, v]) => /^include_(?:default|main|protected)/.test(k) && truthy(v));
    const shared =
      branches.find((b) => SHARED_BRANCH.test(b.replace(/^refs\/heads\//, ''))) ??
      (all && withDefault ? 'main' : undefined);
    if (shared !== undefined)
      return [bash(['git push', quote(str(f, 'remote') ?? 'origin'), '--delete', quote(shared)])];
    // A hosted database's branch by id (Neon `br-main-prod`): an id naming production is the live data.
    const id = str(f, 'branch_id', 'branchid');
    return id !== undefined && PRODUCTION.test(id)
      ? [action('destroy', 'branch', `${w0.join('_')} ${id}`)]
      : [];
  }
  if (object === 'db' || object === 'dbs') {
    if (
      verb === 'flush' ||
      w.some((x) => /^(?:redis|valkey|keydb|memorystore|elasticache|upstash)$/.test(x))
    ) {
      const host = str(f, 'host', 'hostname', 'server', 'endpoint');
      const db = str(f, 'db', 'database', 'db_index', 'index');
      const all = w0.includes('flushall') || w.includes('all');
      return [
        bash([
          'redis-cli',
          host !== undefined && `-h ${quote(host)}`,
          db !== undefined && `-n ${quote(db)}`,
          all ? 'FLUSHALL' : 'FLUSHDB',
        ]),
      ];
    }
  }
  if (/^ind(?:ex|ices|exes)$/.test(object) && sqlIndex(f)) return [];
  // One dated index, table or stream of a series (`logs-2025.10.01`) is rotation (ephemeral-names.ts onePeriod).
  if (
    /^(?:ind(?:ex|ices|exes)|tables?|partitions?|streams?|log_?streams?|shards?)$/.test(object) &&
    onePeriod(names)
  )
    return [];
  // A table named in a SQL tool's fields is judged as the DROP/TRUNCATE it is (cli.ts sqlDrop).
  if (
    /^(?:tables?|collections?)$/.test(object) &&
    SQL_VERB.test(verb) &&
    str(f, 'table', 'table_name', 'tables', 'collection', 'collection_name', 'name') !== undefined
  )
    return [];
  const effect = SUSPEND.has(verb) ? 'suspend' : 'destroy';
  // Pausing loses nothing and is undone by a resume: a store any field names as dev or test
  // (`server: sql-dev-weu`, `database: ShopDev`), none as production, is ordinary to pause.
  if (effect === 'suspend') {
    const values = [...f.values()]
      .filter((v): v is string => typeof v === 'string' && v.length <= 200)
      .map((v) => v.replace(/([a-z])([A-Z])/g, '$1-$2'));
    if (scratchOnly(values)) return [];
  }
  return [action(effect, object.replace(/^resourcegroup/, 'resource group'), w0.join('_'))];
}

/** Name words that can start a rewrite above (cli.ts gates on these before reading fields). */
export const WHOLE_RESOURCE_WORDS = [...DESTROY_WORDS, ...SUSPEND_WORDS, 'flushdb', 'flushall', 'dropdb'];

/** Whether a name word destroys or suspends what follows it, by the lists and prefixes above. */
export const isLossVerb = (x: string): boolean =>
  DESTROY.has(x) || SUSPEND.has(x) || x === 'flushdb' || x === 'flushall' || x === 'dropdb';

/**
 * What a noun phrase names (`db-instance`, `resourceGroups`, `api-keys`, `storage_buckets`): a whole
 * container, an item inside one, or neither. Its last word decides, compounds joined as in names.
 */
export function nounKind(words: readonly string[]): 'whole' | 'item' | undefined {
  if (words.length === 0) return undefined;
  const w = normalise(words);
  const last = w[w.length - 1]!;
  if (ITEM.has(last)) return 'item';
  return WHOLE.has(last) || SUSPENDABLE.has(last) ? 'whole' : undefined;
}
