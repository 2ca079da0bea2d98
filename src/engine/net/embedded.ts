/**
 * Addresses hidden inside other text, for SSRF checks (issue 22): IPv4 addresses written into DNS
 * names (rebinding and echo services: `169.254.169.254.nip.io`, `a9fea9fe.rbndr.us`,
 * `169-254-169-254.example`), URLs carried in another URL's parameters (open redirectors), curl's
 * own URL globbing (`{a,b}`, `[1-9]`) and curl's `--resolve`/`--connect-to` address maps. Pure.
 */

function strictDotted(parts: readonly string[]): number | null {
  if (parts.length !== 4) return null;
  let value = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

/**
 * Every IPv4 address a DNS name spells out in its labels: four numeric labels in a row
 * (`x.169.254.169.254.nip.io`, also glued to words by dashes: `make-1.2.3.4-rebind-...`), a label
 * of four dash-separated numbers (`169-254-169-254`, also as
 * the label's tail: `metadata-169-254-169-254`), or a label of exactly eight hex digits
 * (`a9fea9fe`, as rbndr.us-style rebinding services write them). Bounded by the name's length.
 */
export function addressesInName(name: string): number[] {
  if (name.length > 253) return [];
  const labels = name.split('.');
  const out: number[] = [];
  for (let i = 0; i + 4 <= labels.length; i++) {
    const v = strictDotted(labels.slice(i, i + 4));
    if (v !== null) out.push(v);
  }
  // Dotted addresses glued to words by dashes across labels (1u.ms: `make-169.254.169.254-rebind-127.0.0.1-rr`).
  for (const m of name.matchAll(/(?:^|[^0-9.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?=$|[^0-9])/g)) {
    const v = strictDotted(m.slice(1, 5));
    if (v !== null && !out.includes(v)) out.push(v);
  }
  for (const label of labels) {
    const dashed = /(?:^|[^0-9])(\d{1,3})-(\d{1,3})-(\d{1,3})-(\d{1,3})(?:$|[^0-9])/.exec(label);
    if (dashed) {
      const v = strictDotted(dashed.slice(1, 5));
      if (v !== null) out.push(v);
    }
    for (const m of label.matchAll(/(?:^|-)([0-9a-f]{8})(?=$|-)/g)) out.push(parseInt(m[1]!, 16));
  }
  return out;
}

const MAX_GLOB = 64;

/**
 * The first variants of curl's URL globbing (`{a,b,c}` sets and `[0-9]`/`[a-z]` ranges, with
 * optional `:step`), at most 64; the text itself when it has no glob. curl expands these itself, so
 * a quoted `http://169.254.169.{253,254}/` still requests the metadata address.
 */
export function expandCurlGlob(text: string): string[] {
  let out = [''];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      out = out.map((o) => o + text[i + 1]!);
      i += 2;
      continue;
    }
    let choices: string[] | undefined;
    let end = -1;
    if (c === '{') {
      end = text.indexOf('}', i);
      if (end > 0) choices = text.slice(i + 1, end).split(',');
    } else if (c === '[') {
      end = text.indexOf(']', i);
      const m =
        end > 0
          ? /^(\d+)-(\d+)(?::(\d+))?$|^([a-z])-([a-z])(?::(\d+))?$/i.exec(text.slice(i + 1, end))
          : null;
      if (m) {
        choices = [];
        const step = Number(m[3] ?? m[6] ?? 1) || 1;
        if (m[1] !== undefined) {
          const width = m[1].length;
          for (let n = Number(m[1]); n <= Number(m[2]) && choices.length < MAX_GLOB; n += step)
            choices.push(String(n).padStart(width, '0'));
        } else {
          for (let n = m[4]!.charCodeAt(0); n <= m[5]!.charCodeAt(0) && choices.length < MAX_GLOB; n += step)
            choices.push(String.fromCharCode(n));
        }
      }
    }
    if (choices === undefined) {
      out = out.map((o) => o + c);
      i++;
      continue;
    }
    const next: string[] = [];
    for (const o of out) for (const ch of choices) if (next.length < MAX_GLOB) next.push(o + ch);
    out = next;
    i = end + 1;
  }
  return out;
}

function decodeOnce(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * URLs carried inside a URL's path, query or fragment (`?url=http%3A%2F%2F169.254.169.254%2F`,
 * `/redirect/http://...`), percent-decoded up to three times; at most 8. An open redirector or a
 * fetch-a-URL service turns such a request into one to the inner URL.
 */
export function urlsInsideUrl(url: string): string[] {
  const start = url.indexOf('://');
  if (start < 0 || url.length > 8192) return [];
  let rest = url.slice(start + 3);
  const slash = rest.search(/[/?#]/);
  if (slash < 0) return [];
  rest = rest.slice(slash);
  const out: string[] = [];
  for (let round = 0; round < 3; round++) {
    for (const m of rest.matchAll(/(?:[a-z][a-z0-9+.-]*:)?\/\/[^\s/?#&"'<>]+[^\s&"'<>]*/gi)) {
      if (out.length >= 8) return out;
      if (!out.includes(m[0])) out.push(m[0]);
    }
    const decoded = decodeOnce(rest);
    if (decoded === rest) break;
    rest = decoded;
  }
  return out;
}

/**
 * The addresses a curl `--resolve HOST:PORT:ADDR[,ADDR]` or `--connect-to HOST:PORT:HOST2:PORT2`
 * value sends traffic to (`+`/`-` prefixes and bracketed IPv6 handled).
 */
export function curlMapTargets(value: string): string[] {
  const v = value.replace(/^[+-]/, '');
  const parts: string[] = [];
  let i = 0;
  while (i <= v.length) {
    if (v[i] === '[') {
      const close = v.indexOf(']', i);
      if (close < 0) break;
      parts.push(v.slice(i, close + 1));
      i = close + 2;
    } else {
      const colon = v.indexOf(':', i);
      const end = colon < 0 ? v.length : colon;
      parts.push(v.slice(i, end));
      i = end + 1;
    }
  }
  const targets = parts.slice(2).join(':') === '' ? [] : parts.slice(2);
  return targets
    .flatMap((t) => t.split(','))
    .filter((t) => (t !== '' && !/^\d+$/.test(t)) || /^\d{6,}$/.test(t));
}
