/**
 * Client libraries that do what a command-line tool does (issue 22): boto3 and the AWS SDKs for
 * JavaScript, the kubernetes clients, the docker SDKs, redis, mongo, ORMs (django, SQLAlchemy,
 * prisma, sequelize), GitPython and simple-git. A call is written as the equivalent command line
 * (or SQL statement) and analysed again, so the CLI rules (AWS-AST-001, K8S-AST-001, DB-AST-001,
 * DKR-AST-*, SQL-AST-*, GIT-AST-*) decide it once for every spelling.
 */
import type { Span } from '../../types.js';
import { type Collector, shellJoin, shellWord } from './collector.js';
import {
  deletesEveryKey,
  djangoEveryRow,
  matchesEveryDocument,
  ormWhereEveryRow,
  redisEveryKey,
} from './datastores.js';
import { awsClientMade, judgeCommand, LOOPBACK_ENDPOINT } from './aws-emulator.js';
import { onePeriod, PRODUCTION } from '../../knowledge/ephemeral-names.js';
import { jsonText } from './json-text.js';
import { localDatabases, localReset, testEnvDatabase } from './local-store.js';
import { POSTGREST_ROOTS, postgrestCall, postgrestConstruct, postgrestMember } from './postgrest.js';
import { BROKER_ROOTS, outsideCall, outsideConstruct, writeOutside } from './outside-stores.js';
import { STORE_ROOTS, storeCall, storeConstruct, storeMember } from './stores.js';
import { constText, deepLits, deepSources, opaque, render, strVal, UNKNOWN, type Val } from './value.js';

/** A client object of one of the libraries, and where in it a value points. */
export interface Sdk {
  readonly lib:
    | 'aws'
    | 'aws-resource'
    | 'k8s'
    | 'docker'
    | 'redis'
    | 'mongo'
    | 'orm'
    | 'orm-client'
    | 'git'
    | 'search'
    | 'store'
    | 'engine'
    | 'broker'
    | 'vault'
    | 'postgrest';
  /** Service, bucket, database, collection, table, or a sub-object's name, outermost first. */
  readonly path: readonly string[];
  /** The endpoint the client was made for (a URL or host), as written. */
  readonly target?: string;
  /** A query narrowed by a filter (`.filter(...)`, `where:`): not every row. */
  readonly filtered?: boolean;
  /** An AWS client made with an access key written in the code: an account the environment does not hold. */
  readonly foreignKey?: string;
}

/** The call a walker saw, in the terms the libraries need. */
export interface SdkCall {
  readonly col: Collector;
  readonly span: Span;
  readonly via: string;
  readonly args: readonly Val[];
  /** Keyword arguments (python), or the fields of the first options object (JavaScript). */
  readonly kw: ReadonlyMap<string, Val>;
  /** Whether the call runs as a test's set-up or tear-down on no production target (code/test-scope.ts). */
  readonly inTest?: () => boolean;
  /** Whether the call sits in a migration's down step, beside its up step (code/migration-scope.ts). */
  readonly inDown?: () => boolean;
}

const sdkVal = (sdk: Sdk): Val => ({ ...UNKNOWN, sdk });

/** `DBInstanceIdentifier` → `db-instance-identifier`, `deleteBucket` / `delete_bucket` → `delete-bucket`. */
export function kebab(name: string): string {
  const words = name.match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+\d*|[A-Z]+\d*|\d+/g) ?? [name];
  return words.map((w) => w.toLowerCase()).join('-');
}

/** A value as one or more shell words (a list gives one word per item). */
function words(v: Val): string[] {
  // A dict, or a list of dicts or lists, is one JSON argument (`--ip-permissions '[{...}]'`).
  if (v.fields !== undefined || v.items?.some((i) => i.fields !== undefined || i.items !== undefined)) {
    // A value the walk cannot know inside it (`r["name"]`) is a placeholder, so the known settings still read.
    const json = jsonText(v, '$X');
    return [json === null ? word(v) : shellWord(strVal(json))];
  }
  if (v.items) return v.items.map(word);
  return [word(v)];
}

function word(v: Val): string {
  if (v.num !== undefined) return String(v.num);
  return shellWord(v);
}

/**
 * `--key value` options from keyword arguments: true is a bare flag, false is left out, or for the
 * AWS CLI (`negate`) its `--no-key` form (`Enable=False` is `--no-enable`: a setting switched off).
 */
function options(
  kw: ReadonlyMap<string, Val>,
  skip: ReadonlySet<string> = new Set(),
  negate = false,
): string[] {
  const out: string[] = [];
  for (const [k, v] of kw) {
    if (skip.has(k)) continue;
    if (v.bool === false) {
      if (negate) out.push(`--no-${kebab(k)}`);
      continue;
    }
    out.push(`--${kebab(k)}`);
    if (v.bool !== true) out.push(...words(v));
  }
  return out;
}

const text = (v: Val | undefined): string | null => (v === undefined ? null : constText(v));

function runCli(c: SdkCall, line: string): void {
  c.col.nested(line, 'bash', c.span, c.via);
}

function runSql(c: SdkCall, sql: string): void {
  c.col.nested(sql, 'sql', c.span, c.via);
}

// --- constructors ------------------------------------------------------------------------------

/** First names of the libraries' constructors and factories (a cheap gate before the patterns). */
const ROOTS = new Set([
  'boto3',
  'aws-sdk',
  'kubernetes',
  '@kubernetes/client-node',
  'docker',
  'dockerode',
  'redis',
  'aioredis',
  'ioredis',
  'pymongo',
  'motor',
  'mongodb',
  'mongoose',
  '@prisma/client',
  'git',
  'simple-git',
  'sqlalchemy',
  'elasticsearch',
  'opensearchpy',
  '@elastic/elasticsearch',
  '@opensearch-project/opensearch',
  'knex',
]);

/**
 * ORM and query-builder methods that drop or empty tables whatever the receiver (sequelize, knex,
 * TypeORM, Flask-SQLAlchemy): sdkQuery checks each call's shape before it counts (r3).
 */
const WIPE_METHODS = new Set([
  'sync',
  'destroy',
  'truncate',
  'drop',
  'dropAllTables',
  'dropAllSchemas',
  'dropDatabase',
  'dropSchema',
  'drop_all',
  'dropTable',
  'dropTableIfExists',
  'del',
  'delete',
  'update',
  'synchronize',
  'drop_collection',
  'deleteFrom',
  'updateTable',
]);

/** Whether a call named `name` may make a client object or a query (see sdkConstruct, sdkQuery). */
export function maySdk(name: string, method: string | undefined): boolean {
  if (method === 'query' || method === 'makeApiClient') return true;
  if (method !== undefined && WIPE_METHODS.has(method)) return true;
  const root = name.startsWith('new ') ? name.slice(4) : name;
  const dot = root.indexOf('.');
  const head = (dot < 0 ? root : root.slice(0, dot)).replace(/(?:\(\))+$/, '');
  return (
    ROOTS.has(head) ||
    head.startsWith('@aws-sdk/') ||
    name.includes('.objects.') ||
    STORE_ROOTS.test(head) ||
    BROKER_ROOTS.test(head) ||
    POSTGREST_ROOTS.test(head)
  );
}

/** v3 package names the CLI spells otherwise (`@aws-sdk/client-route-53` is `aws route53`). */
const AWS_CLI_NAMES: Readonly<Record<string, string>> = {
  s3: 's3api',
  'route-53': 'route53',
  'route-53-domains': 'route53domains',
  'secrets-manager': 'secretsmanager',
  'config-service': 'configservice',
  config: 'configservice',
  'api-gateway': 'apigateway',
  'cloudwatch-logs': 'logs',
  'elastic-load-balancing-v2': 'elbv2',
  'cognito-identity-provider': 'cognito-idp',
  eventbridge: 'events',
};

/** The AWS CLI's service name for an SDK's (the s3 client's operations are `aws s3api`). */
function awsService(name: string): string {
  const s = name.toLowerCase().replace(/client$/, '');
  return AWS_CLI_NAMES[s] ?? s;
}

/**
 * A client object made by `name` (a qualified constructor or factory name), or undefined. Some
 * constructors are themselves the operation (AWS SDK v3's `new DeleteBucketCommand({...})`).
 */
export function sdkConstruct(name: string, c: SdkCall): Val | undefined {
  const first = c.args[0];
  // --- AWS
  if (/^boto3\.(?:session\.)?(?:Session\(\)\.)?(?:client|resource)$/.test(name) || name === 'boto3.client') {
    const svc = text(first ?? c.kw.get('service_name'));
    if (svc === null) return undefined;
    const endpoint = text(c.kw.get('endpoint_url'));
    const key = inlineAccessKey(c.kw.get('aws_access_key_id'));
    return sdkVal({
      lib: name.endsWith('resource') ? 'aws-resource' : 'aws',
      path: [svc],
      ...(endpoint !== null ? { target: endpoint } : {}),
      ...(key !== undefined && endpoint === null ? { foreignKey: key } : {}),
    });
  }
  let m = /^new @aws-sdk\/client-([a-z0-9-]+)\.(\w+)Command$/.exec(name);
  if (m) {
    const fields = first?.fields ?? new Map<string, Val>();
    // A command made in a test hook of an input whose clients talk to an emulator on this machine
    // (LocalStack, moto): the test's own bucket or queue (R9 twin-s3-test-localstack).
    if ((c.inTest?.() === true && emulatorOnly(c.col.literalTexts())) || testDoubleCall(c)) return UNKNOWN;
    const [svc, op] = [m[1]!, m[2]!];
    if (svc === 's3' && op === 'DeleteObject') {
      judgeCommand(c.col, () => s3DeleteObject(c, fields.get('Bucket'), fields.get('Key')));
      return UNKNOWN;
    }
    judgeCommand(c.col, () =>
      runCli(c, [`aws ${awsService(svc)} ${kebab(op)}`, ...options(fields, undefined, true)].join(' ')),
    );
    return awsAnswer(c, awsService(m[1]!), kebab(m[2]!), fields);
  }
  m = /^new (?:aws-sdk|@aws-sdk\/client-([a-z0-9-]+))\.(\w+)$/.exec(name);
  if (m) {
    const endpoint = text(first?.fields?.get('endpoint'));
    if (m[1] !== undefined) awsClientMade(c.col, endpoint);
    const key = inlineAccessKey(
      first?.fields?.get('credentials')?.fields?.get('accessKeyId') ?? first?.fields?.get('accessKeyId'),
    );
    return sdkVal({
      lib: 'aws',
      path: [m[1] ?? m[2]!.toLowerCase().replace(/client$/, '')],
      ...(endpoint !== null ? { target: endpoint } : {}),
      ...(key !== undefined && endpoint === null ? { foreignKey: key } : {}),
    });
  }
  // --- kubernetes
  if (
    /^kubernetes\.client\.(?:api\.)?\w+Api$/.test(name) ||
    /^new @kubernetes\/client-node\.\w+Api$/.test(name)
  )
    return sdkVal({ lib: 'k8s', path: [] });
  // --- docker
  if (
    /^docker\.(?:from_env|DockerClient|Client|APIClient|client\.from_env)$/.test(name) ||
    name === 'new dockerode'
  )
    return sdkVal({ lib: 'docker', path: [] });
  // --- redis
  if (
    /^(?:redis|redis\.asyncio|aioredis)\.(?:Redis|StrictRedis|from_url|Redis\.from_url|StrictRedis\.from_url|RedisCluster|cluster\.RedisCluster)$/.test(
      name,
    ) ||
    /^(?:new )?(?:ioredis|ioredis\.Cluster|redis\.createClient|redis\.RedisClient)$/.test(name)
  ) {
    // ioredis and node-redis take an options object ({host}, {url}) or (port, host).
    const opts = first?.fields;
    const target = opts
      ? (opts.get('host') ?? opts.get('url') ?? opts.get('socket')?.fields?.get('host'))
      : first?.num !== undefined
        ? c.args[1]
        : (first ?? c.kw.get('host') ?? c.kw.get('url'));
    return sdkVal({ lib: 'redis', path: [], ...(target ? { target: render(target) } : {}) });
  }
  // --- mongo
  if (
    /^(?:pymongo\.MongoClient|pymongo\.mongo_client\.MongoClient|motor\.motor_asyncio\.AsyncIOMotorClient)$/.test(
      name,
    ) ||
    /^(?:new )?mongodb\.MongoClient(?:\.connect)?$/.test(name)
  )
    return sdkVal({ lib: 'mongo', path: [], ...(first ? { target: render(first) } : {}) });
  if (/^mongoose\.connection(?:\.db)?$/.test(name)) return sdkVal({ lib: 'mongo', path: ['$db'] });
  // --- ORMs
  if (name === 'new @prisma/client.PrismaClient') return sdkVal({ lib: 'orm-client', path: [] });
  m = /(?:^|\.)([A-Za-z_]\w*)\.objects\.(all|filter|exclude|get_queryset|select_related|only)$/.exec(name);
  if (m)
    return sdkVal({
      lib: 'orm',
      path: [m[1]!.toLowerCase()],
      filtered: (m[2] === 'filter' || m[2] === 'exclude') && !djangoEveryRow(m[2], c.kw, c.args),
    });
  // --- search clusters (Elasticsearch, OpenSearch)
  if (
    /^(?:elasticsearch\.(?:Async)?Elasticsearch|opensearchpy\.(?:Async)?OpenSearch|new @elastic\/elasticsearch\.Client|new @opensearch-project\/opensearch\.Client)$/.test(
      name,
    )
  ) {
    const node = first?.fields?.get('node') ?? first?.fields?.get('nodes') ?? c.kw.get('hosts') ?? first;
    const target = node?.items?.[0] ?? node;
    // `hosts=[{"host": "localhost", "port": 9200}]`: the node as its URL.
    const host = target?.fields !== undefined ? text(target.fields.get('host')) : null;
    const port = target?.fields !== undefined ? (text(target.fields.get('port')) ?? '9200') : '';
    const url = host !== null ? `http://${host}:${port}` : target ? constText(target) : null;
    return sdkVal({ lib: 'search', path: [], ...(url ? { target: url } : {}) });
  }
  // --- knex: `knex('orders')`, `knex.from('orders')` start a query on that table
  if (/^knex\(\)(?:\.(?:from|table|into))?$/.test(name)) {
    const table = tableOf(first);
    return table !== null ? sdkVal({ lib: 'orm', path: [table] }) : undefined;
  }
  // --- SQLAlchemy engines, by URL (drop_all on a throwaway sqlite database is a test fixture)
  if (name === 'sqlalchemy.create_engine' || name === 'sqlalchemy.engine.create_engine') {
    const url = text(first ?? c.kw.get('url'));
    return {
      ...UNKNOWN,
      ref: `${name}()`,
      sdk: { lib: 'engine', path: [], ...(url !== null ? { target: url } : {}) },
    };
  }
  // --- git
  if (/^(?:git\.Repo|git\.Repo\.init|git\.Repo\.clone_from|git\.repo\.base\.Repo)$/.test(name))
    return sdkVal({ lib: 'git', path: [] });
  if (/^(?:simple-git|simple-git\.simpleGit|simple-git\.default)$/.test(name))
    return sdkVal({ lib: 'git', path: [] });
  return (
    storeConstruct(name, c.args, c.kw, c.col.ownEnv) ??
    postgrestConstruct(name, c) ??
    outsideConstruct(name, c)
  );
}

/** A model or table named by a value (`User`, `models.User`, `'users'`), lower-cased. */
export function tableOf(v: Val | undefined): string | null {
  if (v === undefined) return null;
  const t = v.ref ?? constText(v);
  if (t === null || t === undefined) return null;
  const last = t.replace(/\(\)$/, '').split('.').pop() ?? t;
  return /^\w+$/.test(last) ? last.toLowerCase() : null;
}

/**
 * A query object started by a call that is not a client's (`session.query(User)`,
 * `sqlalchemy.delete(User)`): the ORM value, or undefined.
 */
export function sdkQuery(name: string, method: string | undefined, c: SdkCall): Val | undefined {
  if (method === 'query' && c.args.length === 1 && c.args[0]!.ref !== undefined) {
    const table = tableOf(c.args[0]);
    return table !== null ? sdkVal({ lib: 'orm', path: [table] }) : undefined;
  }
  // @kubernetes/client-node: kubeConfig.makeApiClient(k8s.CoreV1Api).
  if (method === 'makeApiClient' && /Api$/.test(c.args[0]?.ref ?? ''))
    return sdkVal({ lib: 'k8s', path: [] });
  const wiped = ormWipe(name, method, c);
  if (wiped !== undefined) return wiped;
  // Django's manager itself: Model.objects.update(...) / .delete() reach every row.
  const manager = /(?:^|\.)([A-Z]\w*)\.objects\.(update|delete)$/.exec(name);
  if (manager) return ormCall({ lib: 'orm', path: [manager[1]!.toLowerCase()] }, manager[2]!, c);
  if (name === 'sqlalchemy.delete' || name === 'sqlalchemy.sql.delete') {
    const table = tableOf(c.args[0]);
    // The statement as SQL text: session.execute(delete(User)) hands it to the SQL runtime.
    return table !== null
      ? { ...strVal(`DELETE FROM ${table}`), sdk: { lib: 'orm', path: [table] } }
      : undefined;
  }
  return undefined;
}

// --- members -----------------------------------------------------------------------------------

/** `obj.name` or `obj['name']` on a client object: a sub-object, or undefined. */
export function sdkMember(v: Val, name: string): Val | undefined {
  const sdk = v.sdk;
  if (sdk === undefined) return undefined;
  switch (sdk.lib) {
    case 'mongo':
      // client.app is the database app; db.users the collection users.
      return sdk.path.length < 2 && !name.startsWith('_')
        ? sdkVal({ ...sdk, path: [...sdk.path, name] })
        : undefined;
    case 'orm-client':
      return name.startsWith('$') ? undefined : sdkVal({ lib: 'orm', path: [name.toLowerCase()] });
    case 'aws-resource':
    case 'docker':
    case 'git':
      return sdkVal({ ...sdk, path: [...sdk.path, name] });
    case 'store':
      return storeMember(sdk, name);
    case 'postgrest':
      return postgrestMember(sdk, name);
    case 'search':
      return name === 'indices' && sdk.path.length === 0 ? sdkVal({ ...sdk, path: ['indices'] }) : undefined;
    case 'vault':
      // hvac's engines hang below the client (`c.secrets.kv.v2`): they read the same vault.
      return /^(?:secrets|kv|v1|v2|kv_v1|kv_v2|database|aws)$/.test(name) ? sdkVal(sdk) : undefined;
    default:
      return undefined;
  }
}

// --- calls -------------------------------------------------------------------------------------

/** A method called on a client object: the command it amounts to is analysed; the result's value. */
export function sdkCall(v: Val, method: string, c: SdkCall): Val | undefined {
  const sdk = v.sdk;
  if (sdk === undefined) return undefined;
  switch (sdk.lib) {
    case 'aws':
      return awsCall(sdk, method, c);
    case 'aws-resource':
      return awsResourceCall(sdk, method, c);
    case 'k8s':
      return k8sCall(method, c);
    case 'docker':
      return dockerCall(sdk, method, c);
    case 'redis':
      writeOutside(sdk, c);
      return redisCall(sdk, method, c);
    case 'mongo':
      writeOutside(sdk, c);
      return mongoCall(sdk, method, c);
    case 'broker':
    case 'vault':
      return outsideCall(sdk, method, c);
    case 'postgrest':
      return postgrestCall(sdk, method, c);
    case 'orm':
      return ormCall(sdk, method, c);
    case 'orm-client':
    case 'engine':
      return undefined;
    case 'git':
      return gitCall(sdk, method, c);
    case 'search':
      return searchCall(sdk, method, c);
    case 'store':
      return storeCall(
        sdk,
        method,
        c.args,
        c.kw,
        (line) => runCli(c, line),
        () => c.col.literalTexts(),
        (text) => runSql(c, text),
      );
  }
}

/** Client methods that are not service operations. */
const AWS_LOCAL =
  /^(?:send|get_paginator|get_waiter|can_paginate|close|destroy|promise|middlewareStack|generate_presigned_\w+|meta|exceptions)$/;

/**
 * Operations whose answer holds secret values (issue 22 r5): their result is what `aws ...` prints,
 * a token printer's output, so SEC-AST-010 judges where it is sent as for `aws ... | curl -d @-`.
 * SSM parameters count only decrypted (a plain String parameter is configuration).
 */
const AWS_SECRET_READS =
  /^(?:secretsmanager (?:get-secret-value|batch-get-secret-value)|ssm get-parameters?(?:-by-path|-by-name)?|kms decrypt|iam create-access-key|sts (?:assume-role(?:-with-\w+)?|get-session-token|get-federation-token)|ecr get-authorization-token|cognito-idp admin-initiate-auth|secretsmanager get-random-password)$/;

/**
 * Operations that deliver a message to people or endpoints outside the account (an SMS, a topic's
 * subscribers, an e-mail): their text is sent to that recipient, named as the sink's host.
 */
const AWS_MESSAGES: Readonly<Record<string, readonly [readonly string[], readonly string[]]>> = {
  'sns publish': [
    ['PhoneNumber', 'TargetArn', 'TopicArn'],
    ['Message', 'Subject', 'MessageAttributes'],
  ],
  'sns publish-batch': [['TopicArn'], ['PublishBatchRequestEntries']],
  'ses send-email': [['Destination', 'Source'], ['Message']],
  'ses send-raw-email': [['Destinations', 'Destination', 'Source'], ['RawMessage']],
  'sesv2 send-email': [['Destination', 'FromEmailAddress'], ['Content']],
  'pinpoint send-messages': [['ApplicationId'], ['MessageRequest']],
  // A queue URL names its account: a literal one may be anyone's (issue 22 r7).
  'sqs send-message': [['QueueUrl'], ['MessageBody', 'MessageAttributes']],
  'sqs send-message-batch': [['QueueUrl'], ['Entries']],
};

/**
 * Data-plane operations of any other service that hand records, events or messages to a stream,
 * bus, topic or endpoint (kinesis put-record, firehose put-record-batch, eventbridge put-events,
 * iot-data publish, pinpoint-sms-voice send-voice-message): named by their verbs, not by service.
 */
const AWS_DELIVERS =
  /^(?:put-(?:records?|record-batch|events)|publish(?:-batch)?|send-(?:[\w-]+-)?(?:messages?|e-?mails?))$/;

/** Parameters that name where a delivery goes (StreamARN, DeliveryStreamName, EventBusName, QueueUrl, topic). */
const AWS_TARGET = /(?:ARN|Arn|Name|Url|URL|Id|^topic)$/;
/** Parameters that shape a delivery but carry no data (PartitionKey, the SequenceNumberForOrdering). */
const AWS_SHAPE = /(?:Key|Type|Region|Ordering|Qos|qos|Retain|retain)$/;

/** Which parameters name a delivery's recipient and which carry its data, for one operation. */
function awsDelivery(
  key: string,
  op: string,
  kw: ReadonlyMap<string, Val>,
): readonly [string[], string[]] | undefined {
  const msg = AWS_MESSAGES[key];
  if (msg !== undefined) return [[...msg[0]], [...msg[1]]];
  if (!AWS_DELIVERS.test(op)) return undefined;
  const to: string[] = [];
  const data: string[] = [];
  for (const k of kw.keys())
    if (AWS_TARGET.test(k)) to.push(k);
    else if (!AWS_SHAPE.test(k)) data.push(k);
  return [to, data];
}

/** Operations that install code to run in the account (a function's package, a layer). */
const AWS_CODE = /^lambda (?:update-function-code|create-function|publish-layer-version)$/;

/**
 * Code handed to the account to run (a Lambda's ZipFile): downloaded bytes deployed as a function
 * are downloaded code run with the function's role (R9 cloud-lambda-backdoor).
 */
function awsDeploysCode(c: SdkCall, key: string, kw: ReadonlyMap<string, Val>): void {
  if (!AWS_CODE.test(key)) return;
  for (const k of ['ZipFile', 'Code', 'Content']) {
    const v = kw.get(k);
    if (v === undefined) continue;
    for (const s of deepSources(v))
      if (s.kind === 'net' || s.kind === 'decoded')
        c.col.flow(c.span, s, { kind: 'exec', program: 'aws lambda' });
  }
}

/** What an operation hands back: a secret source for the reads above; messages' data flows out. */
function awsAnswer(c: SdkCall, svc: string, op: string, kw: ReadonlyMap<string, Val>): Val {
  // The v3 packages spell some services apart (client-secrets-manager is the CLI's secretsmanager).
  const key = `${svc.replace(/-/g, '')} ${op}`;
  awsDeploysCode(c, key, kw);
  const msg = awsDelivery(key, op, kw);
  if (msg !== undefined) {
    const [to, data] = msg;
    const who = to.map((k) => kw.get(k)).find((v) => v !== undefined);
    const recipient = (who === undefined ? null : constText(who)) ?? `${svc} recipient`;
    const host = recipient.toLowerCase();
    c.col.net(c.span, { host }, true, `aws ${key}`);
    for (const k of data) {
      const v = kw.get(k);
      if (v === undefined) continue;
      for (const s of deepSources(v))
        if (s.kind === 'file' || s.kind === 'env' || s.kind === 'output')
          c.col.flow(c.span, s, { kind: 'net', host });
      c.col.egress(deepLits(v));
    }
    return UNKNOWN;
  }
  if (!AWS_SECRET_READS.test(key)) return UNKNOWN;
  if (svc === 'ssm' && kw.get('WithDecryption')?.bool !== true) return UNKNOWN;
  return { ...UNKNOWN, sources: [{ kind: 'output', program: 'aws' }] };
}

/** An AWS access key id written as a literal (`AKIA...`, `ASIA...`), not read from the environment. */
function inlineAccessKey(v: Val | undefined): string | undefined {
  const key = v === undefined ? null : constText(v);
  return key !== null && /^(?:AKIA|ASIA)[A-Z0-9]{12,}$/.test(key) ? key : undefined;
}

/** Writes that put data into the account the client signs into (an object, a record, a message). */
const AWS_WRITES =
  /^(?:put_?[oO]bject|upload(?:_?[fF]ile(?:obj)?|_?[pP]art)?|put_?[iI]tem|batch_?[wW]rite_?[iI]tem|put_?[rR]ecords?|send_?[mM]essage(?:_?[bB]atch)?|put_?[sS]ecret_?[vV]alue|create_?[sS]ecret|put_?[pP]arameter)$/;

/**
 * R21: `boto3.client('s3', aws_access_key_id='AKIA...')` then `put_object(Body=secrets)`: a key written
 * into the code signs into an account the environment does not hold, so what it writes leaves for
 * that account: the data's sources flow to it, as to any outside host.
 */
function uploadToForeignAccount(c: SdkCall, key: string, method: string, kw: ReadonlyMap<string, Val>): void {
  if (!AWS_WRITES.test(method)) return;
  const named = kw.get('Bucket') ?? kw.get('TableName') ?? kw.get('QueueUrl') ?? c.args[1];
  const bucket = named === undefined ? null : text(named);
  const host = `${bucket ?? 'resource'}.account-of-${key.toLowerCase()}.amazonaws.com`;
  c.col.net(c.span, { host }, true, `aws ${method}`);
  const values = [...kw.values(), ...c.args];
  for (const v of values)
    for (const s of deepSources(v))
      if (s.kind === 'file' || s.kind === 'env' || s.kind === 'output')
        c.col.flow(c.span, s, { kind: 'net', host });
  for (const v of values) c.col.egress(deepLits(v));
}

/** Every endpoint URL the input names is an emulator's, and it names one; no AWS host is named. */
function emulatorOnly(texts: readonly string[]): boolean {
  let local = false;
  for (const t of texts) {
    if (/amazonaws\.com|^arn:aws/i.test(t)) return false;
    if (LOOPBACK_ENDPOINT.test(t)) local = true;
  }
  return local;
}

/**
 * Libraries that stand in for AWS inside a test process (moto's mock_aws, botocore's Stubber,
 * aws-sdk-client-mock): a test's calls answered by them reach no account.
 */
const AWS_TEST_DOUBLE = /^(?:moto(?:\.[\w.]+)?|botocore\.stub|aws-sdk-client-mock(?:-jest)?|aws-sdk-mock)$/;

/** A test's call in an input that loads an AWS stand-in and names no AWS host or resource. */
function testDoubleCall(c: SdkCall): boolean {
  if (![...c.col.imports].some((m) => AWS_TEST_DOUBLE.test(m))) return false;
  return c.inTest?.() === true && !c.col.literalTexts().some((t) => /amazonaws\.com|^arn:aws/i.test(t));
}

function awsCall(sdk: Sdk, method: string, c: SdkCall): Val | undefined {
  // A client made for an emulator on this machine reaches no cloud account.
  if (sdk.target !== undefined && LOOPBACK_ENDPOINT.test(sdk.target)) return undefined;
  if (testDoubleCall(c)) return undefined;
  // v3's client.send(command) answers with what the command's operation returns (awsAnswer).
  if (method === 'send' && (c.args[0]?.sources.length ?? 0) > 0)
    return { ...UNKNOWN, sources: c.args[0]!.sources };
  if (AWS_LOCAL.test(method)) return undefined;
  const svc = sdk.path[0] ?? 's3';
  if (method === 'upload_file' || method === 'upload_fileobj' || method === 'uploadFile') {
    const [file, bucket, key] = [
      c.args[0] ?? c.kw.get('Filename'),
      c.args[1] ?? c.kw.get('Bucket'),
      c.args[2] ?? c.kw.get('Key'),
    ];
    if (file && bucket) runCli(c, `aws s3 cp ${word(file)} s3://${render(bucket)}/${key ? render(key) : ''}`);
    return UNKNOWN;
  }
  if (method === 'download_file') {
    const [bucket, key, file] = [
      c.args[0] ?? c.kw.get('Bucket'),
      c.args[1] ?? c.kw.get('Key'),
      c.args[2] ?? c.kw.get('Filename'),
    ];
    if (file && bucket) runCli(c, `aws s3 cp s3://${render(bucket)}/${key ? render(key) : ''} ${word(file)}`);
    return UNKNOWN;
  }
  const kw = c.kw.size > 0 ? c.kw : (c.args[0]?.fields ?? new Map<string, Val>());
  if (sdk.foreignKey !== undefined) uploadToForeignAccount(c, sdk.foreignKey, method, kw);
  if (svc === 's3' && (method === 'delete_object' || method === 'deleteObject')) {
    s3DeleteObject(c, kw.get('Bucket'), kw.get('Key'));
    return UNKNOWN;
  }
  runCli(c, [`aws ${awsService(svc)} ${kebab(method)}`, ...options(kw, undefined, true)].join(' '));
  return awsAnswer(c, awsService(svc), kebab(method), kw);
}

/**
 * A collection filtered by the ids of its members and nothing else (`InstanceIds=['i-1', 'i-2']`):
 * the resource kind and the ids as one name (several ids stay one word, so no rule reads them as
 * one resource), or null.
 */
function idsFilter(kw: ReadonlyMap<string, Val>): [string, string] | null {
  if (kw.size !== 1) return null;
  const [key, v] = [...kw][0]!;
  const m = /^([A-Z]\w*?)Ids$/.exec(key);
  const ids = v.items?.map((i) => constText(i));
  if (!m || ids === undefined || ids.length === 0 || ids.some((i) => i === null || !/^[\w-]+$/.test(i)))
    return null;
  return [m[1]!, ids.join(' ')];
}

/** boto3 resources: s3.Bucket(name).objects.all().delete(), ec2.Instance(id).terminate(). */
function awsResourceCall(sdk: Sdk, method: string, c: SdkCall): Val | undefined {
  const [svc, ...rest] = sdk.path;
  if (svc === undefined) return undefined;
  const last = rest[rest.length - 1];
  // A sub-resource made by name: Bucket('b'), Instance('i-1'), Table('t').
  if (/^[A-Z]/.test(method)) {
    const id = c.args[0] ?? c.kw.values().next().value;
    return sdkVal({ ...sdk, path: [...sdk.path, method, id ? render(id) : '$X'] });
  }
  if (method === 'filter') {
    // ec2.instances.filter(InstanceIds=['i-1']): those resources by id, as ec2.Instance('i-1') names one.
    const named = idsFilter(c.kw);
    if (named !== null) return sdkVal({ ...sdk, path: [svc, ...named] });
  }
  if (method === 'all' || method === 'filter' || method === 'limit' || method === 'page_size')
    return sdkVal({ ...sdk, filtered: sdk.filtered === true || method === 'filter' });
  // A test whose AWS is moto's or a stub's: its resources are the test's own, as the client's are.
  if (testDoubleCall(c)) return undefined;
  const bucketAt = rest.indexOf('Bucket');
  const bucket = bucketAt >= 0 ? rest[bucketAt + 1] : undefined;
  if (svc === 's3' && bucket !== undefined) {
    if (method === 'upload_file') {
      const file = c.args[0] ?? c.kw.get('Filename');
      const key = c.args[1] ?? c.kw.get('Key');
      if (file) runCli(c, `aws s3 cp ${word(file)} s3://${bucket}/${key ? render(key) : ''}`);
      return UNKNOWN;
    }
    if (method === 'delete' || method === 'delete_objects')
      runCli(
        c,
        last === 'objects' || last === 'object_versions' || method === 'delete_objects'
          ? `aws s3 rm s3://${bucket} --recursive`
          : `aws s3 rb s3://${bucket}`,
      );
    return method === 'delete' || method === 'delete_objects' ? UNKNOWN : undefined;
  }
  // Collections (ec2.instances.all().terminate()) and named resources (Table('t').delete()).
  const kind =
    rest.length >= 2 && /^[A-Z]/.test(rest[rest.length - 2] ?? '') ? rest[rest.length - 2]! : (last ?? '');
  const id = rest.length >= 2 && /^[A-Z]/.test(rest[rest.length - 2] ?? '') ? last! : '$X';
  // ec2.SecurityGroup(id).authorize_ingress(...): the client operation with the group's id.
  if (kind === 'SecurityGroup' && method === 'authorize_ingress') {
    runCli(
      c,
      [`aws ec2 authorize-security-group-ingress --group-id ${shellWord(strVal(id))}`, ...options(c.kw)].join(
        ' ',
      ),
    );
    return UNKNOWN;
  }
  if (!/^(?:delete|terminate|stop|remove|purge|detach|disassociate|revoke|deregister)\w*$/.test(method))
    return undefined;
  const noun = kebab(kind).replace(/s$/, '');
  runCli(
    c,
    `aws ${awsService(svc)} ${kebab(method)}-${noun}${svc === 'ec2' ? 's' : ''} --${noun}-name ${shellWord(strVal(id))}`,
  );
  return UNKNOWN;
}

/** kubernetes CoreV1Api().delete_namespace('prod'), AppsV1Api.deleteNamespacedDeployment({...}). */
function k8sCall(method: string, c: SdkCall): Val | undefined {
  const snake = method.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
  // Secrets read through the API are what `kubectl get secret -o json` prints (SEC-AST-010 judges where they go).
  if (/^(?:read|list)_(?:namespaced_secret|secret_for_all_namespaces)$/.test(snake))
    return { ...UNKNOWN, sources: [{ kind: 'output', program: 'kubectl' }] };
  const pod = k8sPodLine(snake, c);
  if (pod !== null) {
    runCli(c, pod);
    return UNKNOWN;
  }
  const granted = k8sGrantOrScale(snake, c);
  if (granted !== null) {
    runCli(c, granted);
    return UNKNOWN;
  }
  const m = /^delete_(collection_)?(namespaced_)?(\w+)$/.exec(snake);
  if (!m) return undefined;
  const obj = c.args[0]?.fields;
  const name = obj?.get('name') ?? c.kw.get('name') ?? (m[1] ? undefined : c.args[0]);
  const ns =
    obj?.get('namespace') ?? c.kw.get('namespace') ?? (m[2] ? (m[1] ? c.args[0] : c.args[1]) : undefined);
  const kind = m[3]!.replace(/_/g, '');
  const target = m[1] || !name ? '--all' : word(name);
  runCli(c, `kubectl delete ${kind} ${target}${ns ? ` -n ${word(ns)}` : ''}`);
  return UNKNOWN;
}

/**
 * A pod (or a workload's pod template) created through the API with the host's namespaces,
 * privilege or filesystem: the `docker run` line it amounts to on the node, so the DKR rules judge
 * it (r7: a privileged hostPID pod mounting / made with the python client).
 */
function k8sPodLine(snake: string, c: SdkCall): string | null {
  if (
    !/^(?:create|replace|patch)_namespaced_(?:pod|deployment|daemon_set|stateful_set|job|replica_set)$/.test(
      snake,
    )
  )
    return null;
  const body = c.args.find((a) => a.fields !== undefined && (a.fields.has('spec') || a.fields.has('body')));
  const root = body?.fields?.get('body') ?? body ?? c.kw.get('body') ?? c.args[0]?.fields?.get('body');
  let spec = root?.fields?.get('spec');
  // A workload's pod spec sits under spec.template.spec.
  const inner = spec?.fields?.get('template')?.fields?.get('spec');
  if (inner !== undefined) spec = inner;
  const f = spec?.fields;
  if (f === undefined) return null;
  const flags: string[] = [];
  if (f.get('hostPID')?.bool === true) flags.push('--pid=host');
  if (f.get('hostNetwork')?.bool === true) flags.push('--network=host');
  if (f.get('hostIPC')?.bool === true) flags.push('--ipc=host');
  for (const v of f.get('volumes')?.items ?? []) {
    const path = text(v.fields?.get('hostPath')?.fields?.get('path'));
    if (path !== null) flags.push('-v', `${shellWord(strVal(path))}:/host`);
  }
  const containers = f.get('containers')?.items ?? [];
  for (const ct of containers)
    if (ct.fields?.get('securityContext')?.fields?.get('privileged')?.bool === true)
      flags.push('--privileged');
  if (flags.length === 0) return null;
  const image = text(containers[0]?.fields?.get('image'));
  return ['docker run', ...flags, shellWord(strVal(image ?? 'image'))].join(' ');
}

/** A value holding `key: want` somewhere inside (a body's roleRef name, spec replicas). */
function holds(v: Val | undefined, key: string, want: (x: Val) => boolean): boolean {
  if (v === undefined) return false;
  for (const [k, x] of v.fields ?? []) if ((k === key && want(x)) || holds(x, key, want)) return true;
  return (v.items ?? []).some((i) => holds(i, key, want));
}

/**
 * A binding to cluster-admin (its model objects hide their fields: a literal `cluster-admin` in the
 * input counts), or a deployment of a name and namespace the walk cannot know scaled to zero (a
 * loop over every namespace's deployments): the kubectl line it amounts to (K8S-AST-001/003, r6).
 */
function k8sGrantOrScale(snake: string, c: SdkCall): string | null {
  if (/^create_(?:cluster_role_binding|namespaced_role_binding)$/.test(snake)) {
    const admin = (x: Val): boolean => constText(x) === 'cluster-admin';
    return c.args.some((a) => holds(a, 'name', admin)) || c.col.literalTexts().includes('cluster-admin')
      ? 'kubectl create clusterrolebinding x --clusterrole=cluster-admin --serviceaccount=default:default'
      : null;
  }
  if (!/^(?:patch|replace)_namespaced_(?:deployment|stateful_set|replica_set)_scale$/.test(snake))
    return null;
  const opts = c.args[0]?.fields;
  const name = opts?.get('name') ?? c.args[0] ?? c.kw.get('name');
  const ns = opts?.get('namespace') ?? c.args[1] ?? c.kw.get('namespace');
  const body = opts?.get('body') ?? c.args[2] ?? c.kw.get('body');
  const zero = holds(body, 'replicas', (x) => x.num === 0);
  return zero && constText(name) === null && constText(ns) === null
    ? 'kubectl scale deployment --all -A --replicas=0'
    : null;
}

/** Keyword arguments of the docker SDKs' run/create, as `docker run` flags. */
function dockerFlags(kw: ReadonlyMap<string, Val>): string[] {
  const out: string[] = [];
  const get = (...keys: string[]): Val | undefined => keys.map((k) => kw.get(k)).find((v) => v !== undefined);
  const host = kw.get('HostConfig')?.fields;
  const hget = (...keys: string[]): Val | undefined =>
    get(...keys) ?? keys.map((k) => host?.get(k)).find((v) => v !== undefined);
  if (hget('privileged', 'Privileged')?.bool === true) out.push('--privileged');
  const vols = hget('volumes', 'binds', 'Binds', 'Mounts', 'mounts');
  if (vols?.fields)
    for (const [src, spec] of vols.fields) {
      const bind = spec.fields?.get('bind') ?? spec;
      out.push('-v', shellWord(strVal(`${src}:${render(bind)}`)));
    }
  for (const item of vols?.items ?? []) {
    const src = item.fields?.get('Source') ?? item.fields?.get('source');
    const dst = item.fields?.get('Target') ?? item.fields?.get('target');
    out.push('-v', src && dst ? shellWord(strVal(`${render(src)}:${render(dst)}`)) : word(item));
  }
  for (const [key, flag] of [
    [['pid_mode', 'PidMode'], '--pid'],
    [['network_mode', 'NetworkMode'], '--network'],
    [['ipc_mode', 'IpcMode'], '--ipc'],
    [['userns_mode', 'UsernsMode'], '--userns'],
    [['user', 'User'], '--user'],
  ] as const) {
    const v = hget(...key);
    if (v) out.push(flag, word(v));
  }
  for (const [key, flag] of [
    [['cap_add', 'CapAdd'], '--cap-add'],
    [['security_opt', 'SecurityOpt'], '--security-opt'],
    [['devices', 'Devices'], '--device'],
  ] as const)
    for (const v of hget(...key)?.items ?? []) out.push(flag, word(v));
  return out;
}

/** docker.from_env().containers.run(image, cmd, privileged=True, volumes={...}); dockerode createContainer/run. */
/** Object kinds the docker SDKs prune: dockerode's pruneVolumes(), docker-py's client.volumes.prune(). */
const PRUNED: Readonly<Record<string, string>> = {
  Containers: 'container',
  containers: 'container',
  Volumes: 'volume',
  volumes: 'volume',
  Images: 'image',
  images: 'image',
  Networks: 'network',
  networks: 'network',
  Builder: 'builder',
};

/** A prune through the SDK as `docker <kind> prune -f`, its filters as --filter (CTR-AST-001 judges). */
function dockerPrune(sdk: Sdk, method: string, c: SdkCall): boolean {
  const kind =
    sdk.path.length === 0
      ? PRUNED[/^prune(\w+)$/.exec(method)?.[1] ?? '']
      : method === 'prune' && sdk.path.length === 1
        ? PRUNED[sdk.path[0]!]
        : undefined;
  if (kind === undefined) return false;
  const filters = c.args[0]?.fields?.get('filters') ?? c.kw.get('filters') ?? c.args[0];
  const flags: string[] = [];
  for (const [k, v] of filters?.fields ?? []) {
    // dockerode's { dangling: { false: true } } and docker-py's {'dangling': False}: every image, not only untagged ones.
    const value =
      v.fields !== undefined
        ? ([...v.fields.keys()][0] ?? '')
        : v.bool !== undefined
          ? String(v.bool)
          : render(v);
    if (k === 'dangling' && value === 'false') flags.push('-a');
    else flags.push('--filter', shellWord(strVal(`${k}=${value}`)));
  }
  runCli(c, ['docker', kind, 'prune', '-f', ...flags].join(' '));
  return true;
}

function dockerCall(sdk: Sdk, method: string, c: SdkCall): Val | undefined {
  if (dockerPrune(sdk, method, c)) return UNKNOWN;
  const inContainers = sdk.path[sdk.path.length - 1] === 'containers';
  // A container picked or listed (containers.get/list, dockerode getContainer), and a command run in it (r6).
  if (
    (inContainers && (method === 'list' || method === 'get')) ||
    (sdk.path.length === 0 && method === 'getContainer')
  ) {
    const one = sdkVal({ ...sdk, path: ['container'] });
    return method === 'list' ? { ...UNKNOWN, items: [one], each: one } : one;
  }
  if (sdk.path[sdk.path.length - 1] === 'container' && (method === 'exec_run' || method === 'exec')) {
    const cmd = c.args[0]?.fields?.get('Cmd') ?? c.args[0] ?? c.kw.get('cmd');
    if (cmd === undefined) return undefined;
    runCli(c, `docker exec ctr ${cmd.items ? cmd.items.map(word).join(' ') : render(cmd)}`);
    return UNKNOWN;
  }
  const isRun =
    (inContainers && (method === 'run' || method === 'create')) ||
    (sdk.path.length === 0 &&
      (method === 'run' || method === 'createContainer' || method === 'create_container'));
  if (!isRun) return undefined;
  const obj = c.args[0]?.fields;
  const kw = obj ?? c.kw;
  const image = obj ? obj.get('Image') : (c.args[0] ?? c.kw.get('image'));
  const cmd = obj ? obj.get('Cmd') : (c.args[1] ?? c.kw.get('command'));
  // dockerode's run(image, cmd, stream, createOptions): the options are the fourth argument.
  const createOpts = method === 'run' && !obj ? c.args[3]?.fields : undefined;
  const flags = dockerFlags(createOpts ?? kw);
  const cmdWords = cmd ? (cmd.items ? cmd.items.map(word) : [render(cmd)]) : [];
  runCli(c, ['docker run', ...flags, image ? word(image) : 'image', ...cmdWords].join(' '));
  return UNKNOWN;
}

/**
 * A Docker Engine API container spec (`POST /containers/create` body: Image, Cmd, HostConfig) as
 * the `docker run` line it amounts to, so the DKR rules judge a raw socket request too (r3).
 */
export function dockerRunLine(spec: ReadonlyMap<string, Val>): string {
  const image = spec.get('Image');
  const cmd = spec.get('Cmd');
  const cmdWords = cmd ? (cmd.items ? cmd.items.map(word) : [render(cmd)]) : [];
  return ['docker run', ...dockerFlags(spec), image ? word(image) : 'image', ...cmdWords].join(' ');
}

/** Redis commands that change or empty the server; other commands are reads and writes of keys. */
const REDIS_ADMIN =
  /^(?:flushall|flushdb|config|shutdown|replicaof|slaveof|module|script|function|debug|acl|swapdb|bgrewriteaof|save|bgsave|migrate|failover|cluster)(?:_|$)/;

/** Redis commands of one word that clients spell in camel case (flushAll, bgSave). */
const REDIS_ONE_WORD = new Set([
  'flushall',
  'flushdb',
  'shutdown',
  'replicaof',
  'slaveof',
  'swapdb',
  'bgrewriteaof',
  'save',
  'bgsave',
  'failover',
]);

function redisCall(sdk: Sdk, method: string, c: SdkCall): Val | undefined {
  // A list of every key, and a delete over it (code/datastores.ts): the database emptied.
  if (sdk.path.length > 0) return undefined;
  if (method === 'pipeline' || method === 'multi') return sdkVal(sdk);
  const keys = redisEveryKey(sdk, method, c.args, c.kw);
  if (keys !== undefined) return keys;
  // A server on this machine emptied (a dev reset, db=15 for tests): everyday work.
  const local = (): boolean => localReset(sdk.target, c.col.literalTexts());
  if (deletesEveryKey(method, c.args) && c.inTest?.() !== true && !local()) {
    runCli(c, `redis-cli${redisTarget(sdk)} FLUSHDB`);
    return UNKNOWN;
  }
  const compact = method.replace(/_/g, '').toLowerCase();
  const lower = REDIS_ONE_WORD.has(compact)
    ? compact
    : method.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`).toLowerCase();
  let argv: string[];
  if (/^(?:execute_command|send_command|call|command)$/.test(lower)) {
    const list = c.args.length === 1 && c.args[0]!.items ? c.args[0]!.items : c.args;
    argv = list.map(word);
    if (argv.length === 0 || !REDIS_ADMIN.test((constText(list[0]) ?? '').toLowerCase())) return undefined;
  } else {
    if (!REDIS_ADMIN.test(lower)) return undefined;
    if (/^flush/.test(lower) && (c.inTest?.() === true || local())) return undefined;
    argv = [
      ...lower.split('_').map((w) => w.toUpperCase()),
      ...c.args.filter((a) => a.fn === undefined).map(word),
    ];
  }
  runCli(c, `redis-cli${redisTarget(sdk)} ${argv.join(' ')}`);
  return UNKNOWN;
}

/** The redis-cli options that name the client's server. */
function redisTarget(sdk: Sdk): string {
  if (sdk.target === undefined) return '';
  return sdk.target.includes('://')
    ? ` -u ${shellWord(strVal(sdk.target))}`
    : ` -h ${shellWord(strVal(sdk.target))}`;
}

/** A mongo filter that matches every document: none, `{}`. */
function matchesAll(v: Val | undefined): boolean {
  return v === undefined || (v.fields !== undefined && v.fields.size === 0);
}

function mongoCall(sdk: Sdk, method: string, c: SdkCall): Val | undefined {
  const [db, coll] = sdk.path;
  const name = text(c.args[0]);
  const dbExpr = db === undefined || db === '$db' ? 'db' : `db.getSiblingDB(${JSON.stringify(db)})`;
  let js: string | undefined;
  if (/^(?:get_database|getDatabase|db|get_default_database)$/.test(method) && db === undefined)
    return sdkVal({ ...sdk, path: [name ?? '$X'] });
  if (/^(?:get_collection|getCollection|collection)$/.test(method) && db !== undefined && coll === undefined)
    return sdkVal({ ...sdk, path: [db, name ?? '$X'] });
  // db.collections(): every collection of the database, each a client a loop can empty (R9).
  if (method === 'collections' && db !== undefined && coll === undefined)
    return { ...UNKNOWN, each: sdkVal({ ...sdk, path: [db, '$X'] }) };
  if (/^(?:drop_database|dropDatabase)$/.test(method))
    js =
      db === undefined
        ? `db.getSiblingDB(${JSON.stringify(name ?? 'x')}).dropDatabase()`
        : `${dbExpr}.dropDatabase()`;
  else if (/^(?:drop_collection|dropCollection)$/.test(method) && db !== undefined)
    js = `${dbExpr}.getCollection(${JSON.stringify(name ?? 'x')}).drop()`;
  else if (coll !== undefined && method === 'drop')
    js = `${dbExpr}.getCollection(${JSON.stringify(coll)}).drop()`;
  else if (
    coll !== undefined &&
    /^(?:delete_many|deleteMany|remove)$/.test(method) &&
    matchesEveryDocument(c.args[0] ?? c.kw.get('filter'))
  )
    js = `${dbExpr}.getCollection(${JSON.stringify(coll)}).deleteMany({})`;
  // A test hook's reset of its own database (afterAll dropDatabase) is the test's job.
  if (js === undefined || c.inTest?.() === true) return undefined;
  // A server on this machine: a dev or test database reset.
  if (localReset(sdk.target, c.col.literalTexts())) return undefined;
  runCli(
    c,
    `mongosh ${sdk.target ? `${shellWord(strVal(sdk.target))} ` : ''}--eval ${shellWord(strVal(js))}`,
  );
  return UNKNOWN;
}

/** ORM queries: Model.objects.all().delete(), session.query(M).delete(), prisma.user.deleteMany({}). */
function ormCall(sdk: Sdk, method: string, c: SdkCall): Val | undefined {
  const table = sdk.path[0];
  if (table === undefined) return undefined;
  // Rows a test put there, emptied by its own set-up or tear-down, or a database on this machine
  // (a Prisma test helper's resetDb on localhost/app_test, R23 FP), as ormWipe and sqlQuery judge.
  const wipe = (sql: string): void => {
    if (
      c.inTest?.() !== true &&
      !localDatabases(c.col.literalTexts()) &&
      !testEnvDatabase(c.col.envReads, c.col.literalTexts())
    )
      runSql(c, sql);
  };
  if (method === 'truncate' && !sdk.filtered) {
    wipe(`TRUNCATE ${table}`);
    return UNKNOWN;
  }
  if (
    /^(?:filter|filter_by|where|exclude|get|limit|first|join|order_by|all|select_related|only)$/.test(
      method,
    ) ||
    /^(?:(?:and|or)?[wW]here\w*|modify|having|find\w*|search)$/.test(method)
  )
    return sdkVal({
      ...sdk,
      filtered:
        sdk.filtered === true ||
        (!/^(?:all|order_by|select_related|only)$/.test(method) &&
          !((method === 'filter' || method === 'exclude') && djangoEveryRow(method, c.kw, c.args))),
    });
  // A query builder's pending delete or update (kysely deleteFrom/updateTable): run by execute().
  const pending = sdk.path[1];
  if (pending === '$delete' || pending === '$update') {
    if (method === 'set' || method.startsWith('returning')) return sdkVal(sdk);
    if (!method.startsWith('execute')) return undefined;
    if (sdk.filtered) return UNKNOWN;
    wipe(pending === '$delete' ? `DELETE FROM ${table}` : `UPDATE ${table} SET x = 1`);
    return UNKNOWN;
  }
  const where = c.args[0]?.fields?.get('where');
  const whole = !sdk.filtered && (c.args[0]?.fields === undefined || ormWhereEveryRow(where));
  if (
    (method === 'delete' || method === 'deleteMany' || method === 'delete_many' || method === 'del') &&
    whole
  ) {
    wipe(`DELETE FROM ${table}`);
    return UNKNOWN;
  }
  if ((method === 'update' || method === 'updateMany' || method === 'update_many') && whole) {
    wipe(`UPDATE ${table} SET x = 1`);
    return UNKNOWN;
  }
  return undefined;
}

/** One S3 object deleted by key: `aws s3 rm s3://bucket/key`, as the CLI would (not a resource delete). */
function s3DeleteObject(c: SdkCall, bucket: Val | undefined, key: Val | undefined): void {
  if (bucket === undefined) return;
  runCli(c, `aws s3 rm ${shellWord(strVal(`s3://${render(bucket)}/${key ? render(key) : ''}`))}`);
}

/** A search-cluster index name or pattern that names every index. */
const EVERY_INDEX = /^(?:\*|_all|\*,.*|.*,\*)$/;

/** Elasticsearch/OpenSearch: indices.delete(index=...), delete_by_query matching every document. */
function searchCall(sdk: Sdk, method: string, c: SdkCall): Val | undefined {
  // `es.options(ignore_status=404)`, `es.with_options(...)`: the same client with other request options.
  if (sdk.path.length === 0 && (method === 'options' || method === 'with_options')) return sdkVal(sdk);
  const opts = c.args[0]?.fields;
  const index = c.kw.get('index') ?? opts?.get('index') ?? (opts === undefined ? c.args[0] : undefined);
  const base = (sdk.target ?? 'http://elasticsearch:9200').replace(/\/+$/, '');
  const names =
    index === undefined ? '_all' : index.items ? index.items.map(render).join(',') : render(index);
  const del = (): Val => {
    runCli(c, `curl -X DELETE ${shellWord(strVal(`${base}/${names}`))}`);
    return UNKNOWN;
  };
  // One dated index of a series (`logs-2026.09.01`) on a cluster not named for production is
  // rotation (ephemeral-names.ts onePeriod); on a production cluster it stays a remote delete.
  if (sdk.path[0] === 'indices' && method === 'delete')
    return onePeriod([names]) && !PRODUCTION.test(base) ? UNKNOWN : del();
  if (sdk.path.length === 0 && (method === 'delete_by_query' || method === 'deleteByQuery')) {
    const body = c.kw.get('body')?.fields ?? opts?.get('body')?.fields;
    const query = c.kw.get('query') ?? opts?.get('query') ?? body?.get('query');
    // No query, or match_all: every document of the index (or, for `*`, of every index).
    if (query === undefined || query.fields?.has('match_all') === true || EVERY_INDEX.test(names))
      return del();
  }
  return undefined;
}

/** A SQLAlchemy engine (or a bind) on a throwaway database: in-memory or a sqlite file of the project. */
function throwawayDb(v: Val | undefined): boolean {
  const url = v?.sdk?.lib === 'engine' ? v.sdk.target : undefined;
  return (
    url !== undefined &&
    /^sqlite(?:\+\w+)?:\/\/(?:\/(?!\/)[^/].*|\/:memory:|)$/.test(url) &&
    !url.includes('..')
  );
}

/** Database URLs and settings as literals name them (any driver), and in-memory stand-ins. */
const DB_NAMING =
  /^(?:(?:sqlite|postgres(?:ql)?|mysql|mariadb|mssql|oracle|mongodb(?:\+srv)?|mongomock)(?:\+\w+)?:|:memory:$|mongodb-memory-server(?:-core)?$|(?:[\w.]*\.)?test(?:ing)?(?:_?config)?$)/i;

/** A database every run makes anew: sqlite in memory or a project file, a server in memory, a loopback test database. */
function throwawayUrl(t: string): boolean {
  if (t.includes('..')) return false;
  // In memory, or an application config named for tests (`create_app("testing")`, TestingConfig).
  if (/^(?::memory:|mongodb-memory-server(?:-core)?|(?:[\w.]*\.)?test(?:ing)?(?:_?config)?)$/i.test(t))
    return true;
  if (/^mongomock:/i.test(t)) return true;
  if (/^sqlite(?:\+\w+)?:(?::memory:|\/\/(?:\/(?!\/)[^/].*|\/:memory:|)|[^/].*)$/i.test(t)) return true;
  return /^\w+(?:\+\w+)?:\/\/(?:[^@/]*@)?(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?\/[\w-]*test[\w-]*(?:\?.*)?$/i.test(
    t,
  );
}

/**
 * Test set-up and tear-down against a throwaway database (db.drop_all() with an in-memory sqlite
 * app, sequelize.sync({ force: true }) on `sqlite::memory:`, mongoose dropDatabase() on
 * mongodb-memory-server): every database the input names is one, and it names at least one. An
 * input that names any other database, or none, keeps the wipe (issue 22 r4 false positives).
 */
function throwawayInput(col: SdkCall['col']): boolean {
  let named = false;
  for (const t of col.literalTexts()) {
    if (!DB_NAMING.test(t)) continue;
    if (!throwawayUrl(t)) return false;
    named = true;
  }
  return named;
}

/** A query listing a database's tables (to visit each). */
const CATALOG_LISTING =
  /\b(?:pg_tables|pg_class|information_schema\.tables|sqlite_master|sqlite_schema|sys\.tables)\b|^\s*show\s+tables\b/i;

/** The model a call is made on: `User.destroy` → users-ish `user`; null when not a model's name. */
function modelOf(name: string): string | null {
  const parts = name.split('.');
  const owner = parts[parts.length - 2];
  return owner !== undefined && /^[A-Z]\w*$/.test(owner) ? owner.toLowerCase() : null;
}

/**
 * ORM and query-builder calls that drop or empty tables without a client object the walk knows
 * (sequelize, knex, TypeORM, mongoose, Flask-SQLAlchemy): written as the SQL (or mongosh line) they
 * amount to, so SQL-AST-001/002/003/004 and DB-AST-001 decide (issue 22 r3).
 */
function ormWipe(name: string, method: string | undefined, c: SdkCall): Val | undefined {
  // A database on this machine (code/local-store.ts) is a dev or test one: its reset is everyday work.
  if (
    method === undefined ||
    (WIPE_METHODS.has(method) &&
      (throwawayInput(c.col) ||
        c.inTest?.() === true ||
        localDatabases(c.col.literalTexts()) ||
        testEnvDatabase(c.col.envReads, c.col.literalTexts())))
  )
    return undefined;
  const first = c.args[0];
  const opts = first?.fields;
  // mongoose.connection.dropDatabase() / mongoose.connection.db.dropCollection('x').
  if (/^mongoose\.connection(?:\.db)?\.\w+$/.test(name))
    return mongoCall({ lib: 'mongo', path: ['$db'] }, method, c);
  // Flask-SQLAlchemy: User.query.delete() / User.query.update({...}) / User.query.filter_by(...).
  const fq = /(?:^|\.)([A-Z]\w*)\.query\.\w+$/.exec(name);
  if (fq) return ormCall({ lib: 'orm', path: [fq[1]!.toLowerCase()] }, method, c);
  const done = (sql: string): Val => {
    runSql(c, sql);
    return UNKNOWN;
  };
  switch (method) {
    case 'drop_all':
      // Base.metadata.drop_all(engine) / db.drop_all() / MetaData().drop_all(bind=e): every table.
      if (
        !/(?:^|\.)(?:metadata|db)\.drop_all$/.test(name) &&
        !c.kw.has('bind') &&
        first?.sdk?.lib !== 'engine'
      )
        return undefined;
      return throwawayDb(first ?? c.kw.get('bind')) ? undefined : done('DROP SCHEMA public CASCADE');
    case 'sync':
      // sequelize.sync({ force: true }) / Model.sync({ force: true }): tables dropped and re-created.
      if (opts?.get('force')?.bool !== true) return undefined;
      return done(`DROP TABLE ${modelOf(name) ?? 'every_model_table'}`);
    case 'synchronize':
      // TypeORM dataSource.synchronize(true): the schema dropped first.
      return first?.bool === true ? done('DROP SCHEMA public CASCADE') : undefined;
    case 'dropDatabase':
    case 'dropSchema':
    case 'dropAllTables':
    case 'dropAllSchemas':
      // TypeORM dataSource.dropDatabase(), queryInterface.dropAllTables(), sequelize.drop().
      return c.args.length === 0 || opts !== undefined ? done('DROP SCHEMA public CASCADE') : undefined;
    case 'drop':
      // sequelize.drop() / new Sequelize(url).drop(): every model's table.
      return /(?:^|[.\s])(?:sequelize|Sequelize)(?:\.Sequelize)?(?:\(\))?\.drop$/.test(name)
        ? done('DROP SCHEMA public CASCADE')
        : undefined;
    case 'dropTable':
    case 'dropTableIfExists': {
      // A migration's down() dropping the table its up() made: the project's schema rolled back.
      if (c.inDown?.() === true) return undefined;
      // knex.schema.dropTable('users'), queryInterface.dropTable('users'), queryRunner.dropTable('users').
      const table = tableOf(first);
      if (table !== null) return done(`DROP TABLE ${table}`);
      // A name from the catalog's listing of tables (pg_tables, information_schema): every table.
      return first !== undefined && c.col.literalTexts().some((t) => CATALOG_LISTING.test(t))
        ? done('DROP TABLE every_listed_table')
        : undefined;
    }
    case 'deleteFrom':
    case 'updateTable': {
      // kysely db.deleteFrom('orders') / db.updateTable('users'): pending until execute(), narrowed by where().
      const table = tableOf(first);
      return table !== null
        ? sdkVal({ lib: 'orm', path: [table, method === 'deleteFrom' ? '$delete' : '$update'] })
        : undefined;
    }
    case 'destroy': {
      // Model.destroy({ truncate: true }) / ({ where: {} }): every row.
      const model = modelOf(name);
      if (model === null || opts === undefined) return undefined;
      if (opts.get('truncate')?.bool === true) return done(`TRUNCATE ${model}`);
      return opts.has('where') && matchesAll(opts.get('where')) ? done(`DELETE FROM ${model}`) : undefined;
    }
    case 'drop_collection': {
      // mongoengine Document.drop_collection(): the model's whole collection (r5).
      const model = modelOf(name);
      return model !== null && c.args.length === 0 ? done(`DROP TABLE ${model}`) : undefined;
    }
    case 'truncate': {
      const model = modelOf(name);
      return model !== null && (first === undefined || opts !== undefined)
        ? done(`TRUNCATE ${model}`)
        : undefined;
    }
    default:
      return undefined;
  }
}

/** GitPython's repo.git.<command>(...), repo.remote().push(force=True), repo.head.reset(working_tree=True); simple-git. */
function gitCall(sdk: Sdk, method: string, c: SdkCall): Val | undefined {
  const last = sdk.path[sdk.path.length - 1];
  const args = c.args.filter((a) => a.fn === undefined);
  if (last === 'git') {
    // repo.git.push('--force', 'origin', 'main'): the git command line itself.
    if (method === 'execute') {
      const argv = args[0]?.items;
      if (argv) runCli(c, shellJoin(argv));
      return UNKNOWN;
    }
    runCli(c, ['git', kebab(method), ...options(c.kw), ...args.flatMap(words)].join(' '));
    return UNKNOWN;
  }
  if (method === 'remote' && sdk.path.length === 0)
    return sdkVal({ ...sdk, path: ['remote', text(args[0]) ?? 'origin'] });
  // repo.create_remote(name, url) / simple-git addRemote(name, url): a remote named for later pushes.
  const remoteUrl = args[1] ?? c.kw.get('url');
  if ((method === 'create_remote' || method === 'addRemote') && sdk.path.length === 0 && remoteUrl) {
    runCli(c, ['git remote add', ...[args[0] ?? UNKNOWN, remoteUrl].flatMap(words)].join(' '));
    return method === 'addRemote'
      ? { ...opaque(args), sdk }
      : sdkVal({ ...sdk, path: ['remote', text(args[0]) ?? 'origin'] });
  }
  if (
    ((sdk.path[0] === 'remotes' && sdk.path.length === 2) || sdk.path[0] === 'remote') &&
    method === 'push'
  ) {
    // GitPython's push(refspec=...) is the command line's refspec operand, after the remote.
    const refspec = c.kw.get('refspec');
    const refs = [...args, ...(refspec !== undefined ? [refspec] : [])].flatMap(words);
    runCli(c, ['git push', ...options(c.kw, new Set(['refspec'])), sdk.path[1]!, ...refs].join(' '));
    return UNKNOWN;
  }
  if (last === 'head' && method === 'reset') {
    const hard = c.kw.get('working_tree')?.bool === true;
    runCli(c, `git reset${hard ? ' --hard' : ''}`);
    return UNKNOWN;
  }
  if (sdk.path.length > 0) return undefined;
  // simple-git: git.push('origin', 'main', ['--force']), git.raw(['push', '-f']), git.reset(['--hard']).
  const flat = args.flatMap((a) =>
    a.fields ? [...a.fields.keys()].map((k) => shellWord(strVal(k))) : words(a),
  );
  // simple-git's mode words: reset('hard'), clean('f').
  const mode = (w: string): string =>
    w === 'hard' || w === 'soft' || w === 'mixed' ? `--${w}` : /^[fdxXn]+$/.test(w) ? `-${w}` : w;
  if (method === 'raw') runCli(c, ['git', ...flat].join(' '));
  else if (/^(?:push|reset|clean|checkout|branch|rm|tag|stash)$/.test(method))
    runCli(
      c,
      ['git', method, ...(method === 'reset' || method === 'clean' ? flat.map(mode) : flat)].join(' '),
    );
  else return undefined;
  return { ...opaque(args), sdk };
}
