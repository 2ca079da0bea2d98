import { describe, expect, it } from 'vitest';
import { openShape } from '../../../../src/engine/extract/docker/open-shapes.js';

describe('openShape', () => {
  it.each<[string, string[], string[], string[], string | undefined, boolean]>([
    // name, env, args, port specs, image, open
    [
      'dev mode on every address',
      [],
      ['agent', '-dev', '-bind', '0.0.0.0'],
      ['4646:4646'],
      'hashicorp/nomad',
      true,
    ],
    ['dev mode, = form', [], ['agent', '-dev', '-client=0.0.0.0'], ['8500:8500'], 'consul', true],
    ['dev mode, own default address', [], ['agent', '-dev'], ['4646:4646'], 'hashicorp/nomad', false],
    ['bind all without dev mode', [], ['-bind', '0.0.0.0'], ['4646:4646'], 'hashicorp/nomad', false],
    ['admin API on every address', ['KONG_ADMIN_LISTEN=0.0.0.0:8001'], [], ['8001:8001'], 'kong', true],
    ['admin API flag', [], ['--admin-address', '0.0.0.0:9901'], ['9901:9901'], 'envoyproxy/envoy', true],
    ['admin API on loopback', ['KONG_ADMIN_LISTEN=127.0.0.1:8001'], [], ['8001:8001'], 'kong', false],
    ['admin port not published', ['KONG_ADMIN_LISTEN=0.0.0.0:8001'], [], ['8000:8000'], 'kong', false],
    ['app host on every address', ['API_HOST=0.0.0.0'], [], ['8000:8000'], 'acme/api', false],
    ['relay for everyone', ['POSTFIX_mynetworks=0.0.0.0/0'], [], ['25:25'], 'boky/postfix', true],
    ['trusted networks ipv6 all', ['TRUSTED_NETWORKS=10.0.0.0/8,::/0'], [], ['25:25'], 'x/smtp', true],
    ['vpn routes', ['WG_ALLOWED_IPS=0.0.0.0/0'], [], ['51820:51820/udp'], 'wg-easy', false],
    [
      'plaintext advertised outside',
      ['KAFKA_CFG_ADVERTISED_LISTENERS=PLAINTEXT://203.0.113.9:9092'],
      [],
      ['9092:9092'],
      'bitnami/kafka',
      true,
    ],
    [
      'plaintext advertised to localhost',
      ['KAFKA_CFG_ADVERTISED_LISTENERS=PLAINTEXT://localhost:9092'],
      [],
      ['9092:9092'],
      'bitnami/kafka',
      false,
    ],
    [
      'mapped listener, outside name',
      [
        'KAFKA_LISTENER_SECURITY_PROTOCOL_MAP=EXTERNAL:PLAINTEXT',
        'KAFKA_ADVERTISED_LISTENERS=EXTERNAL://kafka.example.com:9092',
      ],
      [],
      ['9092:9092'],
      'confluentinc/cp-kafka',
      true,
    ],
    [
      'plaintext allowed, nothing advertised',
      ['ALLOW_PLAINTEXT_LISTENER=yes'],
      [],
      ['9092:9092'],
      'bitnami/kafka',
      false,
    ],
    [
      'superuser password is its name',
      ['POSTGRES_PASSWORD=postgres'],
      [],
      ['5432:5432'],
      'postgres:16',
      true,
    ],
    ['root password root', ['MYSQL_ROOT_PASSWORD=root'], [], ['3306:3306'], 'mysql:8.0', true],
    [
      'password equals user',
      ['POSTGRES_USER=app', 'POSTGRES_PASSWORD=app'],
      [],
      ['5432:5432'],
      'postgres',
      true,
    ],
    ['docs example password', ['POSTGRES_PASSWORD=mysecretpassword'], [], ['5432:5432'], 'postgres', true],
    ['chosen password', ['POSTGRES_PASSWORD=devpass'], [], ['5432:5432'], 'postgres:16', false],
    ['a client password in an app', ['DB_PASSWORD=pass'], [], ['8080:8080'], 'acme/api', false],
    [
      'console admin dev default',
      ['KEYCLOAK_ADMIN_PASSWORD=admin'],
      [],
      ['8080:8080'],
      'quay.io/keycloak/keycloak',
      false,
    ],
    ['password from a variable', ['POSTGRES_PASSWORD=$PGPASS'], [], ['5432:5432'], 'postgres', false],
  ])('%s', (_name, env, args, ports, image, open) => {
    expect(openShape(env, args, ports, image) !== undefined).toBe(open);
  });
});
