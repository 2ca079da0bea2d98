/**
 * One send to a crowd (red team r10 mail-spam): a mail, SMS or chat tool given 20 or more distinct
 * addresses is bulk mail, unless every address is in one organisation's own domain (not a public
 * mailbox provider's, where each address is a stranger). Becomes `agent-guard-action broadcast
 * <count> <detail>` for PLT-AST-004.
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import type { Gate } from './signals.js';

const SEND = new Set(
  'send email emails mail gmail outlook sms text message messages bulk blast broadcast campaign notify dm whatsapp telegram'.split(
    ' ',
  ),
);
/** Keys of who receives it. */
const RECIPIENT_KEY =
  /^(?:to|cc|bcc|recipients?|emails?|addresses|email_addresses|phone_numbers?|numbers|contacts|audience|users|members|targets)$/;
const ADDRESS = /^(?:[^\s@<>"']+@[a-z0-9.-]+\.[a-z]{2,}|\+?\d[\d\s().-]{6,}\d)$/i;
/** Public mailbox providers: addresses there belong to unrelated people. */
const PUBLIC_MAILBOX =
  /^(?:gmail\.com|googlemail\.com|yahoo\.[a-z.]+|hotmail\.[a-z.]+|outlook\.[a-z.]+|live\.[a-z.]+|msn\.com|aol\.com|icloud\.com|me\.com|mac\.com|proton\.me|protonmail\.(?:com|ch)|gmx\.[a-z.]+|mail\.ru|yandex\.[a-z.]+|qq\.com|163\.com|126\.com|web\.de|zoho\.com)$/i;
/** Fewest distinct recipients that make one send a broadcast. */
export const CROWD = 20;

/** When massMessageLines can answer (signals.ts): its first test, the name word of a send (SEND). */
export const MASS_MESSAGE_GATE: Gate = { name: SEND };

export function massMessageLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (!w.some((x) => SEND.has(x)) || args === null || typeof args !== 'object') return [];
  const seen = new Set<string>();
  for (const [k, v] of Object.entries(args as Record<string, unknown>)) {
    if (!RECIPIENT_KEY.test(k.toLowerCase())) continue;
    const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[,;]\s*/) : [];
    for (const x of list.slice(0, 10000)) {
      const a =
        typeof x === 'string'
          ? x
          : typeof (x as { email?: unknown })?.email === 'string'
            ? (x as { email: string }).email
            : undefined;
      if (a !== undefined && ADDRESS.test(a.trim())) seen.add(a.trim().toLowerCase());
    }
  }
  if (seen.size < CROWD) return [];
  const domains = new Set([...seen].map((a) => (a.includes('@') ? a.split('@')[1]! : 'phone')));
  const [only] = domains;
  if (domains.size === 1 && only !== 'phone' && !PUBLIC_MAILBOX.test(only!)) return [];
  return [
    {
      code: [
        ACTION_PROGRAM,
        'broadcast',
        String(seen.size),
        quote(`${w.join('_')} to ${[...domains].slice(0, 3).join(', ')}`),
      ].join(' '),
      runtime: 'bash',
    },
  ];
}
