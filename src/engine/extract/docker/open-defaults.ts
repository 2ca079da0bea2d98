/**
 * Datastore images that serve every client with no authentication unless told otherwise: the
 * official redis image turns protected mode off, mongo has no root user, memcached, Cassandra and
 * Scylla allow everyone, Elasticsearch and Kibana before 8 and InfluxDB 1 leave security off, MinIO
 * falls back to minioadmin/minioadmin; Qdrant, Chroma, Meilisearch, Ollama, NATS, RethinkDB, CouchDB 2
 * and redis-commander ask for no login unless configured; dnsmasq forwards anyone's queries; Kafka
 * told to allow PLAINTEXT and a proxy told to allow all (R14) serve anyone. Published on every interface with no auth setting in view,
 * anyone who reaches the machine reads and writes the data (red team r7).
 */

interface OpenImage {
  /** The repository, without registry host, `library/`, tag or digest. */
  readonly name: RegExp;
  /** Tags that are open by default (all when absent; no tag reads as `latest`). */
  readonly tags?: RegExp;
  /** First command words that start the server itself; another program (a client, a shell) is not it. */
  readonly server: RegExp;
  /** An environment entry (`NAME=value` or `NAME`) or command word that sets authentication. */
  readonly closed: RegExp;
  /** An environment entry or command word without which the image is not open (a known token set). */
  readonly opens?: RegExp;
  /** What is open, for the reason. */
  readonly what: string;
}

const OPEN_IMAGES: readonly OpenImage[] = [
  {
    // Kafka advertising a PLAINTEXT listener to outside clients (R14: `PLAINTEXT://0.0.0.0:9092`, or
    // a numeric address): no authentication, so whoever reaches the port reads and writes every
    // topic. Without an outside advertised address (r9 twin: a quick-start compose) clients outside
    // are sent to the container's own name and cannot use the broker.
    name: /^(?:bitnami\/kafka|apache\/kafka|confluentinc\/cp-kafka|wurstmeister\/kafka)$/,
    server: /^(?:kafka|kafka-server-start(?:\.sh)?|\/opt\/bitnami\/scripts\/kafka\/run\.sh)$/,
    closed:
      /^KAFKA_(?:CFG_)?(?:SASL|SSL)_|^KAFKA_CLIENT_USERS=|^KAFKA_(?:CFG_)?LISTENERS=[^,]*(?:127\.0\.0\.1|localhost)/,
    opens:
      /^KAFKA_(?:CFG_)?ADVERTISED_LISTENERS=(?:[^,]*,)*PLAINTEXT:\/\/(?!127\.|localhost\b)(?:0\.0\.0\.0|\d+\.\d+\.\d+\.\d+|\[[\da-f:]+\])(?::\d+)?(?:,|$)/i,
    what: 'Kafka with a plaintext listener and no authentication',
  },
  {
    // A forward proxy told to allow every client (R14: ALLOW_ALL=true): an open proxy for anyone's traffic.
    name: /^(?:ubuntu\/squid|sameersbn\/squid|datadog\/squid|b4tman\/squid|[\w.-]+\/squid|squid|[\w.-]+\/tinyproxy|vimagick\/tinyproxy)$/,
    server: /^(?:squid|tinyproxy)$/,
    closed: /\.conf$/,
    opens:
      /^(?:ALLOW_ALL|ALLOW_ANY|OPEN_PROXY|PROXY_ALLOW_ALL|ALLOWED_NETWORKS=0\.0\.0\.0\/0|ALLOW=0\.0\.0\.0\/0)(?:=(?:true|yes|1|on))?$/i,
    what: 'a forward proxy that accepts every client (an open proxy)',
  },
  {
    name: /^(?:redis|valkey\/valkey|eqalpha\/keydb|redis\/redis-stack(?:-server)?)$/,
    server: /^(?:redis-server|valkey-server|keydb-server|redis-stack-server)$/,
    closed: /^--(?:requirepass|aclfile|user)[= ]\S|^REDIS_PASSWORD=\S|\.conf$/,
    what: 'redis without a password (the image turns protected mode off)',
  },
  {
    name: /^mongo$/,
    server: /^mongod$/,
    closed: /^MONGO_INITDB_ROOT_USERNAME(?:_FILE)?\b|^--(?:auth|keyFile|config)\b|^-f$/,
    what: 'mongo without a root user',
  },
  {
    // Published on every interface, a forwarder answers anyone's recursive queries (R13: an open
    // resolver, used to amplify floods). Pi-hole and bind9 answer only local networks by default.
    name: /^(?:[\w.-]+\/)?dnsmasq$/,
    server: /^dnsmasq$/,
    closed: /^--(?:local-service|interface|listen-address|except-interface|conf-file)\b|^-[ai]$|\.conf$/,
    what: 'a DNS forwarder that answers anyone (an open resolver)',
  },
  {
    name: /^memcached$/,
    server: /^memcached$/,
    closed: /^(?:-S|--enable-sasl)$|^(?:-l|--listen)[= ]?(?:127\.|localhost\b)/,
    what: 'memcached, which has no authentication',
  },
  {
    name: /^(?:elasticsearch|elasticsearch\/elasticsearch(?:-oss)?|kibana|kibana\/kibana(?:-oss)?)$/,
    tags: /^[1-7](?:[.-]|$)/,
    server: /^(?:elasticsearch|eswrapper|kibana|\/usr\/local\/bin\/(?:docker-entrypoint\.sh|kibana-docker))$/,
    closed:
      /^(?:-E)?xpack\.security\.enabled=true$|^ELASTICSEARCH_(?:USERNAME|PASSWORD|SERVICEACCOUNTTOKEN)\b/i,
    what: 'Elasticsearch/Kibana before 8, whose security is off by default',
  },
  {
    name: /^(?:cassandra|scylladb\/scylla)$/,
    server: /^(?:cassandra|scylla)$/,
    closed: /^CASSANDRA_AUTHENTICATOR\b|^--authenticator\b/,
    what: 'Cassandra/Scylla with the default AllowAllAuthenticator',
  },
  {
    name: /^(?:minio\/minio|quay\.io\/minio\/minio)$/,
    server: /^server$/,
    closed: /^MINIO_(?:ROOT_PASSWORD|SECRET_KEY)(?:_FILE)?\b/,
    what: 'MinIO with its default minioadmin/minioadmin credentials',
  },
  {
    name: /^(?:qdrant\/qdrant)$/,
    server: /^(?:\.\/qdrant|qdrant|\.\/entrypoint\.sh)$/,
    closed: /^QDRANT__SERVICE__(?:READ_ONLY_)?API_KEY\b|config\.yaml$/,
    what: 'Qdrant without an API key, where anyone reads or deletes the collections',
  },
  {
    name: /^(?:chromadb\/chroma|ghcr\.io\/chroma-core\/chroma)$/,
    server: /^(?:chroma|uvicorn|\/docker_entrypoint\.sh)$/,
    closed: /^CHROMA_SERVER_AUTH\w*=\S/,
    what: 'Chroma without server authentication',
  },
  {
    name: /^(?:getmeili\/meilisearch)$/,
    server: /^(?:meilisearch|\/bin\/meilisearch)$/,
    closed: /^MEILI_MASTER_KEY=\S|^--master-key\b/,
    what: 'Meilisearch without a master key, whose every route is public',
  },
  {
    name: /^(?:ollama\/ollama)$/,
    server: /^(?:serve|ollama|\/bin\/ollama)$/,
    closed: /^OLLAMA_(?:API_KEY|AUTH)\w*=\S/,
    what: 'Ollama, whose API (pull, delete, run models) has no authentication',
  },
  {
    name: /^(?:couchdb|apache\/couchdb)$/,
    tags: /^[12](?:[.-]|$)/,
    server: /^(?:couchdb|\/opt\/couchdb\/bin\/couchdb|tini)$/,
    closed: /^COUCHDB_USER\b/,
    what: 'CouchDB 2 in admin party mode, where every client is an admin',
  },
  {
    name: /^(?:rethinkdb)$/,
    server: /^rethinkdb$/,
    closed: /^--initial-password\b/,
    what: 'RethinkDB, whose admin account has no password',
  },
  {
    name: /^(?:rediscommander\/redis-commander|ghcr\.io\/joeferner\/redis-commander)$/,
    server: /^(?:redis-commander|\/redis-commander\/docker\/entrypoint\.sh)$/,
    closed: /^HTTP_(?:USER|PASSWORD)(?:_HASH)?=\S/,
    what: 'redis-commander, a web console over redis, without a login',
  },
  {
    name: /^(?:nats|bitnami\/nats)$/,
    server: /^(?:nats-server|\/nats-server)$/,
    closed: /^--(?:user|pass|auth|config)\b|^-c$|^NATS_(?:USERNAME|PASSWORD|TOKEN)\b/,
    what: 'NATS without credentials, where anyone publishes and subscribes',
  },
  {
    name: /^yandex\/clickhouse-server$/,
    server: /^(?:clickhouse-server|\/entrypoint\.sh)$/,
    closed: /^CLICKHOUSE_PASSWORD\b/,
    what: 'ClickHouse whose default user has no password',
  },
  {
    name: /^influxdb$/,
    tags: /^1(?:[.-]|$)/,
    server: /^influxd$/,
    closed: /^INFLUXDB_HTTP_AUTH_ENABLED=(?:true|1)$/i,
    what: 'InfluxDB 1, whose HTTP authentication is off by default',
  },
  {
    name: /^(?:solr|bitnami\/solr)$/,
    server: /^(?:solr|solr-foreground|solr-precreate|solr-create|solr-demo|docker-entrypoint\.sh)$/,
    closed: /^SOLR_(?:AUTH_TYPE|AUTHENTICATION_OPTS|ENABLE_AUTHENTICATION=yes)\b|security\.json$/,
    what: 'Solr, whose admin and config APIs need no login by default',
  },
  {
    name: /^(?:consul|hashicorp\/consul|bitnami\/consul)$/,
    server: /^(?:agent|consul)$/,
    closed: /^CONSUL_(?:HTTP_TOKEN|ACL\w*|LOCAL_CONFIG=.*acl)|^-(?:config-file|config-dir)\b/,
    what: 'Consul with ACLs off by default',
  },
  {
    name: /^(?:quay\.io\/coreos\/etcd|gcr\.io\/etcd-development\/etcd|coreos\/etcd|bitnami\/etcd)$/,
    server: /^(?:etcd|\/usr\/local\/bin\/etcd)$/,
    closed: /^--(?:client-cert-auth|auth-token)\b|^ETCD_(?:ROOT_PASSWORD|CLIENT_CERT_AUTH=true)\b/,
    what: 'etcd without client authentication',
  },
  {
    name: /^(?:registry|distribution\/distribution)$/,
    server: /^(?:registry|serve|\/etc\/(?:docker\/registry|distribution)\/config\.yml)$/,
    closed: /^REGISTRY_AUTH\w*=\S/,
    what: 'a Docker registry with no authentication, where anyone pushes or replaces images',
  },
  {
    name: /^(?:apache\/hadoop|bitnami\/hadoop|bde2020\/hadoop-[\w-]+)$/,
    server: /^(?:yarn|hdfs|start-yarn\.sh|start-dfs\.sh|\/run\.sh|\/entrypoint\.sh)$/,
    closed: /hadoop[._]security[._]authentication=kerberos$/i,
    what: 'Hadoop with simple authentication, where anyone submits jobs that run code or reads the files',
  },
  {
    name: /^(?:bitnami\/spark|apache\/spark|spark)$/,
    server:
      /^(?:\/opt\/bitnami\/scripts\/spark\/run\.sh|(?:\/opt\/spark\/bin\/)?spark-class|(?:\/opt\/spark\/sbin\/)?start-(?:master|worker)\.sh)$/,
    closed: /^SPARK_RPC_AUTHENTICATION_ENABLED=(?:yes|true)$|spark\.authenticate=true/i,
    what: 'a Spark master or worker with RPC authentication off, where anyone submits jobs that run code',
  },
  {
    name: /^(?:selenium|seleniarm)\/(?:standalone-[\w-]+|hub)$/,
    server: /^\/opt\/bin\/entry_point\.sh$/,
    closed: /^SE_ROUTER_(?:USERNAME|PASSWORD)\b|^--(?:username|password)\b/,
    what: 'a Selenium grid without basic auth, whose browsers anyone drives from this host',
  },
  {
    name: /^(?:zookeeper|confluentinc\/cp-zookeeper)$/,
    server: /^(?:zkServer\.sh|\/etc\/confluent\/docker\/run)$/,
    closed: /authProvider|requireClientAuthScheme|^ZOOKEEPER_AUTH\w*=/,
    what: 'ZooKeeper, which lets every client read and write without authentication',
  },
  {
    // Dev mode serves unsealed, in memory, on 0.0.0.0:8200 inside the image; a root token set in the
    // environment is then a root login anyone reaching the port can use (a random one stays in the logs).
    name: /^(?:vault|hashicorp\/vault)$/,
    server: /^(?:server|vault)$/,
    closed: /^VAULT_DEV_LISTEN_ADDRESS=(?:127\.|localhost\b)/,
    opens: /^VAULT_DEV_ROOT_TOKEN_ID=\S|^-dev-root-token-id[= ]\S/,
    what: 'Vault in dev mode with a root token set in plain view',
  },
  {
    // SOCKS proxy images relay anyone's traffic through this host unless given a user.
    name: /(?:^|\/)[\w.-]*socks[\w.-]*$/,
    server: /socks|proxy/i,
    closed:
      /^(?:PROXY_(?:USER|PASSWORD)|SOCKS5?_(?:USER|PASS)\w*|USERNAME|PASSWORD)=\S|^--?(?:auth|user|users)\b/i,
    what: "an open SOCKS proxy that relays anyone's traffic from this host",
  },
  // r10: brokers, consoles and stores that take every client until a login is configured.
  {
    name: /^(?:emqx\/emqx|emqx)$/,
    server: /^(?:emqx|\/usr\/bin\/docker-entrypoint\.sh)$/,
    closed: /^EMQX_(?:DASHBOARD__DEFAULT_PASSWORD|AUTHENTICATION\w*|ALLOW_ANONYMOUS=false)\b/i,
    what: 'EMQX, whose MQTT listener takes anonymous clients and whose dashboard keeps admin/public',
  },
  {
    name: /^eclipse-mosquitto$/,
    tags: /^1(?:[.-]|$)/,
    server: /^(?:\/usr\/sbin\/)?mosquitto$/,
    closed: /^-c$/,
    what: 'Mosquitto 1.x, which lets anonymous clients publish and subscribe',
  },
  {
    name: /^(?:browserless\/chrome|ghcr\.io\/browserless\/(?:chromium|chrome|firefox|webkit|multi))$/,
    server: /^(?:\.\/start\.sh|node)$/,
    closed: /^(?:TOKEN|CONNECTION_TOKEN)=\S/,
    what: 'browserless without a token, whose browsers anyone drives from this host',
  },
  {
    name: /^(?:crate|crate\/crate)$/,
    server: /^crate$/,
    closed: /auth\.host_based\.enabled=true/,
    what: 'CrateDB, where every client is the superuser crate until host-based auth is on',
  },
  {
    name: /^(?:ghcr\.io\/mlflow\/mlflow|bitnami\/mlflow)$/,
    server: /^mlflow$/,
    closed: /^--app-name(?:=|\s+)basic-auth$|^MLFLOW_TRACKING_(?:USERNAME|PASSWORD)=/,
    what: 'an MLflow server, which has no login by default',
  },
  {
    name: /^mher\/flower$/,
    server: /^(?:celery|flower)$/,
    closed: /^--basic[_-]auth\b|^FLOWER_(?:BASIC_AUTH|AUTH)\w*=\S/,
    what: 'Flower, a Celery console that can shut workers down, without a login',
  },
  {
    name: /^memgraph\/memgraph(?:-mage|-platform)?$/,
    server: /^(?:memgraph|\/usr\/lib\/memgraph\/memgraph)$/,
    closed: /^MEMGRAPH_(?:USER|PASSWORD)=\S/,
    what: 'Memgraph, which has no users and so no login until one is created',
  },
  {
    name: /^provectuslabs\/kafka-ui$|^ghcr\.io\/kafbat\/kafka-ui$/,
    server: /^(?:java|\/bin\/sh)$/,
    closed: /^AUTH_TYPE=(?:LOGIN_FORM|OAUTH2|LDAP)$/i,
    what: 'kafka-ui, which reads, writes and deletes topics with no login by default',
  },
  {
    name: /^dgraph\/(?:standalone|dgraph)$/,
    server: /^dgraph$/,
    closed: /--acl\b/,
    what: 'Dgraph without ACLs, where anyone reads, writes or drops the data',
  },
  {
    name: /^questdb\/questdb$/,
    server: /^(?:\/docker-entrypoint\.sh|questdb)$/,
    closed: /^QDB_(?:PG_PASSWORD|HTTP_USER|HTTP_PASSWORD)=\S/,
    what: 'QuestDB with its web console open and admin/quest on the wire protocol',
  },
  {
    name: /^(?:apache\/activemq-classic|rmohr\/activemq|webcenter\/activemq)$/,
    server: /^(?:activemq|\/opt\/apache-activemq\/bin\/activemq)$/,
    closed: /^ACTIVEMQ_(?:ADMIN_PASSWORD|WEB_PASSWORD|CONNECTION_PASSWORD|PASSWORD)=\S/,
    what: 'ActiveMQ with its admin/admin console and no broker authentication',
  },
  {
    name: /^tsl0922\/ttyd$/,
    server: /^ttyd$/,
    closed: /^(?:-c|--credential|-H|--auth-header)\b/,
    what: 'ttyd, a web terminal, with no credential',
  },
  // R11: flow editors, IDEs, notebooks, desktops and job servers whose one job is to run code, with
  // no login until one is configured; names match the product word, so rebuilds and forks count too.
  {
    name: /(?:^|\/)node-?red[\w.-]*$/,
    server: /^(?:npm|node|node-red|\.\/entrypoint\.sh|\/usr\/src\/node-red\/entrypoint\.sh)$/,
    closed: /^NODE_RED_\w*(?:ADMIN|AUTH|PASSWORD)\w*=\S/,
    what: 'Node-RED, whose flow editor runs code (exec and function nodes) with no login by default',
  },
  {
    name: /(?:^|\/)linuxserver\/(?:code-server|openvscode-server|vscodium-web)$/,
    server: /^\/init$/,
    closed: /^(?:FILE__)?(?:PASSWORD|HASHED_PASSWORD|CONNECTION_TOKEN|CONNECTION_SECRET)(?:_FILE)?=\S/,
    what: 'a code-server IDE (a terminal in the browser) with no password set',
  },
  {
    // The image's own entrypoint passes --without-connection-token.
    name: /(?:^|\/)openvscode-server$/,
    server: /^$/,
    closed: /^--connection-token(?:-file)?\b/,
    what: 'openvscode-server (a terminal in the browser) without a connection token',
  },
  {
    name: /(?:^|\/)linuxserver\/(?:webtop|firefox|chromium|chrome|brave|obsidian|libreoffice|calibre|digikam|krita|gimp|blender|kdenlive|remmina|filezilla|rdesktop|opera|msedge|desktop)$/,
    server: /^\/init$/,
    closed: /^(?:FILE__)?(?:PASSWORD|CUSTOM_USER)(?:_FILE)?=\S/,
    what: 'a desktop in the browser (a shell to anyone) with no password set',
  },
  {
    name: /(?:^|\/)[\w.-]*(?:novnc|[\w.]-vnc|vnc-[\w.])[\w.-]*$/,
    server: /^(?:\/startup\.sh|\/dockerstartup\/\S+|supervisord|\/usr\/bin\/supervisord)$/,
    closed: /^(?:VNC_PASSWORD|VNC_PW|VNC_PASSWD|PASSWORD|HTTP_PASSWORD)(?:_FILE)?=\S/,
    what: 'a VNC desktop in the browser with no password set',
  },
  {
    name: /(?:^|\/)zeppelin$/,
    server: /^(?:(?:\/opt\/zeppelin\/)?bin\/zeppelin(?:-daemon)?\.sh|zeppelin\.sh)$/,
    closed: /^ZEPPELIN_\w*(?:SHIRO|AUTH|ANONYMOUS_ALLOWED=false)\w*/i,
    what: 'Zeppelin, whose notebooks run code with anonymous access by default',
  },
  {
    name: /(?:^|\/)druid$/,
    server:
      /^(?:(?:micro|nano|small|medium|large|xlarge)-quickstart|single-server|start-druid|coordinator(?:-overlord)?|overlord|broker|router|historical|middleManager|indexer|\/druid\.sh)$/,
    closed: /^druid_auth_/i,
    what: 'Druid, whose SQL and ingestion APIs (tasks run code) have no authentication by default',
  },
  {
    // Before 1.14 NiFi serves its flow designer (processors run commands) over plain HTTP, no login.
    name: /(?:^|\/)nifi$/,
    tags: /^(?:0\.|1\.(?:\d|1[0-3])(?:[.-]|$))/,
    server: /^(?:\.\.\/scripts\/start\.sh|\/opt\/nifi\/scripts\/start\.sh)$/,
    closed: /^(?:AUTH|NIFI_WEB_HTTPS_PORT|SINGLE_USER_CREDENTIALS_\w+|INITIAL_ADMIN_IDENTITY)=\S/,
    what: 'NiFi before 1.14, whose flow designer runs commands with no login',
  },
  {
    // From 1.14 an HTTP port set in the environment is the unsecured mode.
    name: /(?:^|\/)nifi$/,
    server: /^(?:\.\.\/scripts\/start\.sh|\/opt\/nifi\/scripts\/start\.sh)$/,
    closed: /^(?:AUTH|NIFI_WEB_HTTPS_PORT)=\S/,
    opens: /^NIFI_WEB_HTTP_PORT=\d/,
    what: 'NiFi in unsecured HTTP mode, whose flow designer runs commands with no login',
  },
  {
    name: /(?:^|\/)(?:apachepulsar\/pulsar(?:-all)?|pulsar)$/,
    server: /^(?:(?:\/pulsar\/)?bin\/pulsar|pulsar)$/,
    closed: /authentication_?enabled=true/i,
    what: 'Pulsar, whose admin API (tenants, topics, functions that run code) has no authentication by default',
  },
  {
    name: /(?:^|\/)dagster[\w.-]*$/,
    server: /^(?:dagster-webserver|dagit|dagster)$/,
    closed: /(?!)/,
    opens: /^(?:dagster-webserver|dagit)\b|^dagster dev\b/,
    what: 'the Dagster webserver, which launches runs (code) and has no login',
  },
  {
    name: /(?:^|\/)prefecthq\/prefect$/,
    server: /^prefect$/,
    closed: /^PREFECT_(?:SERVER_)?API_AUTH_STRING=\S/,
    opens: /^prefect server\b/,
    what: 'the Prefect server, which schedules flows (code) and has no login by default',
  },
  {
    // The JobManager's web UI takes jar uploads and runs them.
    name: /(?:^|\/)(?:flink|apache\/flink)$/,
    server: /^(?:jobmanager|standalone-job|\/docker-entrypoint\.sh)$/,
    closed: /web\.submit\.enable:\s*false/,
    opens: /^(?:jobmanager|standalone-job)\b/,
    what: 'a Flink JobManager, whose web UI runs uploaded jars with no login',
  },
];

/** A mount target that holds the service's configuration, where authentication may be set unseen. */
const CONFIG_TARGET =
  /\/(?:etc|conf|config)(?:\/|$)|\.(?:conf|ya?ml|xml|cfg|ini|json|properties)$|\/settings\.js$/;

/** `[repository, tag]` of an image reference (registry docker.io and `library/` dropped; tag `latest` if none). */
function imageParts(image: string): [string, string] {
  const bare = image.replace(/@sha256:[0-9a-f]+$/i, '');
  const colon = bare.lastIndexOf(':');
  const hasTag = colon > bare.lastIndexOf('/');
  const repo = (hasTag ? bare.slice(0, colon) : bare)
    .toLowerCase()
    .replace(/^(?:docker\.io\/|index\.docker\.io\/|registry-1\.docker\.io\/)?(?:library\/)?/, '')
    .replace(/^docker\.elastic\.co\//, '');
  return [repo, hasTag ? bare.slice(colon + 1) : 'latest'];
}

/**
 * What the image leaves open by default, given its environment (`NAME=value`), command words and
 * mount targets, or undefined: a config mount or env file may set authentication out of view.
 */
export function openByDefault(
  image: string | undefined,
  env: readonly string[],
  args: readonly string[],
  mountTargets: readonly string[],
  envFile: boolean,
): string | undefined {
  if (image === undefined || envFile) return undefined;
  // A config mount may set authentication out of view.
  if (mountTargets.some((t) => CONFIG_TARGET.test(t))) return undefined;
  const [repo, tag] = imageParts(image);
  for (const known of OPEN_IMAGES)
    if (
      known.name.test(repo) &&
      (known.tags === undefined || known.tags.test(tag)) &&
      isOpen(known, env, args)
    )
      return known.what;
  return undefined;
}

/** Whether the entry's server runs with no setting in view that closes it (and any it needs to open). */
function isOpen(known: OpenImage, env: readonly string[], args: readonly string[]): boolean {
  const first = args[0];
  if (first !== undefined && !first.startsWith('-') && !known.server.test(first)) return false;
  if (env.some((e) => known.closed.test(e))) return false;
  const opens = known.opens;
  if (
    opens !== undefined &&
    !env.some((e) => opens.test(e)) &&
    !args.some((a, i) => opens.test(`${a} ${args[i + 1] ?? ''}`))
  )
    return false;
  // Words one by one and each with the next (`--requirepass x`, `-l 127.0.0.1`).
  for (let i = 0; i < args.length; i++)
    if (known.closed.test(args[i]!) || known.closed.test(`${args[i]!} ${args[i + 1] ?? ''}`)) return false;
  return true;
}
