/**
 * The scrubber against generated credentials in the shapes configuration and code put them in
 * (env, INI, JSON, escaped JSON, name/value pairs, XML, YAML block scalars, typed declarations in
 * C#/Go/Java/Kotlin/Rust, PHP, Python, Ruby, Makefile, PowerShell, Dockerfile, CLI flags, headers,
 * URL queries), for vendor formats recognised by their prefix and for formats recognised only by
 * the service's name next to them; then the same shapes holding look-alikes (placeholders,
 * templates, variables, words) that must be kept. Values are drawn from each format's alphabet
 * with a seeded generator, so runs are comparable. Prints recall and false positives per format
 * and shape with the misses.
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
