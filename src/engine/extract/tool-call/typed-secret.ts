/**
 * A password typed into a page whose host is set up to catch sign-ins (red team r17 data-out: the
 * corporate password typed by `browser_type` into `acme-sso.login-verify.top`): a browser tool's
 * password field, or a secret-shaped value, on a page whose registrable domain is named for signing
 * in or verifying (knowledge/lure-host.ts) or poses as a brand on another domain. Signing in at a
 * provider's own domain (`login.microsoftonline.com`) and typing a search into any page stay
 * allowed. Becomes one `agent-guard-action leak secret <detail>` line (PLT-AST-003).
 */
import { quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';
import { snakeEntries } from './snake-entries.js';
import { registrable } from './recipients.js';
import { LURE_HOST, posesAsBrand } from '../../knowledge/lure-host.js';
import { secretShaped } from './outside-send.js';
import { wordSet, type Gate } from './signals.js';

/** Name words of a browser driving tool, and of typing into it. */
const BROWSER = /^(?:browser|playwright|puppeteer|selenium|page|web|chrome|computer|form)$/;
const TYPE = /^(?:type|fill|input|enter|keys|send_keys|sendkeys|set|write|submit|autofill)$/;
/** Keys naming the field, the text typed, and the page. */
const FIELD_KEY = /^(?:selector|field|element|locator|name|target|ref|label|input|xpath|css)$/;
const VALUE_KEY = /^(?:text|value|keys|input|content|data|password)$/;
const PAGE_KEY = /^(?:url|page_url|page|current_url|site|origin|domain|host)$/;
const PASSWORD_FIELD = /pass(?:word|wd|code|phrase)?\b|pwd|secret|\bpin\b|otp|totp|one[-_ ]?time/i;

/** When typedSecretLines can answer (signals.ts): a typing name word. */
export const TYPED_SECRET_GATE: Gate = {
  name: wordSet('type fill input enter keys send_keys sendkeys set write submit autofill'),
};

export function typedSecretLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (!w.some((x) => TYPE.test(x)) || args === null || typeof args !== 'object') return [];
  const all = snakeEntries(args, { depth: 3, pairs: 64, items: 8 });
  const str = (re: RegExp): string[] =>
    all.filter(([k, v]) => re.test(k) && typeof v === 'string').map(([, v]) => (v as string).trim());
  const pages = str(PAGE_KEY)
    .map((u) => /^(?:https?:\/\/)?([a-z0-9.-]+\.[a-z]{2,})(?::\d+)?(?:[/?#]|$)/i.exec(u)?.[1]?.toLowerCase())
    .filter((h): h is string => h !== undefined);
  // `set`, `write`, `enter` type only in a browser tool; `type`, `fill` and keys do anywhere.
  if (
    pages.length === 0 ||
    !w.some((x) => BROWSER.test(x) || /^(?:type|fill|send_keys|sendkeys|keys|autofill)$/.test(x))
  )
    return [];
  const field = str(FIELD_KEY).some((f) => PASSWORD_FIELD.test(f));
  const value = str(VALUE_KEY).find((v) => v.length < 200 && (field || secretShaped(v)) && v !== '');
  if (value === undefined || !(field || all.some(([k]) => k === 'password'))) return [];
  const host = pages.find((h) => LURE_HOST.test(registrable(h)) || posesAsBrand(h));
  if (host === undefined) return [];
  return [
    {
      code: [
        ACTION_PROGRAM,
        'leak',
        quote('secret'),
        quote(`${w.join('_')} types a password into ${host}, a page set up to catch sign-ins`),
      ].join(' '),
      runtime: 'bash',
    },
  ];
}
