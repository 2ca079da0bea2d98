/**
 * SEC-AST-002: searching the machine for credentials: find/locate for key and token file names
 * outside the workspace, recursive greps for passwords over / or ~, credential dumpers (LaZagne,
 * mimipenguin). Reading what such a search finds is SEC-AST-001's; the search itself is the tell.
 */
import { isInsideWorkspace, resolvePath } from '../../paths.js';
import { defineRule } from '../define-rule.js';
import { hasShortFlag, operands } from '../helpers.js';

const CREDENTIAL_NAMES =
  /^(?:\*?\.?)?(?:id_(?:rsa|dsa|ecdsa|ed25519)\*?|\.?netrc|\.git-credentials|credentials(?:\.db|\.json)?|\.env(?:\.[\w-]+)?|access_tokens\.db|accessTokens\.json|msal_token_cache\.json|\.?npmrc|\.?pypirc|kubeconfig|config\.json|shadow|\.gnupg|token|\*\.pem|\*\.key|\*\.kdbx|\.?vault-token|\.aws|\.ssh|wallet\.dat|Login Data|key[34]\.db|logins\.json)$/i;
const SECRET_WORDS =
  /^-?(?:[a-z]*\s*)?(?:pass(?:word|wd)?|secret|api[_-]?key|token|BEGIN (?:RSA |OPENSSH |EC )?PRIVATE KEY|aws_secret_access_key)$/i;
/** Patterns that look for a credential's own shape or file name (`AKIA[0-9A-Z]{16}`, `ghp_`, `id_rsa`). */
const CREDENTIAL_SHAPES =
  /^\^?(?:AKIA|ASIA|ghp_|gho_|ghs_|github_pat_|glpat-|xox[abpr]-|sk_live_|AIza|npm_[A-Za-z])|PRIVATE KEY|aws_(?:secret_)?access_key|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\bsecret_?key\b/i;
const DUMPERS =
  /^(?:lazagne|laZagne(?:\.py)?|mimipenguin(?:\.sh|\.py)?|dump_heap\.py|swap_digger\.sh|linpeas\.sh)$/i;

/** The last path segment (what `a.split('/').at(-1)` gives, without the array). */
function baseName(a: string): string {
  return a.slice(a.lastIndexOf('/') + 1);
}

export default defineRule({
  id: 'SEC-AST-002',
  invariant: 'NO_SECRET_FILE_READ',
  kinds: ['exec'],
  summary:
    'Searching outside the workspace for credential files (find -name id_rsa, grep -r password /) or running credential dumpers.',
  remediationHint:
    'Do not hunt for credentials. Search only inside the workspace for what the task needs; if credentials are required, ask the user to provide them.',
  *check(facts, policy) {
    for (const e of facts.of('exec')) {
      if (e.program === 'find' || e.program === 'locate' || e.program === 'mlocate' || e.program === 'fd') {
        const roots =
          e.program === 'find'
            ? e.argv
                .slice(1)
                .filter(
                  (a, i, all) =>
                    !a.startsWith('-') && (i === 0 || !all[i - 1]!.startsWith('-')) && !/^[()!,]$/.test(a),
                )
            : ['/'];
        const outside =
          roots.length === 0 ? false : roots.some((r) => !isInsideWorkspace(resolvePath(r, policy), policy));
        const names = e.argv.filter(
          (_a, i) => i > 0 && /^-i?(?:name|path|wholename)$/.test(e.argv[i - 1] ?? ''),
        );
        const targets = e.program === 'find' ? names : operands(e.argv);
        // `-path '*/.aws/credentials'` and `**/id_rsa` name the file by their last segment.
        const hit = targets.find(
          (n) => CREDENTIAL_NAMES.test(n.replace(/^\*\//, '')) || CREDENTIAL_NAMES.test(baseName(n)),
        );
        if ((e.program !== 'find' || outside) && hit !== undefined) {
          yield {
            span: e.span,
            reason: `${e.program} searches the machine for credential files named ${hit}`,
            suggestedAlternative: null,
          };
        }
      } else if (
        (e.program === 'grep' || e.program === 'rg' || e.program === 'egrep') &&
        (hasShortFlag(e.argv, 'r') || hasShortFlag(e.argv, 'R') || e.program === 'rg')
      ) {
        const args = operands(e.argv);
        const pattern = args[0] ?? '';
        const paths = args.slice(1);
        const wide = paths.some((p) => {
          const abs = resolvePath(p, policy);
          // Home's own dot-directories (~/.config, ~/.aws) hold tools' stored credentials.
          return (
            abs === '/' ||
            abs === policy.homeDir ||
            /^\/(?:home|Users|root|etc)$/.test(abs) ||
            abs.startsWith(`${policy.homeDir}/.`)
          );
        });
        if (wide && (SECRET_WORDS.test(pattern) || CREDENTIAL_SHAPES.test(pattern))) {
          yield {
            span: e.span,
            reason: `${e.program} searches ${paths.join(' ')} for ${pattern}`,
            suggestedAlternative: null,
          };
        }
      } else if (DUMPERS.test(e.program) || (e.argv.length > 1 && DUMPERS.test(baseName(e.argv[1]!)))) {
        yield { span: e.span, reason: 'a credential dumping tool is run', suggestedAlternative: null };
      }
    }
  },
  examples: {
    deny: [
      { input: 'find / -name id_rsa 2>/dev/null' },
      { input: 'find /home -type f -name .netrc' },
      { input: 'find ~/.config/gcloud -name "credentials.db"' },
      { input: 'grep -ri password /' },
      { input: 'grep -r "BEGIN RSA PRIVATE KEY" ~' },
      { input: 'python3 laZagne.py all' },
      { input: "rg -l 'AKIA[0-9A-Z]{16}' /" },
      { input: 'grep -r id_rsa /home/agent' },
      { input: "find /home -path '*/.aws/credentials'" },
    ],
    allow: [
      { input: "find . -name '*.pem'", why: 'inside the workspace' },
      { input: 'grep -rn password src/', why: 'a search of the project source' },
      { input: "rg -l 'AKIA[0-9A-Z]{16}' src", why: 'a leak check of the project' },
      { input: 'find / -name libssl.so 2>/dev/null', why: 'not a credential file name' },
      { input: 'find / -name ssh | grep bin', why: 'looking for the ssh program, not a key' },
    ],
  },
});
