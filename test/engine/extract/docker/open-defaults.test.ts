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
  ])('%s %j %j', (image, env, args, mounts, envFile, open) => {
    expect(openByDefault(image, env, args, mounts, envFile) !== undefined).toBe(open);
  });
});
