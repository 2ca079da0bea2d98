/**
 * The scrubber against generated credentials in the shapes configuration and code put them in
 * (env, INI, JSON, escaped JSON, name/value pairs, XML, YAML block scalars, typed declarations in
 * C#/Go/Java/Kotlin/Rust, PHP, Python, Ruby, Makefile, PowerShell, Dockerfile, CLI flags, headers,
 * URL queries), for vendor formats recognised by their prefix and for formats recognised only by
 * the service's name next to them; then the same shapes holding look-alikes (placeholders,
 * templates, variables, words) that must be kept. Values are drawn from each format's alphabet
 * with a seeded generator, so runs are comparable. Prints recall and false positives per format
 * and shape with the misses. The formats cover every rule of a public scanner's collection (its
 * shapes rewritten as our own patterns, RULE_SHAPES), and vendor-prefixed ones are also tried
 * alone in a sentence and on a line of their own.
 *
 *   npx tsx eval/scrub-shapes.ts [--misses]
 */
import { BASE62, DIGITS, HEX, randomBody } from '../src/scrub/examples.js';
import { createScrubber } from '../src/scrub/scrubber.js';

const scrubber = createScrubber({ salt: 'shapes' });
const showMisses = process.argv.includes('--misses');

/** The shapes: `n` is the service name, `v` the value. */
const SHAPES: Record<string, (n: string, v: string) => string> = {
  'ini quoted': (n, v) => `${n}Token="${v}"`,
  'ini spaced': (n, v) => `${n}Token = "${v}"`,
  'ini bare': (n, v) => `${n}Token=${v}`,
  'ini bare spaced': (n, v) => `${n}Token = ${v}`,
  json: (n, v) => `{\n    "${n}_token": "${v}"\n}`,
  'json escaped': (n, v) => `\\{\n    \\"${n}_token\\": \\"${v}\\"\n\\}`,
  'json name/value': (n, v) => `{\n    "name": "${n}_token",\n    "value": "${v}"\n}`,
  'xml element': (n, v) => `<${n}Token>${v}</${n}Token>`,
  'xml element lines': (n, v) => `<${n}Token>\n    ${v}\n</${n}Token>`,
  'xml attribute': (n, v) => `<entry name="${n}Token" value="${v}" />`,
  'xml key/value': (n, v) => `<entry>\n  <key>${n}Token</key>\n  <value>${v}</value>\n</entry>`,
  yaml: (n, v) => `${n}_token: ${v}`,
  'yaml single': (n, v) => `${n}_token: '${v}'`,
  'yaml double': (n, v) => `${n}_token: "${v}"`,
  'yaml literal': (n, v) => `${n}_token: |\n  ${v}`,
  'yaml folded': (n, v) => `${n}_token: >\n  ${v}`,
  'c#': (n, v) => `string ${n}Token = "${v}";`,
  go: (n, v) => `var ${n}Token string = "${v}"`,
  'go short': (n, v) => `${n}Token := "${v}"`,
  'go backticks': (n, v) => `${n}Token := \`${v}\``,
  java: (n, v) => `String ${n}Token = "${v}";`,
  js: (n, v) => `const ${n}Token = "${v}";`,
  kotlin: (n, v) => `val ${n}Token: String = "${v}"`,
  rust: (n, v) => `let ${n}_token: &str = "${v}";`,
  php: (n, v) => `$${n}Token = "${v}";`,
  'php append': (n, v) => `$${n}Token .= "${v}";`,
  python: (n, v) => `${n}_token = '${v}'`,
  'python dict': (n, v) => `{'${n}_token': '${v}'}`,
  ruby: (n, v) => `:${n}_token => "${v}"`,
  env: (n, v) => `${n.toUpperCase()}_TOKEN=${v}`,
  export: (n, v) => `export ${n.toUpperCase()}_TOKEN="${v}"`,
  make: (n, v) => `${n.toUpperCase()}_TOKEN ?= ${v}`,
  powershell: (n, v) => `$env:${n.toUpperCase()}_TOKEN = "${v}"`,
  dockerfile: (n, v) => `ENV ${n.toUpperCase()}_TOKEN=${v}`,
  'cli flag': (n, v) => `${n}-cli --token=${v}`,
  header: (n, v) => `curl -H "X-${n}-Token: ${v}" https://api.example.com`,
  'url query': (n, v) => `https://api.example.com/v1?${n}_token=${v}&page=2`,
  // The rest of a public scanner's sample generator: untyped Kotlin, double-quoted Python, CSV,
  // logstash, Makefile assignments with the value quoted, and its one-line `<name>_api_token`.
  'kotlin untyped': (n, v) => `var ${n}Token = "${v}"`,
  'python double': (n, v) => `${n}Token = "${v}"`,
  csv: (n, v) => `${n}Token,${v},`,
  logstash: (n, v) => `  "${n}Token" => "${v}"`,
  'make quoted': (n, v) => `${n}_TOKEN = "${v}"`,
  'make := quoted': (n, v) => `${n}_TOKEN := "${v}"`,
  'make ::= quoted': (n, v) => `${n}_TOKEN ::= "${v}"`,
  'make :::= quoted': (n, v) => `${n}_TOKEN :::= "${v}"`,
  'make ?= quoted': (n, v) => `${n}_TOKEN ?= "${v}"`,
  'make += quoted': (n, v) => `${n}_TOKEN += "${v}"`,
  'api token line': (n, v) => `${n}_api_token = "${v}"`,
};

const LOWER = DIGITS + 'abcdefghijklmnopqrstuvwxyz';
const uuid = (s: string): string =>
  `${randomBody(`${s}a`, HEX, 8)}-${randomBody(`${s}b`, HEX, 4)}-${randomBody(`${s}c`, HEX, 4)}-${randomBody(`${s}d`, HEX, 4)}-${randomBody(`${s}e`, HEX, 12)}`;

/** Formats by name: the service word for the shapes and a generator of values. */
const FORMATS: Record<string, [string, (s: string) => string]> = {
  // Prefixed: recognised wherever they sit.
  github: ['github', (s) => 'ghp_' + randomBody(s, BASE62, 36)],
  gitlab: ['gitlab', (s) => 'glpat-' + randomBody(s, BASE62, 20)],
  'openai project': [
    'openai',
    (s) => `sk-proj-${randomBody(s, BASE62, 58)}T3BlbkFJ${randomBody(`${s}2`, BASE62, 58)}`,
  ],
  slack: [
    'slack',
    (s) =>
      `xoxb-${randomBody(s, DIGITS, 12)}-${randomBody(`${s}2`, DIGITS, 12)}-${randomBody(`${s}3`, BASE62, 24)}`,
  ],
  stripe: ['stripe', (s) => 'sk_live_' + randomBody(s, BASE62, 32)],
  npm: ['npm', (s) => 'npm_' + randomBody(s, BASE62, 36)],
  sendgrid: ['sendgrid', (s) => `SG.${randomBody(s, BASE62, 22)}.${randomBody(`${s}2`, BASE62, 43)}`],
  shopify: ['shopify', (s) => 'shpat_' + randomBody(s, HEX, 32)],
  langsmith: ['langsmith', (s) => `lsv2_pt_${randomBody(s, HEX, 32)}_${randomBody(`${s}2`, HEX, 10)}`],
  doppler: ['doppler', (s) => 'dp.pt.' + randomBody(s, BASE62, 43)],
  vault: ['vault', (s) => 'hvs.' + randomBody(s, BASE62, 90)],
  // Named: recognised by the service word (or the token name) next to them.
  'asana client id': ['asana', (s) => randomBody(s, '123456789', 16)],
  'discord client id': ['discord', (s) => randomBody(s, '123456789', 18)],
  'dropbox api token': ['dropbox', (s) => randomBody(s, LOWER, 15)],
  'etsy access token': ['etsy', (s) => randomBody(s, LOWER, 24)],
  'heroku api key': ['heroku', uuid],
  'kucoin secret': ['kucoin', uuid],
  'linkedin client secret': ['linkedin', (s) => randomBody(s, LOWER, 16)],
  'mailgun signing key': [
    'mailgun',
    (s) => `${randomBody(s, HEX, 32)}-${randomBody(`${s}2`, HEX, 8)}-${randomBody(`${s}3`, HEX, 8)}`,
  ],
  'mapbox public token': [
    'mapbox',
    (s) => `pk.${randomBody(s, LOWER, 60)}.${randomBody(`${s}2`, LOWER, 22)}`,
  ],
  'okta token': ['okta', (s) => '00' + randomBody(s, BASE62 + '_-', 40)],
  'sumologic access id': ['sumo', (s) => 'su' + randomBody(s, BASE62, 12)],
  'travis token': ['travis', (s) => randomBody(s, LOWER, 22)],
  'twitch token': ['twitch', (s) => randomBody(s, LOWER, 30)],
  'kraken token': ['kraken', (s) => randomBody(s, LOWER + '/=_+-', 85)],
  'meraki key': ['meraki', (s) => randomBody(s, HEX, 40)],
  'sendbird token': ['sendbird', (s) => randomBody(s, HEX, 40)],
};

/**
 * A value from a shape written as a small pattern: literal characters, `\x` escapes, classes
 * (`[a-z0-9_-]`, `\w`, `\d`) and counts (`{n}`, `{n,m}`, picked by the seed).
 */
function fromShape(shape: string, seed: string): string {
  const W = BASE62 + '_';
  let out = '';
  let i = 0;
  let part = 0;
  while (i < shape.length) {
    let chars = '';
    let literal: string | undefined;
    if (shape[i] === '[') {
      for (i++; shape[i] !== ']';) {
        let a = shape[i]!;
        if (a === '\\') {
          a = shape[++i]!;
          if (a === 'w' || a === 'd') {
            chars += a === 'w' ? W : DIGITS;
            i++;
            continue;
          }
        }
        if (shape[i + 1] === '-' && shape[i + 2] !== ']') {
          for (let x = a.charCodeAt(0); x <= shape.charCodeAt(i + 2); x++) chars += String.fromCharCode(x);
          i += 3;
        } else {
          chars += a;
          i++;
        }
      }
      i++;
    } else if (shape[i] === '\\') {
      const a = shape[i + 1]!;
      if (a === 'w' || a === 'd') chars = a === 'w' ? W : DIGITS;
      else literal = a;
      i += 2;
    } else literal = shape[i++];
    let n = 1;
    if (shape[i] === '{') {
      const close = shape.indexOf('}', i);
      const [lo, hi] = shape
        .slice(i + 1, close)
        .split(',')
        .map(Number) as [number, number?];
      n = lo + (Number(randomBody(`${seed}:n${part}`, DIGITS, 3)) % ((hi ?? lo) - lo + 1));
      i = close + 1;
    }
    out += literal !== undefined ? literal.repeat(n) : randomBody(`${seed}:${part}`, chars, n);
    part++;
  }
  return out;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/**
 * Every rule of a public secret scanner's collection (gitleaks' rule list, read 2026-11-26), as
 * our own shape: [format, the service word its samples are named with, the value's shape, whether
 * a vendor prefix makes it recognisable alone]. Values come from our generator, not its vectors.
 */
const RULE_SHAPES: readonly (readonly [string, string, string, boolean])[] = [
  [
    '1password secret key',
    '1password',
    'A3-[A-Z0-9]{6}-[A-Z0-9]{11}-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}',
    true,
  ],
  ['1password service account', '1password', 'ops_eyJ[a-zA-Z0-9+/]{250}', true],
  ['adafruit key', 'adafruit', '[a-z0-9_\\-]{32}', false],
  ['adobe client id', 'adobe', '[a-f0-9]{32}', false],
  ['adobe client secret', 'adobe', 'p8e-[a-z0-9]{32}', true],
  ['age secret key', 'age', 'AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}', true],
  ['airtable key', 'airtable', '[a-z0-9]{17}', false],
  ['algolia key', 'algolia', '[a-z0-9]{32}', false],
  ['alibaba key id', 'alibaba', 'LTAI[a-z0-9]{20}', true],
  ['alibaba secret', 'alibaba', '[a-z0-9]{30}', false],
  ['anthropic admin', 'anthropic', 'sk-ant-admin01-[a-zA-Z0-9_\\-]{93}AA', true],
  ['anthropic key', 'anthropic', 'sk-ant-api03-[a-zA-Z0-9_\\-]{93}AA', true],
  ['artifactory key', 'artifactory', 'AKCp[A-Za-z0-9]{69}', true],
  ['artifactory reference', 'artifactory', 'cmVmd[A-Za-z0-9]{59}', true],
  ['asana client secret', 'asana', '[a-z0-9]{32}', false],
  ['atlassian token', 'atlassian', '[a-z0-9]{20}[a-f0-9]{4}', false],
  ['confluence token', 'confluence', '[a-z0-9]{20}[a-f0-9]{4}', false],
  ['jira token', 'jira', '[a-z0-9]{20}[a-f0-9]{4}', false],
  ['atlassian ATATT3', 'atlassian', 'ATATT3[A-Za-z0-9_\\-=]{186}', true],
  [
    'authress key',
    'authress',
    'sc_[a-z0-9]{5,30}.[a-z0-9]{4,6}.acc_[a-z0-9\\-]{10,32}.[a-z0-9+/_=\\-]{30,120}',
    true,
  ],
  ['aws key id', 'aws', 'AKIA[A-Z2-7]{16}', true],
  ['azure ad secret', 'azure', '[a-zA-Z0-9_~.]{3}[0-9]Q~[a-zA-Z0-9_~.\\-]{31,34}', true],
  ['beamer token', 'beamer', 'b_[a-z0-9=_\\-]{44}', false],
  ['bitbucket client id', 'bitbucket', '[a-z0-9]{32}', false],
  ['bitbucket client secret', 'bitbucket', '[a-z0-9=_\\-]{64}', false],
  ['bittrex key', 'bittrex', '[a-z0-9]{32}', false],
  ['clickhouse secret', 'clickhouse', '4b1d[A-Za-z0-9]{38}', true],
  ['clojars token', 'clojars', 'CLOJARS_[a-z0-9]{60}', true],
  ['cloudflare key', 'cloudflare', '[a-z0-9_\\-]{40}', false],
  ['cloudflare global key', 'cloudflare', '[a-f0-9]{37}', false],
  ['cloudflare origin ca', 'cloudflare', 'v1.0-[a-f0-9]{24}-[a-f0-9]{146}', true],
  ['codecov token', 'codecov', '[a-z0-9]{32}', false],
  ['cohere key', 'cohere', '[a-zA-Z0-9]{40}', false],
  ['cohere CO_API_KEY', 'CO_API_KEY', '[a-zA-Z0-9]{40}', false],
  ['coinbase token', 'coinbase', '[a-z0-9_\\-]{64}', false],
  ['confluent access', 'confluent', '[a-z0-9]{16}', false],
  ['confluent secret', 'confluent', '[a-z0-9]{64}', false],
  ['contentful token', 'contentful', '[a-z0-9=_\\-]{43}', false],
  ['databricks token', 'databricks', 'dapi[a-f0-9]{32}', true],
  ['datadog token', 'datadog', '[a-z0-9]{40}', false],
  ['defined networking', 'dnkey', 'dnkey-[a-z0-9=_\\-]{26}-[a-z0-9=_\\-]{52}', true],
  ['digitalocean oauth', 'digitalocean', 'doo_v1_[a-f0-9]{64}', true],
  ['digitalocean pat', 'digitalocean', 'dop_v1_[a-f0-9]{64}', true],
  ['digitalocean refresh', 'digitalocean', 'dor_v1_[a-f0-9]{64}', true],
  ['discord api token', 'discord', '[a-f0-9]{64}', false],
  ['discord client secret', 'discord', '[a-z0-9=_\\-]{32}', false],
  ['droneci token', 'droneci', '[a-z0-9]{32}', false],
  ['dropbox long-lived', 'dropbox', '[a-z0-9]{11}AAAAAAAAAA[a-z0-9\\-_=]{43}', false],
  ['dropbox short-lived', 'dropbox', 'sl.[a-z0-9\\-=_]{135}', false],
  ['duffel token', 'duffel', 'duffel_test_[a-z0-9_\\-=]{43}', true],
  ['dynatrace token', 'dynatrace', 'dt0c01.[a-z0-9]{24}.[a-z0-9]{64}', true],
  ['easypost key', 'easypost', 'EZAK[a-z0-9]{54}', true],
  ['easypost test key', 'easypost', 'EZTK[a-z0-9]{54}', true],
  ['facebook access token', 'facebook', '[0-9]{15}|[0-9a-z\\-_]{27,40}', false],
  ['facebook page token', 'facebook', 'EAAM[a-z0-9]{100,120}', true],
  ['facebook secret', 'facebook', '[a-f0-9]{32}', false],
  ['fastly token', 'fastly', '[a-z0-9=_\\-]{32}', false],
  ['finicity token', 'finicity', '[a-f0-9]{32}', false],
  ['finicity secret', 'finicity', '[a-z0-9]{20}', false],
  ['finnhub token', 'finnhub', '[a-z0-9]{20}', false],
  ['flickr token', 'flickr', '[a-z0-9]{32}', false],
  ['flutterwave encryption', 'flutterwave', 'FLWSECK_TEST-[a-h0-9]{12}', true],
  ['flutterwave public', 'flutterwave', 'FLWPUBK_TEST-[a-h0-9]{32}-X', true],
  ['flutterwave secret', 'flutterwave', 'FLWSECK_TEST-[a-h0-9]{32}-X', true],
  ['fly.io fo1', 'fly', 'fo1_[\\w\\-]{43}', true],
  ['fly.io fm2', 'fly', 'fm2_[a-zA-Z0-9+/]{100,200}', true],
  ['frame.io token', 'frameio', 'fio-u-[a-z0-9\\-_=]{64}', true],
  ['freshbooks token', 'freshbooks', '[a-z0-9]{64}', false],
  ['gocardless token', 'gocardless', 'live_[a-z0-9\\-_=]{40}', false],
  ['gcp api key', 'gcp', 'AIza[\\w\\-]{35}', true],
  ['github fine-grained', 'github', 'github_pat_[\\w]{82}', true],
  ['github oauth', 'github', 'gho_[0-9a-zA-Z]{36}', true],
  ['github app', 'github', 'ghu_[0-9a-zA-Z]{36}', true],
  ['github refresh', 'github', 'ghr_[0-9a-zA-Z]{36}', true],
  ['gitlab cicd job', 'gitlab', 'glcbt-[0-9a-zA-Z]{1,5}_[0-9a-zA-Z_\\-]{20}', true],
  ['gitlab deploy', 'gitlab', 'gldt-[0-9a-zA-Z_\\-]{20}', true],
  ['gitlab feature flag', 'gitlab', 'glffct-[0-9a-zA-Z_\\-]{20}', true],
  ['gitlab feed', 'gitlab', 'glft-[0-9a-zA-Z_\\-]{20}', true],
  ['gitlab incoming mail', 'gitlab', 'glimt-[0-9a-zA-Z_\\-]{25}', true],
  ['gitlab k8s agent', 'gitlab', 'glagent-[0-9a-zA-Z_\\-]{50}', true],
  ['gitlab oauth secret', 'gitlab', 'gloas-[0-9a-zA-Z_\\-]{64}', true],
  ['gitlab pat routable', 'gitlab', 'glpat-[0-9a-zA-Z_\\-]{27,60}.[0-9a-z]{9}', true],
  ['gitlab trigger', 'gitlab', 'glptt-[0-9a-f]{40}', true],
  ['gitlab runner registration', 'gitlab', 'GR1348941[\\w\\-]{20}', true],
  ['gitlab runner auth', 'gitlab', 'glrt-[0-9a-zA-Z_\\-]{20}', true],
  ['gitlab runner routable', 'gitlab', 'glrt-t[0-9]_[0-9a-zA-Z_\\-]{27,60}.[0-9a-z]{9}', true],
  ['gitlab scim', 'gitlab', 'glsoat-[0-9a-zA-Z_\\-]{20}', true],
  ['gitlab session', 'gitlab', '_gitlab_session=[0-9a-z]{32}', true],
  ['gitter token', 'gitter', '[a-z0-9_\\-]{40}', false],
  ['grafana key', 'grafana', 'eyJrIjoi[A-Za-z0-9]{70,100}', true],
  ['grafana cloud', 'grafana', 'glc_[A-Za-z0-9+/]{32,80}', true],
  ['grafana service account', 'grafana', 'glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}', true],
  ['harness pat', 'harness', 'pat.[a-zA-Z0-9_\\-]{22}.[a-zA-Z0-9]{24}.[a-zA-Z0-9]{20}', true],
  ['terraform token', 'hashicorp', '[a-z0-9]{14}.atlasv1.[a-z0-9\\-_=]{60,70}', true],
  ['heroku v2', 'heroku', 'HRKU-AA[0-9a-zA-Z_\\-]{58}', true],
  ['hubspot key', 'hubspot', UUID.toUpperCase(), false],
  ['huggingface token', 'huggingface', 'hf_[a-zA-Z]{34}', true],
  ['huggingface org', 'huggingface', 'api_org_[a-zA-Z]{34}', true],
  ['infracost token', 'infracost', 'ico-[a-zA-Z0-9]{32}', true],
  ['intercom token', 'intercom', '[a-z0-9=_\\-]{60}', false],
  ['intra42 secret', 'intra42', 's-s4t2ud-[a-f0-9]{64}', true],
  ['jfrog key', 'jfrog', '[a-z0-9]{73}', false],
  ['jfrog identity', 'jfrog', '[a-z0-9]{64}', false],
  ['xray identity', 'xray', '[a-z0-9]{64}', false],
  ['kucoin access', 'kucoin', '[a-f0-9]{24}', false],
  ['launchdarkly token', 'launchdarkly', '[a-z0-9=_\\-]{40}', false],
  ['linear api key', 'linear', 'lin_api_[a-z0-9]{40}', true],
  ['linear client secret', 'linear', '[a-f0-9]{32}', false],
  ['linkedin client id', 'linkedin', '[a-z0-9]{14}', false],
  ['lob key', 'lob', 'live_[a-f0-9]{35}', false],
  ['lob publishable', 'lob', 'test_pub_[a-f0-9]{31}', false],
  ['mailchimp key', 'mailchimp', '[a-f0-9]{32}-us[0-9]{2}', false],
  ['mailgun public', 'mailgun', 'pubkey-[a-f0-9]{32}', false],
  ['mailgun private', 'mailgun', 'key-[a-f0-9]{32}', false],
  ['mattermost token', 'mattermost', '[a-z0-9]{26}', false],
  ['maxmind license', 'maxmind', '[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk', true],
  ['messagebird token', 'messagebird', '[a-z0-9]{25}', false],
  ['messagebird client id', 'message_bird', UUID, false],
  ['netlify token', 'netlify', '[a-z0-9=_\\-]{40,46}', false],
  ['new relic browser', 'new-relic', 'NRJS-[a-f0-9]{19}', false],
  ['new relic insert', 'new-relic', 'NRII-[a-z0-9\\-]{32}', false],
  ['new relic user id', 'new-relic', '[a-z0-9]{64}', false],
  ['new relic user key', 'new-relic', 'NRAK-[a-z0-9]{27}', false],
  ['notion token', 'notion', 'ntn_[0-9]{11}[A-Za-z0-9]{35}', true],
  ['nytimes token', 'nytimes', '[a-z0-9=_\\-]{32}', false],
  ['octopus key', 'octopus', 'API-[A-Z0-9]{26}', true],
  ['openai legacy', 'openai', 'sk-[a-zA-Z0-9]{20}T3BlbkFJ[a-zA-Z0-9]{20}', true],
  ['openshift token', 'openshift', 'sha256~[\\w\\-]{43}', true],
  ['perplexity key', 'perplexity', 'pplx-[a-zA-Z0-9]{48}', true],
  ['plaid access token', 'plaid', `access-sandbox-${UUID}`, false],
  ['plaid client id', 'plaid', '[a-z0-9]{24}', false],
  ['plaid secret', 'plaid', '[a-z0-9]{30}', false],
  ['planetscale password', 'planetscale', 'pscale_pw_[\\w=.\\-]{32,64}', true],
  ['planetscale token', 'planetscale', 'pscale_tkn_[\\w=.\\-]{32,64}', true],
  ['planetscale oauth', 'planetscale', 'pscale_oauth_[\\w=.\\-]{32,64}', true],
  ['postman key', 'postman', 'PMAK-[a-f0-9]{24}-[a-f0-9]{34}', true],
  ['prefect token', 'prefect', 'pnu_[a-zA-Z0-9]{36}', true],
  ['private ai token', 'private_ai', '[a-z0-9]{32}', false],
  ['pulumi token', 'pulumi', 'pul-[a-f0-9]{40}', true],
  ['pypi token', 'pypi', 'pypi-AgEIcHlwaS5vcmc[\\w\\-]{50,100}', true],
  ['rapidapi token', 'rapidapi', '[a-z0-9_\\-]{50}', false],
  ['readme token', 'readme', 'rdme_[a-z0-9]{70}', true],
  ['rubygems token', 'rubygems', 'rubygems_[a-f0-9]{48}', true],
  ['scalingo token', 'scalingo', 'tk-us-[\\w\\-]{48}', true],
  ['sendbird access id', 'sendbird', UUID, false],
  ['sendgrid dotted', 'sendgrid', 'SG.[a-z0-9=_\\-.]{66}', true],
  ['sendinblue key', 'sendinblue', 'xkeysib-[a-f0-9]{64}-[a-z0-9]{16}', true],
  ['sentry token', 'sentry', '[a-f0-9]{64}', false],
  ['sentry user token', 'sentry', 'sntryu_[a-f0-9]{64}', true],
  ['settlemint app', 'settlemint', 'sm_aat_[a-zA-Z0-9]{16}', true],
  ['settlemint personal', 'settlemint', 'sm_pat_[a-zA-Z0-9]{16}', true],
  ['settlemint service', 'settlemint', 'sm_sat_[a-zA-Z0-9]{16}', true],
  ['shippo token', 'shippo', 'shippo_live_[a-fA-F0-9]{40}', true],
  ['shopify custom app', 'shopify', 'shpca_[a-fA-F0-9]{32}', true],
  ['shopify private app', 'shopify', 'shppa_[a-fA-F0-9]{32}', true],
  ['shopify shared secret', 'shopify', 'shpss_[a-fA-F0-9]{32}', true],
  ['sidekiq secret', 'BUNDLE_ENTERPRISE__CONTRIBSYS__COM', '[a-f0-9]{8}:[a-f0-9]{8}', false],
  ['sidekiq url', 'sidekiq', 'https://[a-f0-9]{8}:[a-f0-9]{8}@gems.contribsys.com/', true],
  ['slack app', 'slack', 'xapp-1-A[A-Z0-9]{10}-[0-9]{13}-[a-z0-9]{64}', true],
  ['slack config', 'slack', 'xoxe.xoxp-1-[A-Z0-9]{163,166}', true],
  ['slack config refresh', 'slack', 'xoxe-1-[A-Z0-9]{146}', true],
  ['slack legacy bot', 'slack', 'xoxb-[0-9]{8,14}-[a-zA-Z0-9]{18,26}', true],
  ['slack legacy', 'slack', 'xoxs-[0-9]{10}-[0-9]{10}-[0-9]{12}-[a-fA-F0-9]{64}', true],
  ['slack legacy workspace', 'slack', 'xoxr-[0-9a-zA-Z]{8,48}', true],
  ['slack user', 'slack', 'xoxp-[0-9]{10,13}-[0-9]{10,13}-[0-9]{10,13}-[a-zA-Z0-9]{28,34}', true],
  ['slack webhook', 'slack', 'https://hooks.slack.com/services/[A-Za-z0-9+/]{43,56}', true],
  ['snyk token', 'snyk', UUID, false],
  ['snyk key', 'SNYK_KEY', UUID, false],
  ['sonar token', 'sonar', '[a-z0-9=_\\-]{40}', false],
  ['sonar login', 'sonar.login', '[a-z0-9=_\\-]{40}', false],
  ['sourcegraph hex', 'sourcegraph', '[a-fA-F0-9]{40}', false],
  ['sourcegraph sgp', 'sourcegraph', 'sgp_[a-fA-F0-9]{40}', true],
  ['sourcegraph local', 'sourcegraph', 'sgp_local_[a-fA-F0-9]{40}', true],
  ['sourcegraph instance', 'sourcegraph', 'sgp_[a-fA-F0-9]{16}_[a-fA-F0-9]{40}', true],
  ['square EAAA', 'square', 'EAAA[\\w\\-]{22,60}', true],
  ['square sq0atp', 'square', 'sq0atp-[\\w\\-]{22}', true],
  ['squarespace token', 'squarespace', UUID, false],
  ['stripe restricted', 'stripe', 'rk_test_[a-zA-Z0-9]{10,99}', true],
  ['sumologic token', 'sumo', '[a-z0-9]{64}', false],
  [
    'teams webhook',
    'teams',
    'https://acme.webhook.office.com/webhookb2/[a-z0-9]{8}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{12}@[a-z0-9]{8}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{12}/IncomingWebhook/[a-z0-9]{32}/[a-z0-9]{8}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{12}',
    true,
  ],
  ['telegram bot', 'telegram', '[0-9]{5,16}:A[a-z0-9_\\-]{34}', false],
  ['twilio key', 'twilio', 'SK[0-9a-fA-F]{32}', true],
  ['twitter access secret', 'twitter', '[a-z0-9]{45}', false],
  ['twitter access token', 'twitter', '[0-9]{15,25}-[a-zA-Z0-9]{20,40}', false],
  ['twitter api key', 'twitter', '[a-z0-9]{25}', false],
  ['twitter api secret', 'twitter', '[a-z0-9]{50}', false],
  ['twitter bearer', 'twitter', 'A{22}[a-zA-Z0-9%]{80,100}', false],
  ['typeform token', 'typeform', 'tfp_[a-z0-9\\-_.=]{59}', false],
  ['vault batch', 'vault', 'hvb.[\\w\\-]{138,300}', true],
  ['vault legacy', 'vault', 's.[a-z0-9]{24}', false],
  ['yandex access', 'yandex', 't1.[A-Z0-9a-z_\\-]{10,60}.[A-Z0-9a-z_\\-]{86}', false],
  ['yandex api key', 'yandex', 'AQVN[A-Za-z0-9_\\-]{35,38}', false],
  ['yandex aws', 'yandex', 'YC[a-zA-Z0-9_\\-]{38}', false],
  ['zendesk secret', 'zendesk', '[a-z0-9]{40}', false],
  ['generic', 'generic', '[a-zA-Z0-9]{32}', false],
  ['database password', 'db_password', '[a-zA-Z0-9]{12,30}', false],
  ['database password symbols', 'DB_PASSWD', '[a-zA-Z0-9:;<@=},!$?^]{10,50}', false],
];
for (const [format, service, shape] of RULE_SHAPES) {
  FORMATS[format] = [service, (s) => fromShape(shape, s)];
}

/** Values that look like a credential's place but are not one. */
const LOOKALIKES: Record<string, string> = {
  xxx: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  'your key': '<your-api-token>',
  template: '${API_TOKEN}',
  helm: '{{ .Values.apiToken }}',
  variable: '$API_TOKEN',
  example: 'EXAMPLE_TOKEN_VALUE_1234',
  repeated: 'abc123abc123abc123abc123',
  sequence: '0123456789abcdefghij',
  placeholder: 'replace_me_with_a_real_token',
  word: 'changeme',
  identifier: 'apiTokenFromEnvironment',
  call: 'os.environ.get',
  empty: '',
  bracketed: '[PASSWORD]',
  'short filler': 'yyy',
  positional: '$1',
  artifact: 'jjwt-jackson-0.11.2',
};

function leaks(text: string, secret: string): boolean {
  return scrubber.scrub(text).sanitized.includes(secret);
}

let total = 0;
let caught = 0;
const misses: string[] = [];
process.stdout.write('| format | samples | recall |\n|---|---:|---:|\n');
for (const [format, [service, gen]] of Object.entries(FORMATS)) {
  let n = 0;
  let ok = 0;
  for (const [shape, make] of Object.entries(SHAPES)) {
    for (let k = 0; k < 3; k++) {
      const v = gen(`${format}:${shape}:${k}`);
      n++;
      if (leaks(make(service, v), v))
        misses.push(`MISS ${format} / ${shape}: ${JSON.stringify(make(service, v))}`);
      else ok++;
    }
  }
  total += n;
  caught += ok;
  process.stdout.write(`| ${format} | ${n} | ${((100 * ok) / n).toFixed(1)}% |\n`);
}
process.stdout.write(`| **all** | ${total} | ${((100 * caught) / total).toFixed(1)}% |\n\n`);

// Vendor-prefixed formats need no name next to them: alone in a sentence and on a line of their own.
let alone = 0;
let aloneCaught = 0;
for (const [format, , shape, prefixed] of RULE_SHAPES) {
  if (!prefixed) continue;
  for (const [where, make] of [
    ['prose', (v: string) => `Use ${v} for the deploy step.`],
    ['line', (v: string) => v],
  ] as const) {
    const v = fromShape(shape, `${format}:${where}`);
    alone++;
    if (leaks(make(v), v)) misses.push(`MISS ${format} / alone in ${where}: ${JSON.stringify(make(v))}`);
    else aloneCaught++;
  }
}
process.stdout.write(
  `| prefixed formats alone (prose, own line) | ${alone} | ${((100 * aloneCaught) / alone).toFixed(1)}% |\n\n`,
);

let keep = 0;
let flagged = 0;
process.stdout.write('| look-alike | samples | false positives |\n|---|---:|---:|\n');
for (const [name, v] of Object.entries(LOOKALIKES)) {
  let fp = 0;
  let n = 0;
  for (const [shape, make] of Object.entries(SHAPES)) {
    for (const service of ['github', 'etsy', 'acme']) {
      const text = make(service, v);
      n++;
      if (scrubber.scrub(text).redactionsCount > 0) {
        fp++;
        misses.push(`FP   ${name} / ${shape}: ${JSON.stringify(text)}`);
      }
    }
  }
  keep += n;
  flagged += fp;
  process.stdout.write(`| ${name} | ${n} | ${((100 * fp) / n).toFixed(1)}% |\n`);
}
process.stdout.write(`| **all** | ${keep} | ${((100 * flagged) / keep).toFixed(1)}% |\n`);
if (showMisses) process.stdout.write(`\n${misses.join('\n')}\n`);
