/**
 * The shared notion of "obviously not a secret", applied to every candidate span before it is
 * tagged (both modes): templates, placeholder words, documentation keys, runs of one character,
 * sequential runs and short repeated units. Detectors whose bodies are binary data (PEM, JWT, STS
 * session tokens) opt out, since base64 of zero bytes is a run of `A`s.
 *
 * Each reason has examples in NOT_SECRET_EXAMPLES (test/scrub/not-secret.test.ts runs them), next
 * to values that look similar but are kept as secrets.
 */

/** Our own markers: scrubbing scrubbed text must change nothing. */
const MARKER = /\[REDACTED_[A-Z]+_KEY_[0-9a-f]{8}\]/;
/**
 * `#{x}`, `%(x)s`, `<your key>` (or left open: `<your key`; not a password that opens with `<`), `$VAR` (alone or followed by a path, a member or a call: `$HOME/.x`,
 * `$cfg.key`, `$USER:$PASS`; not `$Yi@qC4m…`, a password that opens with `$`), `%s`, `%VAR%`
 * (`${…}` and `{{…}}`: closedPlaceholder).
 */
const TEMPLATE =
  /^%[A-Za-z_][A-Za-z0-9_]*%$|#\{[^{}\s]{1,40}\}|%\([A-Za-z_]\w*\)[sdr]|<[^<>\s]{0,40}>|^<[A-Za-z][\w .-]*$|>$|^\$(?:[A-Za-z_]\w*(?:$|[./:[({)\s-])|[0-9]+$)|^%[sdv]$/;

/**
 * A closed `${…}` or `{{…}}` whose inside starts like a name and has balanced brackets: `${TOKEN}`,
 * `${TOKEN:-x}`, `${randomBody('a', 8)}`, `{{ .Values.key }}`; not the template-looking characters
 * of a password (`m{{h}o)p${e]nob(ody[finds>-_$#thisone}}`). Values opening with `${`/`{{` count.
 */
export function closedPlaceholder(v: string): boolean {
  if (v.startsWith('${') || v.startsWith('{{')) return true;
  for (let at = v.indexOf('{'); at >= 0; at = v.indexOf('{', at + 1)) {
    const double = v.charCodeAt(at + 1) === 0x7b;
    if (!double && v.charCodeAt(at - 1) !== 0x24) continue; // `${` or `{{`
    let i = at + (double ? 2 : 1);
    while (v.charCodeAt(i) === 0x20) i++;
    if (!/[A-Za-z_.$]/.test(v[i] ?? '')) continue;
    let depth = 0;
    for (; i < v.length && i - at <= 80; i++) {
      const c = v[i]!;
      if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') {
        if (--depth < 0) break;
      } else if (c === '{') break;
      else if (c === '}') {
        if (depth === 0 && (!double || v[i + 1] === '}')) return true;
        break;
      }
    }
  }
  return false;
}

/** `[PASSWORD]`, `[IP]`: a bracketed placeholder (letters and spaces, no digits). */
const BRACKETED = /^\[[A-Za-z][A-Za-z _.-]{0,40}\]$/;

/**
 * A password that is the name of what belongs there (`-u username:password`, `-u test:test`,
 * `--user user:token`): command-line documentation, as public scanners' curl rules treat it. Not
 * part of the shared check: `https://user:pass@host` in a URL is still redacted.
 */
const NAMED_PLACEHOLDER = /^(?:pass(?:word|wd)?|pwd|test|token|secret|change(?:it|me)|user(?:name)?)$/i;

export function namedPlaceholder(value: string): boolean {
  return NAMED_PLACEHOLDER.test(value);
}

/** Words that only placeholders contain (case-insensitive substrings). */
const PLACEHOLDER_WORD =
  /example|x{5}|\*{3}|#{5}|\.{3}|…|_{5}|-{5}|your[_-]?(?:api|access|secret|own|key|token|pass|pw|app|client|org)|placeholder|redacted|changeme|change_me|replace_?me|dummy|insert[_-]?(?:key|token|here|your)|[_-]here\b|here[_-]|notreal|not_real|sample[_-]?(?:key|token|secret)|fake[_-]?(?:key|token|secret)|(?:fake){2}|(?:test){3}|(?:abc){2}|(?:123){2}|(?:xyz){2}|(?:asdf){2}|(?:qwer){2}|(?:0000){2}|(?:1111){2}/i;

/**
 * Keys printed in vendor documentation, built from parts so no literal sits in the repository.
 * (AWS's pair ends in EXAMPLE / EXAMPLEKEY and is caught by the word list.)
 */
const DOCUMENTATION_KEYS: ReadonlySet<string> = new Set([
  // Stripe's API reference test key.
  'sk_test_' + '4eC39HqLyjWDarjtT1zdp7dc',
  'pk_test_' + 'TYooMQauvdEDq54NiTphI7jx',
  // Slack's API docs bot token.
  'xoxb-' + '17653672481-19874698323-' + 'pdFZKVeTuE8sk7oOcBrzbqgy',
  // Twilio's docs test account.
  'AC' + 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
  // Google API keys published in the Firebase Android SDK's samples and test resources (public
  // rule collections allow-list them too).
  ...[
    'SyAnLA7NfeLquW1tJFpx_eQCxoX-oo6YyIs',
    'SyCkEhVjf3pduRDt6d1yKOMitrUEke8agEM',
    'SyDMAScliyLx7F0NPDEJi1QmyCgHIAODrlU',
    'SyD3asb-2pEZVqMkmL6M9N6nHZRR_znhrh0',
    'yDNSXIbFmlXbIE6mCzDLQAqITYefhixbX4A',
    'SyAdOS2zB6NCsk1pCdZ4-P6GBdi_UUPwX7c',
    'SyASWm6HmTMdYWpgMnjRBjxcQ9CKctWmLd4',
    'SyANUvH9H9BsUccjsu2pCmEkOPjjaXeDQgY',
    'SyA5_iVawFQ8ABuTZNUdcwERLJv_a_p4wtM',
    'SyA4UrcGxgwQFTfaI3no3t7Lt1sjmdnP5sQ',
    'SyDSb51JiIcB6OJpwwMicseKRhhrOq1cS7g',
    'SyBF2RrAIm4a0mO64EShQfqfd2AFnzAvvuU',
    'SyBcE-OOIbhjyR83gm4r2MFCu4MJmprNXsw',
    'SyB8qGxt4ec15vitgn44duC5ucxaOi4FmqE',
    'SyA8vmApnrHNFE0bApF4hoZ11srVL_n0nvY',
  ].map((rest) => 'AI' + 'za' + rest),
]);

/** The UTF-16 code units of the value being checked (reused: the checks never re-enter). */
let unitBuffer = new Uint16Array(256);

/** `v`'s code units in a typed array: the run loops below read each several times. */
function unitsOf(v: string): Uint16Array {
  if (v.length > unitBuffer.length) unitBuffer = new Uint16Array(2 * v.length);
  const u = unitBuffer;
  for (let i = 0; i < v.length; i++) u[i] = v.charCodeAt(i);
  return u;
}

/** Characters needed for a run of period p (1-8) to count as filler. */
function runNeeded(p: number): number {
  return p === 1 ? 5 : Math.max(10, 2 * p);
}

/** Marks in `covered` the characters of `u[0, n)` inside runs of one character or a short unit. */
function markRepeats(u: Uint16Array, n: number, covered: Uint8Array): void {
  for (let p = 1; p <= 8; p++) {
    const need = runNeeded(p);
    let run = 0;
    for (let i = 0; i + p < n; i++) {
      if (u[i] === u[i + p]) {
        if (++run >= need) for (let k = i - run + 1; k <= i + p; k++) covered[k] = 1;
      } else run = 0;
    }
  }
}

/**
 * Filler: runs of one character (six or more) and of a 2-8 character unit repeated back to back
 * (10+ characters) cover all but a few characters of the value. A real token may hold such a run
 * (Twitter bearer tokens open with twenty-odd `A`s) and still carry a random body after it.
 */
function repeats(v: string): boolean {
  const n = v.length;
  const u = unitsOf(v);
  // Most values have no run at all: find the first before marking anything.
  let any = false;
  for (let p = 1; p <= 8 && !any; p++) {
    const need = runNeeded(p);
    let run = 0;
    for (let i = 0; i + p < n; i++) {
      if (u[i] !== u[i + p]) run = 0;
      else if (++run >= need) {
        any = true;
        break;
      }
    }
  }
  if (!any) return false;
  const covered = new Uint8Array(n);
  markRepeats(u, n, covered);
  let rest = 0;
  for (const c of covered) if (c === 0) rest++;
  return rest < n && rest < MIN_RANDOM_BODY;
}

/** Characters of non-filler a value needs to stay a candidate secret despite a repeated run. */
const MIN_RANDOM_BODY = 16;

function classOf(c: number): number {
  if (c >= 48 && c <= 57) return 1;
  if (c >= 65 && c <= 90) return 2;
  if (c >= 97 && c <= 122) return 3;
  return 0;
}

/** Seven or more characters counting up or down by one (`0123456`, `abcdefg`, `ZYXWVUT`). */
function sequential(v: string): boolean {
  let up = 0;
  let down = 0;
  for (let i = 1; i < v.length; i++) {
    const a = v.charCodeAt(i - 1);
    const b = v.charCodeAt(i);
    const same = classOf(a) !== 0 && classOf(a) === classOf(b);
    up = same && b === a + 1 ? up + 1 : 0;
    down = same && b === a - 1 ? down + 1 : 0;
    if (up >= 6 || down >= 6) return true;
  }
  return false;
}

/** `b` follows `a` in a counting order: the alphabet, digits, `9` then `0` (keyboard) or `a`/`A` (hex). */
function follows(a: number, b: number): number {
  const ca = classOf(a);
  if (ca !== 0 && ca === classOf(b)) {
    if (b === a + 1) return 1;
    if (b === a - 1) return -1;
  }
  if (a === 57 && (b === 48 || b === 97 || b === 65)) return 1; // 9 -> 0 / a / A
  if (b === 57 && (a === 48 || a === 97 || a === 65)) return -1;
  return 0;
}

/**
 * Characters of `v` outside filler: runs of one character (6+), short units repeated (10+) and
 * counting runs (7+). What is left is the part that could be random.
 */
function randomRest(v: string): number {
  const n = v.length;
  const u = unitsOf(v);
  const covered = new Uint8Array(n);
  markRepeats(u, n, covered);
  let dir = 0;
  let run = 0;
  for (let i = 1; i < n; i++) {
    const d = follows(u[i - 1]!, u[i]!);
    run = d !== 0 && d === dir ? run + 1 : d !== 0 ? 1 : 0;
    dir = d;
    if (run >= 6) for (let k = i - run; k <= i; k++) covered[k] = 1;
  }
  let rest = 0;
  for (const c of covered) if (c === 0) rest++;
  return rest;
}

/** The reasons both checks share: empty, our marker, templates, documentation keys, placeholder words. */
function sharedReason(v: string): string | null {
  if (v.length === 0) return 'empty';
  if (MARKER.test(v)) return 'marker';
  if (TEMPLATE.test(v) || closedPlaceholder(v)) return 'template';
  if (DOCUMENTATION_KEYS.has(v)) return 'documentation key';
  if (PLACEHOLDER_WORD.test(v) || BRACKETED.test(v)) return 'placeholder word';
  return null;
}

/**
 * The check for a token behind a fixed vendor prefix (`gsk_`, `ntn_`, `dapi`): `prefixLength`
 * characters are the prefix, the rest the body. A strong prefix says "this is a credential", so
 * filler is judged by what it leaves: a body that happens to hold `1234567` or `abcdefg` but keeps
 * MIN_RANDOM_BODY characters of something else is still a secret; a body that is all filler is a
 * placeholder. Templates, placeholder words and documentation keys count as in notSecretReason.
 * Never stricter than notSecretReason: a prefix makes a value more likely a credential, not less.
 */
export function prefixedNotSecretReason(value: string, prefixLength: number): string | null {
  const v = value.trim();
  const shared = sharedReason(v);
  if (shared !== null) return shared;
  const body = fillerReason(v.slice(prefixLength));
  return body !== null && fillerReason(v) !== null ? body : null;
}

/**
 * Filler judged on the whole of `v`: a run (`1234567`, `aaaaaa`, `abcabcabcabc`) inside an
 * otherwise random value is chance, not a placeholder. `v` is filler only when what the runs leave
 * is under MIN_RANDOM_BODY characters and under 60% of the value (a 19-character password with
 * `1234567` in it keeps 12 random characters and stays a secret).
 */
function fillerReason(v: string): string | null {
  // One character throughout, however short (`xxx`, `yyy`, `****`).
  if (/^(.)\1+$/.test(v)) return 'repeated characters';
  const rep = repeats(v);
  if (!rep && !sequential(v)) return null;
  const rest = randomRest(v);
  if (rest >= MIN_RANDOM_BODY || rest >= Math.ceil(0.6 * v.length)) return null;
  return rep ? 'repeated characters' : 'sequential run';
}

/** Why `value` is obviously not a secret, or null when it may be one. */
export function notSecretReason(value: string): string | null {
  const v = value.trim();
  const shared = sharedReason(v);
  if (shared !== null) return shared;
  return fillerReason(v);
}

export function isObviouslyNotSecret(value: string): boolean {
  return notSecretReason(value) !== null;
}

export interface NotSecretExample {
  readonly value: string;
  /** The reason `notSecretReason` gives, or null for a value that must stay a candidate secret. */
  readonly reason: string | null;
  readonly why: string;
}

/** Examples of each reason, and secrets that resemble them; run by test/scrub/not-secret.test.ts. */
export const NOT_SECRET_EXAMPLES: readonly NotSecretExample[] = [
  { value: '', reason: 'empty', why: 'nothing there' },
  { value: '[REDACTED_GITHUB_KEY_0123abcd]', reason: 'marker', why: 'already scrubbed' },
  { value: '${GITHUB_TOKEN}', reason: 'template', why: 'shell/JS template' },
  { value: '{{ .Values.apiKey }}', reason: 'template', why: 'Helm/Jinja template' },
  { value: '<your-api-key>', reason: 'template', why: 'angle-bracket placeholder' },
  { value: '<your api key', reason: 'template', why: 'an angle-bracket placeholder left open' },
  { value: '<PVSewI0ouu?ErZ3dJk}nvl4e2dYM$jj@D4IT!@U', reason: null, why: 'a password that opens with <' },
  { value: '$API_KEY', reason: 'template', why: 'variable reference' },
  { value: '$2', reason: 'template', why: 'a positional parameter (curl --user "$1:$2")' },
  { value: '$HOME/.config/token', reason: 'template', why: 'a variable and a path' },
  { value: '$' + 'Yi@qC4m=VQ076rujBEd', reason: null, why: 'a password that opens with $' },
  { value: 'Bearer ${TOKEN:-none}', reason: 'template', why: 'a shell default inside a value' },
  { value: '%(api_key)s', reason: 'template', why: 'Python %-format placeholder' },
  {
    value: 'm{{h}o)p${e]nob(ody[finds>-_$#thisone}}',
    reason: null,
    why: 'template characters, no closed placeholder',
  },
  { value: "sk-${randomBody('oa5', 48)}", reason: 'template', why: 'a JavaScript template expression' },
  { value: 'x{{ .Values.key }}', reason: 'template', why: 'Helm inside a value' },
  { value: 'AKIA' + 'IOSFODNN7' + 'EXAMPLE', reason: 'placeholder word', why: "AWS's documented key id" },
  {
    value: 'wJalrXUtnFEMI/K7MDENG/' + 'bPxRfiCY' + 'EXAMPLEKEY',
    reason: 'placeholder word',
    why: "AWS's documented secret",
  },
  { value: 'sk_test_' + '4eC39HqLyjWDarjtT1zdp7dc', reason: 'documentation key', why: "Stripe's docs key" },
  { value: 'ghp_' + 'x'.repeat(36), reason: 'placeholder word', why: 'xxxx body' },
  {
    value: 'AI' + 'za' + 'SyAnLA7NfeLquW1tJFpx_eQCxoX-oo6YyIs',
    reason: 'documentation key',
    why: 'a Google API key published in the Firebase SDK samples',
  },
  { value: 'xoxp-' + '5723705' + '-####################', reason: 'placeholder word', why: 'masked with #' },
  { value: 'your-key-here', reason: 'placeholder word', why: 'instructions, not a key' },
  { value: 'YOUR_API_KEY_HERE', reason: 'placeholder word', why: 'instructions, not a key' },
  { value: 'sk_live_' + 'abc123'.repeat(4), reason: 'repeated characters', why: 'abc123 filler' },
  { value: 'npm_' + '0'.repeat(36), reason: 'placeholder word', why: 'zeros' },
  { value: 'AKIA' + 'Z'.repeat(16), reason: 'repeated characters', why: 'one character repeated' },
  { value: 'dapi' + 'a1b2'.repeat(8), reason: 'repeated characters', why: 'a short unit repeated' },
  { value: 'key-' + '0123456789abcdef'.repeat(2), reason: 'sequential run', why: 'counting up' },
  { value: 'glpat-' + 'ABCDEFGHIJKLMNOPQRST', reason: 'sequential run', why: 'the alphabet' },
  { value: 'pul-' + 'zyxwvutsrq' + '9876543210', reason: 'sequential run', why: 'counting down' },
  { value: 'hf_' + 'FakeFakeFake1FakeFakeFakeFakeFakeFa', reason: 'placeholder word', why: 'says fake' },
  { value: '[PASSWORD]', reason: 'placeholder word', why: 'a bracketed placeholder' },
  { value: 'yyy', reason: 'repeated characters', why: 'one character, however short' },
  { value: 'passw0rd!', reason: null, why: 'a weak password, but a real one' },
  { value: '[Xq81ZrTn4Wc]', reason: null, why: 'brackets around random characters' },
  // Secrets that must stay candidates.
  { value: 'ghp_' + 'R8kq2VdXw7LmZp0cTyHs4NfUe1JbGa9oQi3K', reason: null, why: 'random base62' },
  { value: 'Tr0ub4dor&3', reason: null, why: 'a human password' },
  { value: '7f3a9c1e0b8d4a6f5e4d3c2b1a0f9e8d', reason: null, why: 'random hex (short runs only)' },
  { value: 'AAAAB3NzaC1yc2EAAAADAQAB', reason: null, why: 'four of a kind is not a run' },
  {
    value: 'A'.repeat(22) + 'Jq3w' + 'Vn8xK2pLm5RtZ0sY7bHd1cFg',
    reason: null,
    why: 'a run of A then a random body (Twitter bearer tokens look like this)',
  },
  { value: 'sk_test_' + 'Xq81ZrTn4WcB7uVkLs92PdHe', reason: null, why: 'a test-mode key is still a key' },
  { value: 'hunter2!', reason: null, why: 'short passwords are secrets too' },
  {
    value: 'Xq81ZrTn4WcB7uVk' + '1234567' + 'Ls92PdHeJb7Ga9oQi',
    reason: null,
    why: 'a counting run inside an otherwise random value is chance',
  },
  { value: 'Xq81ZrTn4Wc' + 'abcdefg', reason: null, why: 'the run covers under 40% of the value' },
  { value: 'pass' + '1234567', reason: 'sequential run', why: 'the run is most of the value' },
  { value: 'Xq81' + 'zzzzzzzzzz' + 'abcdefgh', reason: 'repeated characters', why: 'runs cover most of it' },
];

/** Examples of prefixedNotSecretReason: `prefix` characters are the vendor prefix. */
export const PREFIXED_NOT_SECRET_EXAMPLES: readonly (NotSecretExample & { readonly prefix: number })[] = [
  {
    value: 'gsk_' + 'q8Rw2LmZp0cTyHs4NfUe' + '1234567890' + 'Jb7Ga9oQi3KxVd',
    prefix: 4,
    reason: null,
    why: 'a counting run inside an otherwise random body',
  },
  {
    value: 'ntn_' + 'abcdefghijklmnop' + 'Xq81ZrTn4WcB7uVkLs92PdHe',
    prefix: 4,
    reason: null,
    why: 'the alphabet, then 24 random characters',
  },
  {
    value: 'dapi' + '0123456789ABCDEF' + '0123456789ABCDEF',
    prefix: 4,
    reason: 'sequential run',
    why: 'counting runs only (9 then A counts on in hex)',
  },
  {
    value: 'dapi' + '1234567890ABCDEF' + '1234567890ABCDEF',
    prefix: 4,
    reason: null,
    why: 'ABCDEF is too short a run to be filler: the whole value keeps 16 other characters',
  },
  { value: 'da2-' + 'abcdefghijklmnopqrstuvwxyz', prefix: 4, reason: 'sequential run', why: 'the alphabet' },
  { value: 'BBDC-' + 'A'.repeat(40), prefix: 5, reason: 'repeated characters', why: 'one character' },
  {
    value: 'API-' + '1234567890ABCDEFGHIJKLMNO1234',
    prefix: 4,
    reason: 'sequential run',
    why: 'counting up with four characters left over',
  },
  { value: 'ghp_' + 'x'.repeat(36), prefix: 4, reason: 'placeholder word', why: 'xxxx body' },
  { value: '${GROQ_API_KEY}', prefix: 4, reason: 'template', why: 'a template, whatever the prefix' },
];
