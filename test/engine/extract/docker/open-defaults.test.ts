import { describe, expect, it } from 'vitest';
import { openByDefault } from '../../../../src/engine/extract/docker/open-defaults.js';

describe('openByDefault', () => {
  it.each<[string, string[], string[], string[], boolean, boolean]>([
    // image, env, args, mount targets, env file, open
    ['redis:7', [], [], [], false, true],
    ['docker.io/library/redis:7-alpine', [], ['redis-server', '--appendonly', 'yes'], [], false, true],
    ['redis:7', [], ['redis-server', '--requirepass', 'x'], [], false, false],
    ['redis:7', [], ['redis-server', '--requirepass='], [], false, true],
    ['redis:7', [], ['redis-cli', '-h', 'db'], [], false, false],
    ['mongo:7', ['MONGO_INITDB_ROOT_USERNAME'], [], [], false, false],
    ['mongo:7', [], [], [], true, false],
    ['elasticsearch:7.17.0', [], [], [], false, true],
    ['elasticsearch:8.13.0', [], [], [], false, false],
    [
      'docker.elastic.co/elasticsearch/elasticsearch:7.10.2',
      ['xpack.security.enabled=true'],
      [],
      [],
      false,
      false,
    ],
    ['cassandra:5', [], [], ['/etc/cassandra/cassandra.yaml'], false, false],
    ['cassandra:5', [], [], ['/var/lib/cassandra'], false, true],
    ['memcached', [], ['memcached', '-l', '127.0.0.1'], [], false, false],
    ['minio/minio', [], ['server', '/data'], [], false, true],
    ['minio/minio', ['MINIO_ROOT_PASSWORD_FILE=/run/secrets/p'], ['server', '/data'], [], false, false],
    ['nginx:1.27', [], [], [], false, false],
    ['registry:2', [], [], [], false, true],
    ['registry:2', ['REGISTRY_AUTH=htpasswd'], [], [], false, false],
    ['apache/hadoop:3', [], ['yarn', 'resourcemanager'], [], false, true],
    ['apache/hadoop:3', [], ['hadoop', 'fs', '-ls', '/'], [], false, false],
    ['bitnami/spark:3.5', [], [], [], false, true],
    ['bitnami/spark:3.5', ['SPARK_RPC_AUTHENTICATION_ENABLED=yes'], [], [], false, false],
    ['bitnami/spark:3.5', [], ['spark-shell'], [], false, false],
    ['selenium/standalone-chrome', [], [], [], false, true],
    ['selenium/hub:4.25', ['SE_ROUTER_USERNAME=u', 'SE_ROUTER_PASSWORD=p'], [], [], false, false],
    ['zookeeper:3.9', [], [], [], false, true],
    ['zookeeper:3.9', [], ['zkCli.sh', '-server', 'zk:2181'], [], false, false],
    // R11: code-running surfaces with no login by default; forks by the product word.
    ['nodered/node-red:3.1', [], [], [], false, true],
    ['acme/node-red-custom', [], [], [], false, true],
    ['nodered/node-red:3.1', [], [], ['/data/settings.js'], false, false],
    ['lscr.io/linuxserver/code-server', [], [], [], false, true],
    ['lscr.io/linuxserver/code-server', ['PASSWORD=x'], [], [], false, false],
    ['apache/nifi:1.13.2', [], [], [], false, true],
    ['apache/nifi:1.25.0', [], [], [], false, false],
    ['apache/nifi:1.25.0', ['NIFI_WEB_HTTP_PORT=8080'], [], [], false, true],
    ['apachepulsar/pulsar:3.2.0', [], ['bin/pulsar', 'standalone'], [], false, true],
    ['apachepulsar/pulsar:3.2.0', [], ['bin/pulsar-admin', 'topics', 'list'], [], false, false],
    ['dagster/dagster-k8s:1.7.0', [], ['dagster-webserver', '-h', '0.0.0.0'], [], false, true],
    ['dagster/dagster-k8s:1.7.0', [], ['dagster-daemon', 'run'], [], false, false],
    ['flink:1.19', [], ['jobmanager'], [], false, true],
    ['flink:1.19', [], ['taskmanager'], [], false, false],
  ])('%s %j %j', (image, env, args, mounts, envFile, open) => {
    expect(openByDefault(image, env, args, mounts, envFile) !== undefined).toBe(open);
  });
});
