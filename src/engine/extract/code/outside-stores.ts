/**
 * Data stores, message brokers and secret vaults reached through their clients (issue 22 r7). A
 * store or broker at a host outside this machine and its network (a public address, a named
 * outside host) receives what is written to it: a redis SET, a mongo insert, a kafka send, an MQTT
 * publish, an AMQP publish is data sent to that host, so a secret written that way meets
 * SEC-AST-010. The app's own store (localhost, a private address, a service or cluster name, an
 * endpoint read from configuration) stays caching. Values read from GCP Secret Manager and Azure
 * Key Vault are secrets, as the AWS reads are (code/sdk.ts).
 */
import { classifyHost } from '../../net/address.js';
import { type Collector, shellWord } from './collector.js';
import type { Sdk, SdkCall } from './sdk.js';
import { parseTarget } from './net.js';
import { sendTo } from './effects.js';
import { sshKeyUse } from './ssh-key-use.js';
import { constText, dataNotPath, UNKNOWN, type Val } from './value.js';

/** Names of hosts inside the app's own network: services, clusters, intranets. */
const INTERNAL_NAME = /\.(?:local|internal|svc|lan|corp|intranet|home\.arpa|localdomain|consul)$/;

/** The host a client's endpoint names when it is outside this machine and its network, else undefined. */
export function outsideHost(target: string | undefined): string | undefined {
  if (target === undefined || target.includes('$')) return undefined;
  // A cluster list (`h1:9092,h2:9092`) or a multi-host URL: its first host stands for it.
  const { host } = parseTarget(target.split(',')[0]!.trim());
  if (host === '' || host.includes('$')) return undefined;
  const info = classifyHost(host);
  if (info.class === 'public') return host;
  // A bare name (`redis`, `db`) is a compose service or a hosts entry.
  if (info.class === 'name' && host.includes('.') && !INTERNAL_NAME.test(host)) return host;
  return undefined;
}

/** Every value a call writes: its arguments and keyword values. */
function written(c: SdkCall): Val[] {
  return [...c.args, ...c.kw.values()];
}

/** A call on a store client at an outside host: what it writes goes there. */
export function writeOutside(sdk: Sdk, c: SdkCall): void {
  const host = outsideHost(sdk.target);
  if (host !== undefined) sendTo(c.col, c.span, { host }, written(c));
}

const text = (v: Val | undefined): string | null => (v === undefined ? null : constText(v));

/** The broker a client's options name (kafka bootstrap servers, kafkajs brokers, a URL or host). */
function brokerOf(c: SdkCall): string | undefined {
  const first = c.args[0];
  const opts = first?.fields ?? c.kw;
  for (const k of [
    'bootstrap_servers',
    'bootstrap.servers',
    'brokers',
    'host',
    'hostname',
    'url',
    'servers',
  ]) {
    const v = opts.get(k) ?? c.kw.get(k);
    const t = text(v?.items?.[0] ?? v);
    if (t !== null) return t;
  }
  const t = text(first);
  return t ?? undefined;
}

const brokerVal = (target: string | undefined, path: readonly string[] = []): Val => ({
  ...UNKNOWN,
  sdk: { lib: 'broker', path, ...(target !== undefined ? { target } : {}) },
});

/** Constructors and factories of broker clients and of clients bound to one broker. */
const BROKERS =
  /^(?:new )?(?:kafka\.KafkaProducer|aiokafka\.AIOKafkaProducer|confluent_kafka\.Producer|kafkajs\.Kafka|pika\.(?:ConnectionParameters|URLParameters|BlockingConnection|SelectConnection)|amqplib\.connect|amqplib\/callback_api\.connect|amqp-connection-manager\.connect|mqtt\.connect|mqtt\.connectAsync|paho\.mqtt\.client\.Client|nats\.connect|stomp\.Connection)$/;

/** One-shot publishers: the call itself sends (`paho.mqtt.publish.single(topic, payload, hostname=)`). */
const ONE_SHOT = /^paho\.mqtt\.publish\.(?:single|multiple)$/;

/** SFTP clients: a file put on the server is the scp upload it amounts to. */
const SFTP = /^(?:new )?(?:ssh2-sftp-client(?:\.default)?|pysftp\.Connection)$/;

/** First names of the modules above (a cheap gate for maySdk). */
export const BROKER_ROOTS =
  /^(?:kafka|aiokafka|confluent_kafka|kafkajs|pika|amqplib|amqp-connection-manager|mqtt|paho|nats|stomp|ssh2-sftp-client|pysftp|google|@google-cloud|azure|@azure|hvac|node-vault)$/;

/** Secret vault clients whose reads answer with secret values. */
const VAULTS =
  /^(?:new )?(?:google\.cloud\.secretmanager(?:_v1)?\.SecretManagerServiceClient|@google-cloud\/secret-manager\.SecretManagerServiceClient|azure\.keyvault\.secrets\.(?:aio\.)?SecretClient|@azure\/keyvault-secrets\.SecretClient|hvac\.Client|hvac\.v1\.Client|node-vault|node-vault\.default)$/;

/** HashiCorp Vault clients (hvac, node-vault): their reads answer as `vault read` prints. */
const HASHICORP = /^(?:new )?(?:hvac|node-vault)\b/;

/** A broker or vault client made by `name`, or undefined; a one-shot publish sends at once. */
export function outsideConstruct(name: string, c: SdkCall): Val | undefined {
  if (VAULTS.test(name))
    return {
      ...UNKNOWN,
      sdk: {
        lib: 'vault',
        path: [HASHICORP.test(name) ? 'vault' : name.includes('google') ? 'gcloud' : 'az'],
      },
    };
  if (ONE_SHOT.test(name)) {
    const host = outsideHost(text(c.kw.get('hostname')) ?? 'localhost');
    if (host !== undefined) sendTo(c.col, c.span, { host }, written(c));
    return UNKNOWN;
  }
  if (SFTP.test(name)) return brokerVal(brokerOf(c), ['sftp']);
  if (!BROKERS.test(name)) return undefined;
  // pika.BlockingConnection(params) is bound to the broker its parameters name.
  const inner = c.args[0]?.sdk;
  if (inner?.lib === 'broker') return brokerVal(inner.target);
  return brokerVal(/Client$/.test(name) ? undefined : brokerOf(c));
}

/** Outside brokers that clients made without an address connected to later, by walk. */
const CONNECTED = new WeakMap<Collector, string[]>();

/** Methods that bind a broker client to a host after it is made (paho's connect). */
const CONNECTS = /^(?:connect|connect_async|connectAsync)$/;

const PROMISED = /^(?:then|catch|finally)$/;

/** A method on a broker or vault client: sub-objects stay bound, sends go to the broker. */
export function outsideCall(sdk: Sdk, method: string, c: SdkCall): Val | undefined {
  if (sdk.lib === 'vault')
    return /^(?:access_secret_version|accessSecretVersion|get_secret|getSecret|list_secret_versions|read|read_secret|read_secret_version)$/.test(
      method,
    )
      ? { ...UNKNOWN, sources: [{ kind: 'output', program: sdk.path[0] ?? 'gcloud' }] }
      : undefined;
  // A promise's callbacks are the walker's to run with the client (node.ts), not a send.
  if (PROMISED.test(method)) return undefined;
  if (CONNECTS.test(method) && sdk.target === undefined) {
    // The client variable is not rebound: later sends on any unbound client go to this broker.
    const first = c.args[0];
    if (sdk.path[0] === 'sftp') sshKeyUse(c.col, first?.fields?.get('privateKey'));
    const host = outsideHost(text(first?.fields?.get('host') ?? first ?? c.kw.get('host')) ?? undefined);
    if (host !== undefined) {
      const list = CONNECTED.get(c.col) ?? [];
      if (list.length < 8) list.push(host);
      CONNECTED.set(c.col, list);
    }
    return UNKNOWN;
  }
  if (sdk.path[0] === 'sftp') return sftpPut(sdk, method, c);
  if (sdk.target === undefined)
    for (const host of CONNECTED.get(c.col) ?? []) sendTo(c.col, c.span, { host }, written(c));
  writeOutside(sdk, c);
  // A producer, channel or connection made from the client talks to the same broker.
  return brokerVal(sdk.target, [...sdk.path, method]);
}

/** `sftp.put(local, remote)` / fastPut / uploadDir to an outside server: judged as `scp local host:remote`. */
function sftpPut(sdk: Sdk, method: string, c: SdkCall): Val | undefined {
  if (!/^(?:put|fastPut|uploadDir|put_r|put_d)$/.test(method)) return undefined;
  const host = outsideHost(sdk.target) ?? CONNECTED.get(c.col)?.[0];
  const local = c.args[0] ?? c.kw.get('localpath');
  if (host === undefined || local === undefined) return undefined;
  // Data rather than a path (`put(Buffer.from(JSON.stringify(process.env)), ...)`, red team r10): sent as it is.
  if (dataNotPath(local)) {
    sendTo(c.col, c.span, { host }, [local]);
    return UNKNOWN;
  }
  c.col.nested(`scp ${shellWord(local)} ${host}:upload`, 'bash', c.span, c.via);
  return UNKNOWN;
}
