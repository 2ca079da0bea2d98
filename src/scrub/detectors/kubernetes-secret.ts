/**
 * Kubernetes Secret manifests: every value under `data:` (base64) and `stringData:` (plain),
 * whether `kind: Secret` comes before the block (as written by hand) or after it (as printed by
 * `kubectl get -o yaml`, keys sorted). The first value is found from the header; each redaction
 * hands over to a continuation match at its end for the next entry, so one marker per value and
 * the stream buffer stays bounded by one entry.
 */
import { defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';
import type { PatternHit } from '../family.js';
import { isObviouslyNotSecret } from '../not-secret.js';

const NEXT = 'kubernetes-secret/next';
/** How far a header may sit from `kind: Secret` (either way) within one YAML document. */
const WINDOW = 6000;

const ENTRY = /^([ \t]+)(?:"[^"\r\n]{1,253}"|'[^'\r\n]{1,253}'|[A-Za-z0-9._-]{1,253})[ \t]*:[ \t]*(.*)$/;

function lineEnd(text: string, from: number, limit: number): number {
  const nl = text.indexOf('\n', from);
  return nl < 0 || nl > limit ? limit : nl;
}

/**
 * The first acceptable entry value on the lines starting at `from` (a line start), while they stay
 * indented; null at the first line that is not an indented `key: value` (the block ended).
 */
function nextValue(text: string, from: number, limit: number, outer: number): PatternHit | null {
  let at = from;
  while (at < limit) {
    const end = lineEnd(text, at, limit);
    if (end >= limit && limit < text.length) return null; // the line is cut: let the stream wait
    const line = text.slice(at, end).replace(/\r$/, '');
    if (line.trim() === '') {
      at = end + 1;
      continue;
    }
    const m = ENTRY.exec(line);
    // Entries sit deeper than the header (a manifest may be indented as a whole).
    if (!m || m[1]!.length <= outer) return null;
    const raw = m[2]!;
    const valueOffset = line.length - raw.length;
    let value = raw.replace(/[ \t]+#.*$/, '').trimEnd();
    let start = at + valueOffset;
    if (/^(["']).*\1$/.test(value)) {
      value = value.slice(1, -1);
      start++;
    }
    if (/^[|>][-+]?$/.test(value)) {
      // A block scalar: the value is the following lines indented deeper than the entry.
      const block = blockValue(text, end + 1, limit, m[1]!.length);
      if (block === undefined) return null;
      if (block) return block;
      at = end + 1;
      continue;
    }
    // Base64 padding on under ten characters: a value of a few bytes (`YWRtaW4=`, a user name).
    const shortPadded = value.length < 10 && value.endsWith('=');
    if (value !== '' && !shortPadded && !isObviouslyNotSecret(value)) {
      return {
        secretStart: start,
        secretEnd: start + value.length,
        envName: 'KUBERNETES_SECRET',
        continueWith: NEXT,
      };
    }
    at = end + 1;
  }
  return null;
}

/**
 * The lines from `from` indented deeper than `indent`, as one span (their text without the
 * indentation of the first and the line break of the last); null when they are empty or a
 * placeholder, undefined when the block may go on past `limit` (the stream waits).
 */
function blockValue(
  text: string,
  from: number,
  limit: number,
  indent: number,
): PatternHit | null | undefined {
  let at = from;
  let first = -1;
  let last = -1;
  while (at < limit) {
    const end = lineEnd(text, at, limit);
    if (end >= limit && limit < text.length) return undefined;
    const line = text.slice(at, end).replace(/\r$/, '');
    const lead = /^[ \t]*/.exec(line)![0].length;
    if (line.trim() !== '') {
      if (lead <= indent) break;
      if (first < 0) first = at + lead;
      last = at + line.length;
    }
    at = end + 1;
  }
  if (first < 0) return null;
  const value = text.slice(first, last);
  if (value.length < 10 || isObviouslyNotSecret(value)) return null;
  return { secretStart: first, secretEnd: last, envName: 'KUBERNETES_SECRET', continueWith: NEXT };
}

const HEADER = /^(?:data|stringData)[ \t]*:[ \t]*\r?\n/;
const KIND = /^[ \t]*kind[ \t]*:[ \t]*["']?Secret["']?[ \t]*\r?$/im;

/** The text from `pos` up to the end of its YAML document (a `---` line) or `limit`. */
function documentAhead(text: string, pos: number, limit: number): string {
  const rest = text.slice(pos, limit);
  const sep = /^---/m.exec(rest.slice(1));
  return sep ? rest.slice(0, sep.index + 1) : rest;
}

/** The indentation before `pos` when only blanks precede it on its line, else -1. */
function indentBefore(text: string, pos: number): number {
  let i = pos;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  return i === 0 || text[i - 1] === '\n' ? pos - i : -1;
}

/** At `data:`/`stringData:`: a Secret when `kind: Secret` follows in the same document. */
function matchHeaderFirst(text: string, pos: number, limit: number): PatternHit | null {
  // The keyword is `data:`; `stringData:` is found through its last five characters.
  if (pos >= 6 && text.startsWith('string', pos - 6) && text[pos] === 'D') pos -= 6;
  else if (text[pos] !== 'd') return null;
  const indent = indentBefore(text, pos);
  if (indent < 0) return null;
  const h = HEADER.exec(text.slice(pos, Math.min(limit, pos + 16)));
  if (!h) return null;
  if (!KIND.test(documentAhead(text, pos, limit))) return null;
  return nextValue(text, pos + h[0].length, limit, indent);
}

/** At `kind: Secret`: the `data:`/`stringData:` block that follows in the same document. */
function matchKindFirst(text: string, pos: number, limit: number): PatternHit | null {
  if (indentBefore(text, pos) < 0) return null;
  const doc = documentAhead(text, pos, limit);
  if (!KIND.test(doc.slice(0, doc.indexOf('\n') < 0 ? doc.length : doc.indexOf('\n')))) return null;
  const h = /^([ \t]*)(?:data|stringData)[ \t]*:[ \t]*\r?\n/m.exec(doc);
  if (!h) return null;
  return nextValue(text, pos + h.index + h[0].length, limit, h[1]!.length);
}

function indentAt(text: string, lineStart: number): number {
  let n = 0;
  while (text[lineStart + n] === ' ' || text[lineStart + n] === '\t') n++;
  return n;
}

/** After one entry's value: the rest of its line, then the next entry. */
function matchNext(text: string, pos: number, limit: number): PatternHit | null {
  const end = lineEnd(text, pos, limit);
  if (end >= limit) return null;
  // The next entry is a sibling: at least as deep as this one.
  let lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  const indent = indentAt(text, lineStart);
  // A block scalar's last line: back over its lines to the `key: |` entry that opened it.
  let entryIndent = indent;
  const ownLine = text.slice(lineStart, end).replace(/\r$/, '');
  while (!ENTRY.test(ownLine) && lineStart > 0) {
    const prev = text.lastIndexOf('\n', lineStart - 2) + 1;
    const prevIndent = indentAt(text, prev);
    if (prevIndent < indent) {
      if (/:[ \t]*[|>][-+]?[ \t]*\r?$/.test(text.slice(prev, lineStart - 1))) entryIndent = prevIndent;
      break;
    }
    lineStart = prev;
  }
  return nextValue(text, end + 1, limit, entryIndent - 1);
}

const b64 = (seed: string): string => Buffer.from(randomBody(seed, BASE62, 18)).toString('base64');
const plain = (seed: string): string => randomBody(seed, BASE62, 20);

export default defineDetector({
  id: 'kubernetes-secret',
  family: 'connection-string',
  kind: 'KUBERNETES',
  summary: 'Kubernetes Secret manifests: each value under data:/stringData:',
  // Every value of the block is the secret, whatever the assignment detector thinks of its name.
  priority: 9,
  patterns: [
    {
      id: 'kubernetes-secret/data',
      keywords: ['data:'],
      match: matchHeaderFirst,
      maxLength: WINDOW,
      strictOnly: true,
    },
    {
      id: 'kubernetes-secret/kind',
      keywords: ['kind: secret', 'kind: "secret"', "kind: 'secret'"],
      match: matchKindFirst,
      maxLength: WINDOW,
      strictOnly: true,
    },
    { id: NEXT, keywords: [], match: matchNext, maxLength: 2000, strictOnly: true },
  ],
  examples: {
    positive: [
      {
        text: `apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n  username: YWRtaW4=\n  password: ${b64('k1')}\n`,
        secret: b64('k1'),
      },
      {
        text: `apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n  username: ${b64('k2a')}\n  password: ${b64('k2')}\n`,
        secret: b64('k2a'),
        why: 'the first entry, too',
      },
      {
        text: `apiVersion: v1\ndata:\n  api-token: ${b64('k3')}\nkind: Secret\nmetadata:\n  name: x\n`,
        secret: b64('k3'),
        why: 'kubectl get -o yaml order',
      },
      {
        text: `apiVersion: v1\n data:\n \textra: ${b64('k8')}\n kind: secret\n metadata:\n \tname: x\n`,
        secret: b64('k8'),
        why: 'a manifest indented as a whole, kind in lower case',
      },
      {
        text: `  kind: Secret\n  data:\n    .dockercfg: |\n      ${b64('k9a')}\n    token: ${b64('k9b')}\n`,
        secret: b64('k9b'),
        why: 'the entry after a block scalar, in an indented manifest',
      },
      {
        text: `kind: Secret\nstringData:\n  SMTP_USER: mailer\n  SMTP_PASS: "${plain('k4')}"\n`,
        secret: plain('k4'),
      },
      {
        text: `apiVersion: v1\nkind: Secret\ntype: kubernetes.io/dockercfg\ndata:\n  .dockercfg: |\n    ${b64('k5')}\n`,
        secret: b64('k5'),
        why: 'a block scalar: the value is on the next line',
      },
      {
        text: `apiVersion: v1\ndata:\n  tls.key: >-\n    ${b64('k6a')}\n    ${b64('k6b')}\n  user: ${b64('k6c')}\nkind: 'Secret'\n`,
        secret: b64('k6b'),
        why: 'a folded block over two lines, then the next entry',
      },
      {
        text: `apiVersion: v1\ndata:\n  tls.key: >-\n    ${b64('k7a')}\n  user: ${b64('k7c')}\nkind: 'Secret'\n`,
        secret: b64('k7c'),
        why: 'the entry after a block',
      },
      {
        text: `apiVersion: "v1"\ndata:\n\textra: "${b64('k8')}"\nkind: "secret"\n`,
        secret: b64('k8'),
        why: 'quoted, lower-case kind, tab indentation',
      },
    ],
    negative: [
      {
        text: ' apiVersion: v1\n data:\n   flag: YmFyCg==\n kind: Secret\n type: Opaque\n',
        why: 'a manifest indented as a whole: kind and type are siblings of data:, not its entries',
      },
      {
        text: 'apiVersion: v1\nkind: Secret\ndata:\n  flag: YmFyCg==\n  user: YWRtaW4=\n',
        why: 'a few bytes each: a flag and a user name, not credentials',
      },
      {
        text: 'apiVersion: v1\nkind: Secret\ndata:\n  .dockercfg: |\n    {{ .Values.dockercfg }}\n',
        why: 'a template in a block',
      },
      {
        text: 'apiVersion: v1\nkind: ConfigMap\ndata:\n  LOG_LEVEL: debug\n  FEATURE_FLAGS: a,b,c\n',
        why: 'a ConfigMap is not secret',
      },
      {
        text: 'kind: Secret\nstringData:\n  password: ${DB_PASSWORD}\n  token: <your-token>\n',
        why: 'templates and placeholders',
      },
      {
        text: 'data:\n  rows: 3\n---\nkind: Secret\nmetadata:\n  name: x\n',
        why: 'data: belongs to another document',
      },
    ],
  },
});
