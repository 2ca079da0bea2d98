/**
 * Library calls and helper commands that hand back stored credentials without naming a file
 * (issue 22 r3): netrc.netrc(), keyring/keytar, boto3 get_credentials(), browser_cookie3, `git
 * credential fill`. Their result carries the store they read as a file source, so SEC-AST-010
 * judges where it is sent exactly as if the store had been read by path; reading alone stays allowed.
 */
import type { DataSource } from '../../facts.js';
import { repositoryPrinterLabel } from '../../knowledge/repository-printers.js';
import { secretPrinterLabel } from '../../knowledge/secret-printers.js';
import { constText, opaque, type Val } from './value.js';

/** Stores the APIs read, as home-relative paths the credential-store table (paths.ts) knows. */
const KEYRING = '~/.local/share/keyrings';
const AWS = '~/.aws/credentials';
const NETRC = '~/.netrc';
const CHROME_COOKIES = '~/.config/google-chrome/Default/Cookies';
const FIREFOX_COOKIES = '~/.mozilla/firefox/profile/cookies.sqlite';

/** Python callables (qualified names after alias resolution) → the store their result comes from. */
export const PY_CREDENTIAL_CALLS: readonly (readonly [readonly string[], string])[] = [
  [['netrc.netrc', 'netrc.netrc().authenticators'], '~/.netrc'],
  [
    [
      'keyring.get_password',
      'keyring.get_credential',
      'keyring.core.get_password',
      'keyring.core.get_credential',
      'keyring.get_keyring().get_password',
      'secretstorage.get_default_collection',
      'secretstorage.get_all_collections',
    ],
    KEYRING,
  ],
  [
    [
      'boto3.Session().get_credentials',
      'boto3.session.Session().get_credentials',
      'boto3.DEFAULT_SESSION.get_credentials',
      'botocore.session.get_session().get_credentials',
      'botocore.session.Session().get_credentials',
      'aiobotocore.session.get_session().get_credentials',
    ],
    AWS,
  ],
  [['google.auth.default'], '~/.config/gcloud'],
  [
    [
      'browser_cookie3.chrome',
      'browser_cookie3.chromium',
      'browser_cookie3.brave',
      'browser_cookie3.edge',
      'browser_cookie3.opera',
      'browser_cookie3.opera_gx',
      'browser_cookie3.vivaldi',
      'browser_cookie3.load',
      'browser_cookie3.safari',
      'pycookiecheat.chrome_cookies',
      'pycookiecheat.get_cookies',
      'rookiepy.chrome',
      'rookiepy.brave',
      'rookiepy.edge',
      'rookiepy.load',
    ],
    CHROME_COOKIES,
  ],
  [['browser_cookie3.firefox', 'browser_cookie3.librewolf', 'rookiepy.firefox'], FIREFOX_COOKIES],
];

/** Method names specific enough to credential objects to count on any receiver. */
export const PY_CREDENTIAL_METHODS: readonly (readonly [string, string])[] = [
  ['get_credentials', AWS],
  ['get_frozen_credentials', AWS],
];

/** JavaScript callables (module-qualified) → the store their result comes from. */
export const JS_CREDENTIAL_CALLS: readonly (readonly [readonly string[], string])[] = [
  [
    [
      'keytar.getPassword',
      'keytar.findPassword',
      'keytar.findCredentials',
      'keytar.default.getPassword',
      'keytar.default.findPassword',
      'keytar.default.findCredentials',
      '@napi-rs/keyring.Entry().getPassword',
      'cross-keychain.getPassword',
    ],
    KEYRING,
  ],
  [
    [
      '@aws-sdk/credential-providers.fromIni',
      '@aws-sdk/credential-providers.fromNodeProviderChain',
      '@aws-sdk/credential-provider-node.defaultProvider',
      '@aws-sdk/credential-provider-ini.fromIni',
    ],
    AWS,
  ],
  [['netrc', 'netrc-parser.default', 'netrc-parser'], '~/.netrc'],
  [['chrome-cookies-secure.getCookies', 'chrome-cookies-secure.getCookiesPromised'], CHROME_COOKIES],
];

/**
 * Stores whose API hands back one token for the caller's own service (keyring, keytar): put in a
 * request's auth header, that is the token used as meant, not a store's content sent away.
 */
export function isTokenStore(path: string): boolean {
  return path === KEYRING;
}

/** What a credential API call returns: its inputs' taint plus the store it reads. */
export function credentialResult(store: string, inputs: readonly Val[]): Val {
  const out = opaque(inputs);
  return { ...out, sources: [...out.sources, { kind: 'file', path: store }] };
}

/**
 * netrc's entry for one machine (`netrc.netrc().authenticators('api.acme.com')`): the login the
 * user stored for that host, so sending it there is netrc's use (SEC-AST-010), and anywhere else not.
 */
export function netrcEntry(recv: Val | undefined, machine: Val | undefined): Val {
  const host = machine === undefined ? null : constText(machine);
  const out = opaque(recv === undefined ? [] : [recv]);
  const source: DataSource =
    host !== null && /^[\w.-]+$/.test(host)
      ? { kind: 'file', path: NETRC, host: host.toLowerCase() }
      : { kind: 'file', path: NETRC };
  return {
    ...out,
    sources: [...out.sources.filter((s) => !(s.kind === 'file' && s.path === NETRC)), source],
  };
}

/**
 * Helper commands that print stored secrets: their output is that store (SEC-AST-010 then judges
 * where it goes). `gh auth token`, `aws configure export-credentials` and the like already count
 * as token printers by program name; git needs its subcommand.
 */
export function commandOutput(words: readonly string[], program: string): DataSource {
  const sub = words.slice(1).filter((w) => !w.startsWith('-'));
  if (program === 'git' && sub[0] === 'credential' && (sub[1] === 'fill' || sub[1] === 'get'))
    return { kind: 'file', path: '~/.git-credentials' };
  const argv = [program, ...words.slice(1)];
  return { kind: 'output', program: secretPrinterLabel(argv) ?? repositoryPrinterLabel(argv) ?? program };
}

/**
 * What a shell line prints (os.popen, subprocess.getoutput): the shell's output, and that of the
 * program heading each stage of its pipelines, so `os.popen('pg_dump db | gzip').read()` is a
 * dump and `os.popen('env').read()` the environment (r5).
 */
export function shellOutput(cmd: Val | undefined): DataSource[] {
  const out: DataSource[] = [{ kind: 'output', program: 'sh' }];
  const text = cmd === undefined ? null : constText(cmd);
  if (text === null) return out;
  for (const stage of text.split(/\|\|?|&&|;|\n/).slice(0, 8)) {
    const words = stage.trim().split(/\s+/);
    const program = (words[0] ?? '').replace(/^.*\//, '');
    if (/^[\w.+-]+$/.test(program) && program !== 'sh') out.push(commandOutput(words, program));
  }
  return out;
}
