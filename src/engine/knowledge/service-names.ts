/**
 * Whether a variable's name names the service a host belongs to (TELEGRAM_BOT_TOKEN and
 * api.telegram.org): its first word equals the label the host's owner registered.
 */

/** First words of variable names that name no service (`API_KEY`, `SECRET_TOKEN`, `MY_PASSWORD`). */
const GENERIC_WORD =
  /^(?:api|app|apps|auth|access|bot|client|secret|secrets|token|key|keys|private|public|service|session|user|admin|master|root|prod|production|dev|test|staging|local|remote|server|webhook|hook|mail|email|smtp|password|pass|jwt|oauth|refresh|encryption|signing|hmac|ssh|database|default|main|backend|frontend|site|cloud|account|personal|shared|global|internal|external|custom|base|http|https|proxy)$/;

/** Second-level labels under a two-letter country code that are part of the public suffix (co.uk, com.au). */
const SUFFIX_LABEL = /^(?:co|com|net|org|gov|ac|edu|or|ne)$/;

/** The label a host's owner registered: `telegram` of api.telegram.org, `example` of a.example.co.uk. */
export function registeredLabel(host: string): string {
  const labels = host.toLowerCase().split('.');
  if (labels.length < 2) return '';
  const second = labels[labels.length - 2]!;
  if (labels.length > 2 && labels[labels.length - 1]!.length === 2 && SUFFIX_LABEL.test(second))
    return labels[labels.length - 3]!;
  return second;
}

/** The variable `name` is named for the service at `host` (at least four letters, not a generic word). */
export function namesHost(name: string, host: string): boolean {
  const word = name.split('_')[0]!.toLowerCase();
  if (word.length < 4 || GENERIC_WORD.test(word)) return false;
  return registeredLabel(host) === word;
}
