/**
 * Connection strings with credentials: `scheme://user:password@host` URLs (postgres, mysql, mongodb+srv,
 * redis, amqp, http basic auth...), ADO.NET/JDBC `Password=` fields, Azure storage account keys,
 * Service Bus shared access keys and SAS signatures. Only the password/key part is redacted, so
 * the host stays readable. Strict mode only: none of these is prefix-anchored.
 */
import { BASE62, BASE64, randomBody } from '../examples.js';
import { isPlaceholder, type PatternHit } from '../family.js';
import { defineDetector } from '../detector.js';

const URL_CREDENTIALS = /^:\/\/([^\s:@/"'<>]{0,128}):([^\s@/"'<>]{1,256})@[A-Za-z0-9.\-[\]_%]/;
const DATABASES =
  /^(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|mssql|sqlserver|oracle|cockroachdb|clickhouse|couchbase|neo4j|cassandra|snowflake|db2|redshift|jdbc:.*)$/i;

function schemeBefore(text: string, pos: number): string {
  let i = pos;
  while (i > 0 && pos - i < 24 && /[A-Za-z0-9+.:-]/.test(text[i - 1]!)) i--;
  return text.slice(i, pos);
}

function envForScheme(scheme: string): string {
  if (DATABASES.test(scheme)) return 'DATABASE_URL';
  if (/^rediss?$/i.test(scheme)) return 'REDIS_URL';
  if (/^amqps?$/i.test(scheme)) return 'AMQP_URL';
  return 'URL_CREDENTIALS';
}

function matchUrl(text: string, pos: number, limit: number): PatternHit | null {
  const m = URL_CREDENTIALS.exec(text.slice(pos, limit));
  if (!m) return null;
  const scheme = schemeBefore(text, pos);
  if (scheme === '') return null;
  const password = m[2]!;
  if (isPlaceholder(password)) return null;
  const secretStart = pos + 3 + m[1]!.length + 1;
  return { secretStart, secretEnd: secretStart + password.length, envName: envForScheme(scheme) };
}

const ADO_PASSWORD = /^(?:password|pwd)=([^;,"'\r\n]{1,256})/i;

/** `Password=` inside a `;`-separated connection string (ADO.NET, JDBC, StackExchange.Redis). */
function matchAdoPassword(text: string, pos: number, limit: number): PatternHit | null {
  const before = pos === 0 ? '' : text[pos - 1]!;
  if (before !== '' && !/[;\s"']/.test(before)) return null;
  const m = ADO_PASSWORD.exec(text.slice(pos, limit));
  if (!m) return null;
  const value = m[1]!.trim();
  if (isPlaceholder(value)) return null;
  const secretStart = pos + m[0].indexOf('=') + 1;
  return { secretStart, secretEnd: secretStart + value.length, envName: 'DATABASE_PASSWORD' };
}

const azureKey = (seed: string): string => randomBody(seed, BASE64, 86) + '==';

export default defineDetector({
  id: 'connection-string',
  family: 'connection-string',
  kind: 'CONNSTR',
  summary: 'Connection strings and URLs carrying a password or account key',
  nonStrict: false,
  priority: 5,
  patterns: [
    { id: 'connection-string/url', keywords: ['://'], match: matchUrl, maxLength: 400, strictOnly: true },
    {
      id: 'connection-string/password-field',
      keywords: ['password=', 'pwd='],
      match: matchAdoPassword,
      maxLength: 270,
      strictOnly: true,
    },
    {
      id: 'connection-string/azure-account-key',
      keywords: ['accountkey='],
      regex: /^AccountKey=(?<secret>[A-Za-z0-9+/]{40,100}={0,2})/i,
      maxLength: 120,
      strictOnly: true,
      envName: 'AZURE_STORAGE_KEY',
    },
    {
      id: 'connection-string/azure-shared-access-key',
      keywords: ['sharedaccesskey='],
      regex: /^SharedAccessKey=(?<secret>[A-Za-z0-9+/]{20,100}={0,2})/i,
      maxLength: 120,
      strictOnly: true,
      envName: 'AZURE_SERVICE_BUS_KEY',
    },
    {
      id: 'connection-string/azure-sas-signature',
      keywords: ['sig='],
      regex: /^sig=(?<secret>[A-Za-z0-9%+/]{20,200}(?:=|%3D){0,2})/i,
      boundary: true,
      maxLength: 220,
      strictOnly: true,
      envName: 'AZURE_SAS_TOKEN',
    },
  ],
  examples: {
    positive: [
      {
        text: `DATABASE_URL=postgres://app:${randomBody('cs1', BASE62, 16)}@db.internal:5432/app`,
        secret: randomBody('cs1', BASE62, 16),
      },
      {
        text: `mongodb+srv://admin:${randomBody('cs2', BASE62, 12)}@cluster0.example.mongodb.net/?retryWrites=true`,
        secret: randomBody('cs2', BASE62, 12),
      },
      {
        text: `redis://:${randomBody('cs3', BASE62, 20)}@cache:6379/0`,
        secret: randomBody('cs3', BASE62, 20),
      },
      {
        text: `DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${azureKey('cs4')};EndpointSuffix=core.windows.net`,
        secret: azureKey('cs4'),
      },
      {
        text: `Server=tcp:db.example.com;Database=app;User ID=sa;Password=${randomBody('cs5', BASE62, 14)};Encrypt=true`,
        secret: randomBody('cs5', BASE62, 14),
      },
      {
        text: `Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=${randomBody('cs6', BASE64, 43)}=`,
        secret: randomBody('cs6', BASE64, 43),
      },
      {
        text: `amqps://user123:${randomBody('cs7', BASE62, 10)}@rabbit:5671/vhost`,
        secret: randomBody('cs7', BASE62, 10),
      },
    ].map((e) => ({ ...e, nonStrict: 'keep' as const })),
    negative: [
      { text: 'const MONGO_NO_AUTH = "mongodb://localhost:27017/database";', why: 'no credentials' },
      {
        text: 'postgres="postgres://postgres@${POSTGRES_HOST:-localhost}:${POSTGRES_PORT:-5432}/$dbname"',
        why: 'no password',
      },
      { text: 'postgres://app:${DB_PASSWORD}@db:5432/app', why: 'templated password' },
      { text: 'https://example.com:8443/path?x=1', why: 'port, not a password' },
      { text: 'mysql://user:<password>@host/db', why: 'documented placeholder' },
      { text: 'Server=db;User ID=sa;Password=;', why: 'empty password' },
    ],
  },
});
