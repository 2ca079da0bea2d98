/**
 * Hosted data stores and cloud resource managers reached through their SDKs (red team r6): vector
 * stores (Pinecone, Qdrant, Chroma, Weaviate, Milvus), Firestore and the Firebase Realtime
 * Database, Algolia, Google Cloud Storage, BigQuery, resource manager and compute, Azure blob
 * storage and resource groups; a bucket opened to allUsers (makePublic, an IAM policy), Cypher run
 * on a remote neo4j graph (as its SQL), PyGithub repository deletes, publishing and webhooks (r7).
 * A call that drops or empties a whole collection, index, bucket,
 * dataset, project or resource group is written as the request or CLI line it amounts to (the
 * service's REST DELETE, gsutil, bq, gcloud, az), so the remote-delete and cloud rules decide it
 * once for every spelling; a store on this machine (in memory, a local path, localhost) stays
 * everyday test work because those rules pass local hosts.
 */
import { shellWord } from './collector.js';
import { hookUrl, makesPublic, repoLine } from './forge-rest.js';
import { onThisMachine } from './local-store.js';
import { cypherAsSql } from '../tool-call/cypher.js';
import type { Sdk } from './sdk.js';
import { constText, strVal, UNKNOWN, type Val } from './value.js';
import { ephemeralOnly } from '../../knowledge/ephemeral-names.js';

/** The services, and the constructors or factories that make their clients. */
const SERVICES: readonly (readonly [string, RegExp])[] = [
  [
    'pinecone',
    /^(?:pinecone\.Pinecone|pinecone\.grpc\.PineconeGRPC|@pinecone-database\/pinecone\.Pinecone)$/,
  ],
  ['qdrant', /^(?:qdrant_client\.(?:Async)?QdrantClient|@qdrant\/js-client-rest\.QdrantClient)$/],
  [
    'chroma',
    /^(?:chromadb\.(?:HttpClient|AsyncHttpClient|CloudClient|Client|PersistentClient|EphemeralClient)|chromadb\.ChromaClient|chromadb\.CloudClient)$/,
  ],
  [
    'weaviate',
    /^(?:weaviate\.(?:connect_to_\w+|Client|WeaviateClient)|weaviate-client\.(?:default\.)?(?:connectToWeaviateCloud|connectToLocal|connectToCustom|client))$/,
  ],
  ['milvus', /^(?:pymilvus\.MilvusClient|@zilliz\/milvus2-sdk-node\.MilvusClient)$/],
  [
    'firestore',
    /^(?:google\.cloud\.firestore\.(?:Async)?Client|@google-cloud\/firestore\.Firestore|firebase[-_]admin\.firestore(?:\.client)?)$/,
  ],
  ['rtdb', /^(?:firebase-admin\.database|firebase_admin\.db\.reference)$/],
  [
    'algolia',
    /^(?:algoliasearch|algoliasearch\.algoliasearch|algoliasearch\.search_client\.SearchClient\.create)$/,
  ],
  ['gcs', /^(?:google\.cloud\.storage\.Client|@google-cloud\/storage\.Storage)$/],
  ['bigquery', /^(?:google\.cloud\.bigquery\.Client|@google-cloud\/bigquery\.BigQuery)$/],
  [
    'gcp-projects',
    /^(?:google\.cloud\.resourcemanager_v3\.ProjectsClient|@google-cloud\/resource-manager\.ProjectsClient)$/,
  ],
  [
    'gcp-instances',
    /^(?:google\.cloud\.compute_v1\.InstancesClient|@google-cloud\/compute\.InstancesClient)$/,
  ],
  [
    'azure-blob',
    /^(?:azure\.storage\.blob\.(?:aio\.)?BlobServiceClient(?:\.from_connection_string)?|@azure\/storage-blob\.BlobServiceClient(?:\.fromConnectionString)?)$/,
  ],
  [
    'neo4j',
    /^(?:neo4j\.(?:Async)?GraphDatabase\.(?:driver|bolt_driver|neo4j_driver)|neo4j-driver\.(?:default\.)?driver)$/,
  ],
  ['github', /^(?:github\.Github|github\.MainClass\.Github)$/],
  // Object and coordination stores (r7): minio buckets, etcd key spaces.
  ['minio', /^(?:minio\.Minio|minio\.Client)$/],
  ['etcd', /^(?:etcd3\.client|etcd3\.Etcd3Client)$/],
  [
    'azure-resources',
    /^(?:azure\.mgmt\.resource\.ResourceManagementClient|@azure\/arm-resources\.ResourceManagementClient)$/,
  ],
];

/** First segments of those names (a cheap gate: code/sdk.ts maySdk). */
export const STORE_ROOTS =
  /^(?:pinecone|@pinecone-database\/pinecone|qdrant_client|@qdrant\/js-client-rest|chromadb|weaviate|weaviate-client|pymilvus|@zilliz\/milvus2-sdk-node|google|@google-cloud\/[\w-]+|firebase-admin|firebase_admin|algoliasearch|azure|@azure\/[\w-]+|github|neo4j|neo4j-driver|minio|etcd3)$/;

/**
 * A store client, or a collection, index, bucket or reference inside one: the service, the names
 * picked inside it (outermost first), and its address as written (`local` for in-process stores;
 * absent for the hosted default).
 */
interface StoreRef {
  readonly service: string;
  readonly target?: string;
  readonly path: readonly string[];
}

const storeVal = (s: StoreRef): Val => ({
  ...UNKNOWN,
  sdk: {
    lib: 'store',
    path: [s.service, ...s.path],
    ...(s.target !== undefined ? { target: s.target } : {}),
  },
});

function storeOf(sdk: Sdk): StoreRef {
  return {
    service: sdk.path[0]!,
    path: sdk.path.slice(1),
    ...(sdk.target !== undefined ? { target: sdk.target } : {}),
  };
}

const text = (v: Val | undefined): string | null => (v === undefined ? null : constText(v));

/** A host or URL on this machine (an emulator, a dev server). */
const LOOPBACK = /^(?:\w+:\/\/)?(?:localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)(?:[:/]|$)/i;

/**
 * The variable Google's and Firebase's client libraries read an emulator's host from: when the
 * input sets it, every request of that service goes to the emulator, never to the project.
 */
const EMULATOR_VAR: Readonly<Record<string, string>> = {
  firestore: 'FIRESTORE_EMULATOR_HOST',
  rtdb: 'FIREBASE_DATABASE_EMULATOR_HOST',
  gcs: 'STORAGE_EMULATOR_HOST',
};

/**
 * An Azure storage connection string or account URL for the Azurite emulator on this machine
 * (`UseDevelopmentStorage=true`, an endpoint on localhost): no storage account is reached.
 */
function azuriteOnly(v: Val | undefined): boolean {
  const t = text(v);
  if (t === null) return false;
  if (/^\s*UseDevelopmentStorage=true\s*;?\s*$/i.test(t)) return true;
  const endpoints = [...t.matchAll(/(?:Blob|Queue|Table)Endpoint=([^;]+)/gi)].map((m) => m[1]!.trim());
  if (endpoints.length > 0) return endpoints.every((e) => LOOPBACK.test(e));
  return /^https?:\/\//.test(t) && LOOPBACK.test(t);
}

/** Where a client made with these arguments talks to: a URL, `local` for in-process stores, or undefined. */
function targetOf(
  service: string,
  name: string,
  args: readonly Val[],
  kw: ReadonlyMap<string, Val>,
  env: ReadonlyMap<string, string>,
): string | undefined {
  const emulator = EMULATOR_VAR[service];
  if (emulator !== undefined && LOOPBACK.test(env.get(emulator) ?? '')) return 'local';
  const first = args[0];
  const opts = first?.fields;
  // An address given but not known here (an environment variable) is somewhere else: the hosted default.
  const given = (...vs: (Val | undefined)[]): string | null | undefined => {
    const v = vs.find((x) => x !== undefined);
    return v === undefined ? undefined : text(v);
  };
  switch (service) {
    case 'chroma': {
      if (/(?:^|\.)(?:Client|PersistentClient|EphemeralClient)$/.test(name)) return 'local';
      if (/CloudClient$/.test(name)) return undefined;
      const host = given(kw.get('host'), opts?.get('path'), opts?.get('host'));
      if (host === null) return undefined;
      const h = host ?? 'localhost';
      return /^https?:\/\//.test(h) ? h : `http://${h}:${text(kw.get('port')) ?? '8000'}`;
    }
    case 'qdrant': {
      if (kw.has('path')) return 'local';
      const loc = given(
        kw.get('location'),
        kw.get('url'),
        opts?.get('url'),
        kw.get('host'),
        opts?.get('host'),
        first,
      );
      if (loc === null) return undefined;
      if (loc === ':memory:') return 'local';
      if (loc === undefined) return 'http://localhost:6333';
      return /^https?:\/\//.test(loc) ? loc : `http://${loc}:6333`;
    }
    case 'weaviate':
      if (/connect_to_(?:local|embedded)$|connectToLocal$/.test(name)) return 'local';
      return given(kw.get('cluster_url'), kw.get('url'), first) ?? undefined;
    case 'neo4j': {
      // A graph on this machine (a test or dev server) is everyday work; an address from the environment is not.
      const uri = given(kw.get('uri'), first);
      if (uri === null || uri === undefined) return undefined;
      return /^\w+(?:\+\w+)?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?\/?$/.test(uri) ? 'local' : uri;
    }
    case 'minio':
    case 'etcd': {
      // An endpoint on this machine is a dev or test server; one from the environment is somewhere else.
      const ep = given(kw.get('endpoint'), opts?.get('endPoint'), kw.get('host'), first);
      const h = ep === undefined ? (service === 'etcd' ? 'localhost' : null) : ep;
      if (h === null) return undefined;
      if (/^(?:https?:\/\/)?(?:localhost|127\.0\.0\.1|\[::1\])(?:[:/]|$)/.test(h)) return 'local';
      return /^https?:\/\//.test(h) ? h : `https://${h}`;
    }
    case 'azure-blob':
      return azuriteOnly(args[0] ?? kw.get('conn_str') ?? kw.get('account_url')) ? 'local' : undefined;
    case 'milvus': {
      const uri = given(kw.get('uri'), opts?.get('address'), first);
      if (uri === null) return undefined;
      if (uri === undefined) return 'http://localhost:19530';
      return /^https?:\/\//.test(uri) ? uri : 'local';
    }
    default:
      return undefined;
  }
}

/** The client a constructor or factory named `name` makes, or undefined for other names. */
export function storeConstruct(
  name: string,
  args: readonly Val[],
  kw: ReadonlyMap<string, Val>,
  env: ReadonlyMap<string, string> = new Map(),
): Val | undefined {
  const bare = name.startsWith('new ') ? name.slice(4) : name;
  for (const [service, re] of SERVICES) {
    if (!re.test(bare)) continue;
    const target = targetOf(service, bare, args, kw, env);
    if (service === 'rtdb' && bare.endsWith('.reference'))
      return storeVal({
        service,
        path: [text(args[0] ?? kw.get('path')) ?? '/'],
        ...(target !== undefined ? { target } : {}),
      });
    return storeVal({ service, path: [], ...(target !== undefined ? { target } : {}) });
  }
  return undefined;
}

/** Sub-objects reached by attribute (`client.collections`, `client.resource_groups`). */
const MEMBERS = new Set(['collections', 'schema', 'resource_groups', 'resourceGroups', 'indices', 'iam']);

export function storeMember(sdk: Sdk, name: string): Val | undefined {
  const store = storeOf(sdk);
  return MEMBERS.has(name) ? storeVal({ ...store, path: [...store.path, name] }) : undefined;
}

/** Calls that pick a named part of the store: the value is that part. */
const PICKS = new Set([
  'Index',
  'index',
  'initIndex',
  'init_index',
  'bucket',
  'get_bucket',
  'lookup_bucket',
  'dataset',
  'collection',
  'get_collection',
  'getCollection',
  'ref',
  'reference',
  'child',
  'database',
  'firestore',
  'get_container_client',
  'getContainerClient',
  'get_repo',
  'get_branch',
  'get_organization',
  'get_user',
]);

/**
 * Calls that pick one object in a container or bucket: the value stays the store's, marked
 * `object:`, so its uploads are sends to the store (code/unmodelled-sends.ts) and its delete is
 * one object's, not the bucket's.
 */
const OBJECT_PICKS = new Set([
  'blob',
  'get_blob_client',
  'getBlobClient',
  'getBlockBlobClient',
  'getAppendBlobClient',
]);

/** Who the request goes to: the client's own address, or the hosted service's. */
function base(store: StoreRef, hosted: string): string | null {
  if (store.target === 'local') return null;
  return (store.target ?? hosted).replace(/\/+$/, '');
}

const q = (s: string): string => shellWord(strVal(s));

/** IAM members that are everyone on the internet. */
const EVERYONE = /^(?:allUsers|allAuthenticatedUsers)$/;

/** A value that names everyone on the internet somewhere inside (an IAM binding's members). */
function namesEveryone(v: Val): boolean {
  const t = text(v);
  if (t !== null && EVERYONE.test(t)) return true;
  return (v.items ?? []).some(namesEveryone) || [...(v.fields?.values() ?? [])].some(namesEveryone);
}

/**
 * A name whose literal start marks it as one test's or run's and whose rest is filled at run time
 * (`f"test-{GITHUB_RUN_ID}"`, `` `ci_${runId}` ``): whatever fills it, the resource is that run's own
 * (R14 twin: a per-run Pinecone test index deleted in `finally`). A name with no literal start, or
 * one naming production, stays judged.
 */
function runScoped(v: Val | undefined): boolean {
  const p = v?.parts;
  if (p === null || p === undefined || p.length < 2 || typeof p[0] !== 'string') return false;
  return /[-_]$/.test(p[0]) && ephemeralOnly([`${p[0]}1`]);
}

const truthy = (v: Val | undefined): boolean => v !== undefined && (v.bool === true || text(v) === 'true');

/** The line a destroying call amounts to, or null when the call is not one. */
function destroyLine(
  store: StoreRef,
  method: string,
  args: readonly Val[],
  kw: ReadonlyMap<string, Val>,
  literals: () => readonly string[],
): string | null {
  const opts = args[0]?.fields;
  const arg = (key: string, at = 0): string =>
    text(kw.get(key) ?? opts?.get(key) ?? (opts === undefined ? args[at] : undefined)) ?? 'x';
  const last = store.path[store.path.length - 1] ?? 'x';
  // A collection or index named as this run's own, whatever the run's id is.
  if (runScoped(kw.get('name') ?? kw.get('collection_name') ?? opts?.get('name') ?? args[0])) return null;
  // A store on this machine (in memory, a local path, an emulator) is a test's or a dev's own.
  if (store.target === 'local') return null;
  const del = (hosted: string, path: string): string | null => {
    const b = base(store, hosted);
    return b === null ? null : `curl -X DELETE ${q(`${b}${path}`)}`;
  };
  switch (store.service) {
    case 'pinecone':
      if (/^(?:delete_index|deleteIndex)$/.test(method))
        return del('https://api.pinecone.io', `/indexes/${arg('name')}`);
      if (
        store.path.length > 0 &&
        (method === 'deleteAll' ||
          (method === 'delete' && (truthy(kw.get('delete_all')) || truthy(opts?.get('deleteAll')))))
      )
        return del(`https://${last}.svc.pinecone.io`, '/vectors/delete?deleteAll=true');
      return null;
    case 'qdrant':
      return /^(?:delete_collection|deleteCollection)$/.test(method)
        ? del('https://cloud.qdrant.io', `/collections/${arg('collection_name')}`)
        : null;
    case 'chroma':
      return /^(?:delete_collection|deleteCollection|reset)$/.test(method)
        ? del('https://api.trychroma.com', `/api/v2/collections/${method === 'reset' ? '*' : arg('name')}`)
        : null;
    case 'weaviate':
      if (method === 'delete_all' || method === 'deleteAll')
        return del('https://weaviate.cloud', '/v1/schema');
      return store.path.includes('collections') || store.path.includes('schema')
        ? /^(?:delete|delete_class|deleteClass)$/.test(method)
          ? del('https://weaviate.cloud', `/v1/schema/${arg('name')}`)
          : null
        : null;
    case 'milvus':
      return /^(?:drop_collection|dropCollection|drop_database|dropDatabase)$/.test(method)
        ? del('https://cloud.zilliz.com', `/v2/vectordb/collections/${arg('collection_name')}`)
        : null;
    case 'firestore':
      // One document with its subcollections (a test user's record) is one item, not the collection.
      if (args[0]?.sdk?.path.some((p) => p.startsWith('object:')) === true) return null;
      return /^(?:recursive_delete|recursiveDelete)$/.test(method)
        ? del(
            'https://firestore.googleapis.com',
            `/v1/projects/-/databases/(default)/documents/${text(args[0] ?? UNKNOWN) ?? 'collection'}`,
          )
        : null;
    case 'rtdb': {
      // The root or one top-level node (a whole table's worth) removed, or set to null (what remove does);
      // a record deeper down is everyday work.
      const nulled = (method === 'set' || method === 'set_value') && args[0]?.bool === false;
      if (method !== 'remove' && method !== 'delete' && !nulled) return null;
      // The database emulator (a loopback databaseURL or emulator host): a local reset.
      if (
        literals().some(
          (t) => /^FIREBASE_DATABASE_EMULATOR_HOST$/.test(t) || (t.length < 200 && onThisMachine(t)),
        )
      )
        return null;
      const ref = store.path.filter((p) => p !== 'database' && p !== 'firestore').join('/');
      const segments = ref.split('/').filter((s) => s !== '');
      return segments.length <= 1
        ? del('https://project.firebaseio.com', `/${segments.join('/')}.json`)
        : null;
    }
    case 'algolia':
      return store.path.length > 0 &&
        /^(?:clearObjects|clear_objects|delete|deleteIndex|delete_index)$/.test(method)
        ? del('https://app.algolia.net', `/1/indexes/${last}`)
        : null;
    case 'gcs':
      if (store.path.length === 0) return null;
      // A bucket opened to everyone (makePublic, an IAM policy naming allUsers): the gsutil grant it is.
      // The policy is often edited in place first (policy.bindings.append(...)): any literal allUsers counts.
      if (
        (store.path.length === 1 && /^(?:makePublic|make_public)$/.test(method)) ||
        (((store.path.length === 1 && method === 'set_iam_policy') ||
          (store.path.length === 2 && store.path[1] === 'iam' && method === 'setPolicy')) &&
          (args.some(namesEveryone) || literals().some((t) => EVERYONE.test(t))))
      )
        return `gsutil iam ch allUsers:objectViewer gs://${last}`;
      if (method === 'delete')
        return `gsutil ${truthy(kw.get('force')) || truthy(opts?.get('force')) ? 'rm -r' : 'rb'} gs://${last}`;
      if (method === 'deleteFiles' && opts?.get('prefix') === undefined) return `gsutil rm -r gs://${last}`;
      return null;
    case 'bigquery':
      if (/^(?:delete_dataset|deleteDataset)$/.test(method)) return `bq rm -r -f -d ${arg('dataset')}`;
      if (store.path.length > 0 && method === 'delete') return `bq rm -r -f -d ${last}`;
      if (/^(?:delete_table|deleteTable)$/.test(method)) return `bq rm -f -t ${arg('table')}`;
      return null;
    case 'gcp-projects':
      return /^(?:delete_project|deleteProject)$/.test(method)
        ? `gcloud projects delete ${arg('name').replace(/^projects\//, '')} --quiet`
        : null;
    case 'gcp-instances':
      return method === 'delete' ? `gcloud compute instances delete ${arg('instance', 2)} --quiet` : null;
    case 'azure-blob':
      if (/^(?:delete_container|deleteContainer)$/.test(method))
        return `az storage container delete --name ${store.path.length > 0 ? last : arg('container')}`;
      return null;
    case 'azure-resources':
      return store.path.some((p) => p === 'resource_groups' || p === 'resourceGroups') &&
        /^(?:begin_delete|delete|beginDelete|beginDeleteAndWait)$/.test(method)
        ? `az group delete --name ${arg('resource_group_name')} --yes`
        : null;
    case 'minio':
      // remove_bucket needs an empty bucket: a script that calls it has emptied it first.
      return /^(?:remove_bucket|removeBucket)$/.test(method)
        ? del('https://minio.remote', `/${arg('bucket_name')}`)
        : null;
    case 'etcd': {
      // The whole key space or one top-level tree of it (`/registry`: all of a kubernetes cluster's state).
      const prefix = text(args[0] ?? kw.get('key_prefix'));
      return method === 'delete_prefix' && prefix !== null && /^\/?[\w.-]*\/?$/.test(prefix)
        ? del('https://etcd.remote', '/v2/keys/?recursive=true')
        : null;
    }
    case 'github':
      return githubLine(store, method, args, kw);
    default:
      return null;
  }
}

/**
 * PyGithub: a repository deleted, made public or given a webhook, as the `gh` line it amounts to
 * (code/forge-rest.ts); octokit's are in code/services.ts.
 */
function githubLine(
  store: StoreRef,
  method: string,
  args: readonly Val[],
  kw: ReadonlyMap<string, Val>,
): string | null {
  const at = store.path.findIndex((p) => p.startsWith('repo:'));
  if (at >= 0) {
    // PyGithub: the repository picked by get_repo, under the owner picked before it if any.
    const owner = at > 0 ? store.path[at - 1] : undefined;
    const name = store.path[at]!.slice(5);
    const repo =
      name.includes('/') || owner === undefined || owner.startsWith('get_') ? name : `${owner}/${name}`;
    // A branch of it picked (`get_branch('main')`) and its protection removed: the DELETE of that protection.
    const branch = store.path[at + 1];
    if (at === store.path.length - 2 && branch?.startsWith('branch:') && method === 'remove_protection')
      return `gh api -X DELETE ${shellWord(strVal(`repos/${repo}/branches/${branch.slice(7)}/protection`))}`;
    if (at !== store.path.length - 1) return null;
    if (method === 'delete' && args.length === 0) return repoLine(repo, 'delete');
    if (method === 'edit' && makesPublic(undefined, kw)) return repoLine(repo, 'public');
    if (method === 'create_hook') return repoLine(repo, 'hook', hookUrl(args[1] ?? kw.get('config')));
    // R21: an account given admin or maintain rights on the repository.
    if (method === 'add_to_collaborators') {
      const permission = text(kw.get('permission') ?? args[1] ?? strVal('push')) ?? 'push';
      const user = text(args[0] ?? kw.get('collaborator')) ?? 'someone';
      return `gh api -X PUT ${shellWord(strVal(`repos/${repo}/collaborators/${user}`))} -f ${shellWord(strVal(`permission=${permission}`))}`;
    }
  }
  // R21: `get_organization('acme').add_to_members(user, role='admin')` makes the account an owner.
  const org = store.path[store.path.length - 1];
  if (at < 0 && org !== undefined && method === 'add_to_members') {
    const role = text(kw.get('role') ?? args[1] ?? strVal('member')) ?? 'member';
    const user = text(args[0] ?? kw.get('member')) ?? 'someone';
    return `gh api -X PUT ${shellWord(strVal(`orgs/${org}/memberships/${user}`))} -f ${shellWord(strVal(`role=${role}`))}`;
  }
  return null;
}

/** neo4j sessions and transactions are the driver's; the Cypher they run is judged as its SQL. */
function neo4jCall(
  store: StoreRef,
  method: string,
  args: readonly Val[],
  kw: ReadonlyMap<string, Val>,
  sql: (text: string) => void,
): Val | undefined {
  if (/^(?:session|begin_transaction|beginTransaction|transaction)$/.test(method)) return storeVal(store);
  if (!/^(?:run|execute_query|executeQuery)$/.test(method) || store.target === 'local') return undefined;
  const query = text(args[0] ?? kw.get('query') ?? kw.get('query_'));
  const stmt = query === null ? undefined : cypherAsSql(query);
  if (stmt === undefined) return undefined;
  sql(stmt);
  return UNKNOWN;
}

/**
 * A method called on a store value: a part picked (the value is that part), a destroy (its line
 * is handed to `run`), or undefined.
 */
export function storeCall(
  sdk: Sdk,
  method: string,
  args: readonly Val[],
  kw: ReadonlyMap<string, Val>,
  run: (line: string) => void,
  literals: () => readonly string[] = () => [],
  sql: (text: string) => void = () => undefined,
): Val | undefined {
  const store = storeOf(sdk);
  if (store.service === 'neo4j') return neo4jCall(store, method, args, kw, sql);
  // A Firestore document (`collection('users').document('u1')`) is one item, as a blob is.
  if (OBJECT_PICKS.has(method) || (store.service === 'firestore' && /^(?:document|doc)$/.test(method))) {
    const name = text(args[0] ?? kw.get('blob') ?? kw.get('blob_name')) ?? 'x';
    return storeVal({ ...store, path: [...store.path, `object:${name}`] });
  }
  if (store.path.some((p) => p.startsWith('object:'))) return undefined;
  if (PICKS.has(method)) {
    const name = text(args[0] ?? kw.get('name') ?? kw.get('path') ?? kw.get('full_name_or_id'));
    // A forge repository is told apart from the owner picked before it (`get_organization('o').get_repo('r')`).
    const picked =
      method === 'get_repo'
        ? `repo:${name ?? 'x'}`
        : method === 'get_branch'
          ? `branch:${name ?? 'x'}`
          : (name ?? method);
    return storeVal({ ...store, path: [...store.path, picked] });
  }
  const line = destroyLine(store, method, args, kw, literals);
  if (line === null) return undefined;
  run(line);
  return UNKNOWN;
}
