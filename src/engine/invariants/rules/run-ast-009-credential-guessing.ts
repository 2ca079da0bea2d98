/**
 * RUN-AST-009: logins tried against another machine once per entry of a password list (brute
 * force) or a user list with one password (spraying): code that loops over rockyou or a
 * passwords.txt and logs in each turn, or a cracking tool (hydra, medusa, ncrack, patator,
 * crackmapexec, kerbrute) pointed at anything but this machine. One login in a test, or a few
 * passwords written in a test table, stay allowed.
 */
import type { ExecFact } from '../../facts.js';
import { classifyHost, isLoopbackLike } from '../../net/address.js';
import { defineRule } from '../define-rule.js';
import { optionValue } from '../helpers.js';
import { targetBase, toolRuns, toolTargets } from '../others-hosts.js';

/** Online password guessers and sprayers: trying logins is all they do. */
const GUESSERS = new Set([
  'hydra',
  'thc-hydra',
  'xhydra',
  'pw-inspector',
  'medusa',
  'ncrack',
  'patator',
  'crackmapexec',
  'cme',
  'nxc',
  'netexec',
  'kerbrute',
  'brutespray',
  'sprayhound',
  'crowbar',
  'legba',
  'spray',
  'o365spray',
  'msspray',
  'trevorspray',
]);

function guesser(p: string, e: ExecFact): string | null {
  const targets = [...toolTargets(e), optionValue(e.argv, 'h', 'host') ?? ''].filter((t) => t !== '');
  // Practice against this machine only is a lab; anything else (or a target list) is someone's login.
  if (targets.length > 0 && targets.every((t) => isLoopbackLike(classifyHost(targetBase(t))))) return null;
  return `${p} guesses passwords against ${targets[0] ?? 'the hosts it is given'}`;
}

export default defineRule({
  id: 'RUN-AST-009',
  invariant: 'NO_RUNAWAY_EXECUTION',
  kinds: ['net', 'exec', 'container'],
  summary:
    'Credential guessing: a login tried once per entry of a password or user list (brute force, spraying) against another host, or a guessing tool (hydra, medusa, ncrack, patator, crackmapexec, kerbrute) pointed anywhere but this machine.',
  remediationHint:
    'Do not guess other people’s passwords. To test your own login, use one known test account against a local instance.',
  *check(facts) {
    for (const n of facts.of('net')) {
      if (n.guesses === undefined || isLoopbackLike(classifyHost(n.host))) continue;
      yield {
        span: n.span,
        reason: `a login to ${n.host} is tried for every entry of ${n.guesses}: password guessing`,
        suggestedAlternative: null,
      };
      return;
    }
    for (const { program, e } of toolRuns(facts, GUESSERS)) {
      const reason = guesser(program, e);
      if (reason !== null) yield { span: e.span, reason, suggestedAlternative: null };
    }
  },
  examples: {
    deny: [
      {
        input:
          "import paramiko\nfor pw in open('/usr/share/wordlists/rockyou.txt', errors='ignore'):\n    c = paramiko.SSHClient()\n    c.connect('203.0.113.50', username='root', password=pw.strip(), timeout=3)",
        runtime: 'python',
      },
      { input: 'hydra -l root -P /usr/share/wordlists/rockyou.txt ssh://203.0.113.50' },
      { input: 'crackmapexec smb 10.0.0.0/24 -u users.txt -p Winter2024!' },
      {
        input: 'docker run --rm vanhauser/hydra -l root -P /w/rockyou.txt ssh://203.0.113.50',
        runtime: 'docker',
      },
    ],
    allow: [
      {
        input:
          "import requests\nfor pw in ['wrong', 'short', 'Correct-Horse-1']:\n    r = requests.post('http://localhost:8000/login', json={'user': 'test', 'password': pw})",
        runtime: 'python',
        why: 'a few passwords in a test, against this machine',
      },
      {
        input:
          "import hashlib, requests\nfor pw in open('passwords.txt'):\n    h = hashlib.sha1(pw.strip().encode()).hexdigest().upper()\n    requests.get('https://api.pwnedpasswords.com/range/' + h[:5])",
        runtime: 'python',
        why: 'a breach check that sends a hash prefix, no login',
      },
      {
        input: 'hydra -l admin -P pw.txt 127.0.0.1 http-post-form "/login:u=^USER^&p=^PASS^:F=fail"',
        why: 'a lab on this machine',
      },
    ],
  },
});
