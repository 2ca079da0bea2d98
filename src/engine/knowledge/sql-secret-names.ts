/**
 * Secret columns and tables told by the shape of their names (red team r9): a name's word parts
 * (`ssh_private_key` → ssh, private, key), with storage qualifiers at the end dropped (`_hash`,
 * `_digest`, `_enc`, `_data`), end in a noun that names a secret: a password in any language
 * (`userpassword`, `contrasena`, `mot_de_passe`), a secret, credential or token, a key that is
 * private, a connection string or DSN (they carry the password), a card number or security code,
 * a government identity number. Flags (`is_secret`), counts (`prompt_tokens`), times
 * (`password_changed_at`) and public halves (`public_key`) end in another noun and stay plain.
 */
import { memoName } from './name-memo.js';
import { CREDENTIAL_COLUMN } from './sql.js';

/** Storage forms of the same secret, dropped from the end of a name. */
const QUALIFIER =
  /^(?:hash|hashed|digest|salt|enc|encrypted|crypt|crypted|bcrypt|scrypt|argon2|sha\d*|md5|ciphertext|cipher|value|val|data|b64|base64|hex|plain|plaintext|clear|cleartext|raw|bytes|blob|str|text|txt|pem|der|jwk|ppk|yaml|yml|json|v\d)$/;
/** Password words: compared with the end of the joined name (`userpassword`, `db_passwd`, `kennwort`). */
const PASSWORD_END =
  /(?:password|passwd|passwort|passphrase|passcode|kennwort|wachtwoord|contrasena|contraseña|senha|motdepasse|пароль|losenord|lösenord|salasana|haslo|hasło|jelszo|jelszó|adgangskode|passord|parola|sifre|şifre)$/;
/** Short password words: the whole head only (`pwd`, `pass`; `pw` and `pin` with a storage qualifier). */
const PASSWORD_HEAD = /^(?:pwd|pass|pword|passwd|pswd|psw|mdp|clave)$/;
/** Heads that are a secret whatever precedes them. */
const SECRET_HEAD =
  /^(?:secret|secrets|credential|credentials|creds|token|apitoken|authtoken|privatekey|apikey|secretkey|dsn|connstr|connectionstring|mnemonic|seedphrase|kubeconfig|totp|hotp|otp|totpsecret|otpsecret|mfasecret|otpauth|cookie|sessioncookie|jwt|jwts|serviceaccountkey)$/;
/**
 * Words that make a `code` a login secret (`otp_code`, `verification_code`, `pin_code`,
 * `auth_code`, `recovery_code`, red team r11); `country_code`, `promo_code` and `status_code` stay plain.
 */
const CODE_MODIFIER =
  /^(?:otp|totp|hotp|mfa|2fa|twofa|tfa|verification|verify|sms|login|signin|auth|authorization|authorisation|reset|recovery|backup|magic|onetime|pin|security|confirmation|confirm|activation|unlock|passcode|access)$/;
/** Words that make a `key` secret (`ssh_private_key`, `api_key`, `signing_key`, `aws_secret_access_key`); ssh and gpg key tables hold public keys. */
const KEY_MODIFIER =
  /^(?:private|priv|secret|api|signing|sign|encryption|encrypt|master|hmac|session|auth|license|licence|decryption|wallet|root)$/;
/** Words that make a URL or string a connection one, with its password inside. */
const CONNECTION_WORD =
  /^(?:connection|conn|database|db|jdbc|odbc|redis|amqp|broker|mongo|mongodb|postgres|mysql|dsn)$/;
/** Flags, counts and masked forms of a secret (`is_secret`, `has_password`, `masked_pan`) are not the secret. */
const FLAG_START =
  /^(?:is|has|uses|use|requires|require|needs|can|should|show|allow|enable|enabled|no|num|count|len|length|max|min|masked|mask|redacted|obfuscated|truncated|partial|display|hint|last4|first6)$/;
/** Card numbers, security codes and government identity numbers (PAN, CVV2, SSN). */
const CARD_OR_ID =
  /^(?:pan|cvv\d?|cvc\d?|csc|cvn|ccv|ssn|ccnum|ccnumber|cardnumber|creditcard|creditcardnumber|socialsecuritynumber|nationalid|nationalidnumber|passportnumber|passportno|nino)$/;

/** The answer to an account's security question (`security_answer`, `secret_answer_hash`). */
const SECURITY_ANSWER = /(?:security|secret|recovery)(?:question)?answers?$/;

/** Abbreviations of secret nouns, read as the noun (`refresh_tkn`, `access_tok`, `ssh_privkey`, R12). */
const ABBREVIATION: Readonly<Record<string, string>> = {
  tkn: 'token',
  tkns: 'token',
  tok: 'token',
  toks: 'token',
  privkey: 'privatekey',
  prvkey: 'privatekey',
  seckey: 'secretkey',
  pvtkey: 'privatekey',
};
/** Words that make `private` a key's private half (`webauthn_private`, `rsa_private`); `is_private` is a flag. */
const KEY_KIND =
  /^(?:ssh|rsa|dsa|ec|ecdsa|ed25519|gpg|pgp|webauthn|fido|fido2|u2f|passkey|tls|ssl|x509|cert|certificate|signing|wallet|jwt|jwk|jws|saml|key|keypair|credential|device|hsm|kms|client|server)$/;
/** Words that make a `uri`, `seed` or `material` a login or key secret (`otp_uri` holds the TOTP seed, `key_material`). */
const SEED_MODIFIER =
  /^(?:otp|totp|hotp|mfa|2fa|twofa|tfa|otpauth|authenticator|key|keys|keying|secret|wallet|master|hd|mnemonic|signing|encryption|private|crypto)$/;

/** Words that make a `phrase` or `words` a wallet's recovery secret (`seed_phrase`, `mnemonic_words`). */
const PHRASE_MODIFIER = /^(?:seed|recovery|mnemonic|backup|secret|wallet|restore)$/;
/** Storage formats of a private key or keystore (the last word of `signing_pem`, `tls_p12`). */
const KEY_FILE = /^(?:pem|der|jwk|ppk|p12|pfx|jks|keystore|p8|pkcs8|pkcs12)$/;
/** Words that say the stored item is public or a certificate, not a private key. */
const PUBLIC_HALF =
  /^(?:public|pub|pubkey|cert|certs|certificate|certificates|crt|csr|chain|fullchain|ca|x509|issuer|intermediate|trust|truststore|root|spki|fingerprint|thumbprint)$/;

/** Lowercased word parts of a name, storage qualifiers at the end dropped (at least one part left). */
function parts(name: string): { words: string[]; qualified: boolean; whole: string; last: string } {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .map((w) => ABBREVIATION[w] ?? w);
  const whole = words.join('');
  const last = words.length > 1 ? words[words.length - 1]! : '';
  let qualified = false;
  while (words.length > 1 && QUALIFIER.test(words[words.length - 1]!)) {
    words.pop();
    qualified = true;
  }
  return { words, qualified, whole, last };
}

/** Whether a column name says it holds a password, secret, private key, card or identity number. */
function secretColumnName(name: string): boolean {
  if (name === '' || name.length > 80) return false;
  const { words, qualified, whole, last } = parts(name);
  const keyFile = KEY_FILE.test(last) && words.length > 0;
  if (words.length === 0 || (words.length > 1 && FLAG_START.test(words[0]!))) return false;
  if (CREDENTIAL_COLUMN.test(name.toLowerCase())) return true;
  const head = words[words.length - 1]!;
  const joined = words.join('');
  if (PASSWORD_END.test(joined) || PASSWORD_HEAD.test(head)) return true;
  if (qualified && (head === 'pw' || head === 'pin' || head === 'shadow')) return true;
  // The name whole, qualifier kept (`conn_str`), and secrets that are no noun's end: an otpauth://
  // URL carries the TOTP seed; a security question's answer resets the password.
  if (
    (whole !== joined && SECRET_HEAD.test(whole)) ||
    words.includes('otpauth') ||
    SECURITY_ANSWER.test(joined)
  )
    return true;
  // A bare `token` is as often a word of text (a search index); with a qualifier or prefix it is a secret.
  if (head === 'token' && words.length === 1 && !qualified) return false;
  if (SECRET_HEAD.test(head) || CARD_OR_ID.test(head) || CARD_OR_ID.test(joined)) return true;
  const before = words.slice(0, -1);
  if (head === 'key' && before.some((w) => KEY_MODIFIER.test(w))) return true;
  // A key pair's private half named by its kind alone (`webauthn_private`, `ssh_private`).
  if (head === 'private' && before.some((w) => KEY_KIND.test(w))) return true;
  // An otpauth URI, an authenticator or wallet seed, raw key material (R12: `otp_uri`, `key_material`).
  if (/^(?:uri|url|seed|seeds|material|materials)$/.test(head) && before.some((w) => SEED_MODIFIER.test(w)))
    return true;
  if (/^codes?$/.test(head) && before.some((w) => CODE_MODIFIER.test(w))) return true;
  // A wallet's recovery words (`seed_phrase`, `recovery_words`, `backup_phrase`, R13 cred-read).
  if (/^(?:phrase|phrases|words)$/.test(head) && before.some((w) => PHRASE_MODIFIER.test(w))) return true;
  // Key material in a key-file format (`signing_pem`, `client_key_der`, `tls_p12`); certificates and public halves stay plain.
  if (keyFile && !before.concat(head).some((w) => PUBLIC_HALF.test(w))) return true;
  // A cloud service account's key file (`service_account_json`, `gcp_service_account`): its private key inside.
  if (joined.endsWith('serviceaccount') && (qualified || head === 'key')) return true;
  if (head === 'key' && joined.endsWith('serviceaccountkey')) return true;
  if (/^(?:string|url|uri)$/.test(head) && before.some((w) => CONNECTION_WORD.test(w))) return true;
  // card_number, cc_num, credit_card_no; card_last4 and card_brand stay plain.
  if (/^(?:number|num|no|nr)$/.test(head) && before.some((w) => /^(?:card|cc|creditcard|pan|pin)$/.test(w)))
    return true;
  // social_security_number, national_id, passport_no.
  return /socialsecurity|nationalid|nationalinsurance|passport(?:number|num|no|id)$/.test(joined);
}

/** Whether a column name says it holds a password, secret, private key, card or identity number. */
export const isSecretColumn = memoName(secretColumnName);

/**
 * Short names that are a secret in a table of accounts, clients, sessions or cards (red team r11:
 * `SELECT email, pw FROM users`, `login, hash, salt FROM accounts`, `username, token FROM
 * api_clients`, `pin FROM cards`): elsewhere `hash` is a commit's and `token` a word of text.
 */
const SHORT_SECRET = /^(?:pw|pwd|pin|hash|salt|token|otp|passwd|pwhash|pw_hash)$/;
const ACCOUNT_WORD =
  /^(?:users?|accounts?|logins?|members?|customers?|clients?|cards?|sessions?|admins?|operators?|principals?|identities|identity|credentials?|auth|authentication|subscribers?|employees?|staff|devices?|apps?|applications?|integrations?|connections?)$/;

/** The words of a table's own name, quotes and schema dropped (`"auth"."api_clients"` → api, clients). */
function tableWordsOf(name: string): readonly string[] {
  const bare =
    name
      .replace(/["`[\]]/g, '')
      .split('.')
      .pop() ?? '';
  return parts(bare).words;
}

/** The words of a table's bare name, remembered (name-memo.ts). */
const tableWords = memoName(tableWordsOf);

/** Whether a table's name says it holds accounts, clients, sessions or cards (`api_clients`, `refresh_sessions`). */
export function isAccountTable(name: string): boolean {
  const words = tableWords(name);
  return ACCOUNT_WORD.test(words[words.length - 1] ?? '') || words.includes('auth');
}

/** Whether `column` is a secret read from `table`: any secret name, or a short one in an account table. */
export function isSecretColumnIn(column: string, table: string): boolean {
  return isSecretColumn(column) || (SHORT_SECRET.test(column.toLowerCase()) && isAccountTable(table));
}

/** Table names whose rows are secrets (`api_tokens`, `authtoken_token`, `user_credentials`, `oauth_clients`). */
const SECRET_TABLE_WORD =
  /^(?:tokens?|apitokens?|authtokens?|accesstokens?|secrets?|credentials?|creds|apikeys?|passwords?|keys?|keypairs?)$/;

/** Whether a table's name says every row is a secret (a token, key or credential store). */
export function isSecretTable(name: string): boolean {
  const words = tableWords(name);
  const head = words[words.length - 1] ?? '';
  if (head === 'keys' || head === 'key') return words.some((w) => KEY_MODIFIER.test(w));
  // Tokens of text (`search_tokens`, `nlp_tokens`): words of a search index, not credentials.
  if (
    /^tokens?$/.test(head) &&
    words.some((w) =>
      /^(?:search|index|text|nlp|lexer|word|words|vocab|vocabulary|term|terms|ngram|ngrams|fts)$/.test(w),
    )
  )
    return false;
  if (SECRET_TABLE_WORD.test(head)) return true;
  // Live login codes (`login_codes`, `otp_codes`, `verification_codes`): each row opens an account.
  if (/^codes?$/.test(head) && words.slice(0, -1).some((w) => CODE_MODIFIER.test(w))) return true;
  // Password reset requests hold the reset token (Laravel password_resets).
  if (/^resets?$/.test(head) && words.includes('password')) return true;
  // A user's linked social logins hold the provider's tokens (python-social-auth `extra_data`, allauth `socialtoken`).
  if (/^(?:user)?socialauths?$|^socialtokens?$/.test(head)) return true;
  // OAuth client registrations hold each client's secret (Doorkeeper, Passport, Spring).
  return words.includes('oauth') && /^(?:clients?|applications?|apps?|client_details)$/.test(head);
}

/** Columns of a secret table that hold the secret itself (`key`, `token`, `value`, `secret`, `digest`). */
export const SECRET_TABLE_COLUMN =
  /^(?:key|token|value|secret|digest|hash|code|data|credential|extra_data|token_secret)$/;

/** JSON keys a select list reads (`config->>'api_secret'`, `JSON_VALUE(c, '$.db.password')`). */
const JSON_PATH = /(?:->>?|#>>?)\s*'([^']{1,200})'|\bjson_\w+\s*\(\s*[\w."`]+\s*,\s*'\$\.?([^']{1,200})'/gi;

/** The first secret JSON key a select list reads, or undefined. */
export function secretJsonKey(selectList: string): string | undefined {
  if (!/->|#>|json_/i.test(selectList)) return undefined;
  for (const m of selectList.matchAll(JSON_PATH)) {
    const keys = (m[1] ?? m[2]!).split(/[{},.[\]\s"]+/).filter((k) => k !== '' && !/^\d+$/.test(k));
    const key = keys[keys.length - 1];
    // Inside a JSON document a bare `token` is an auth token (`{auth,token}`).
    if (key !== undefined && (isSecretColumn(key) || key.toLowerCase() === 'token')) return key;
  }
  return undefined;
}
