/**
 * DKR-AST-015: an image built with a way back to root for whoever runs it: a setuid/setgid bit on a
 * shell, interpreter or file tool (`RUN chmod u+s /bin/bash`), or a second account with uid 0
 * (`useradd -o -u 0 svc`). Build steps may change the image's own files freely (their file facts
 * are dropped), so these two are read from the commands themselves (red team r9).
 */
import { IMAGE_BUILD_VIA } from '../../extract/docker.js';
import { defineRule } from '../define-rule.js';
import { setsSpecialBit } from './fs-ast-031-setuid.js';

/** Programs that, setuid, hand out a root shell or root file access (GTFOBins' SUID entries). */
const ROOT_GIVING =
  /^(?:(?:root|suid|priv|su)[-_]?(?:sh|shell|bash)|\w*backdoor\w*|(?:ba|da|z|k|c|tc|a|fi|mk)?sh|busybox|python[\d.]*|perl[\d.]*|ruby[\d.]*|node(?:js)?|php[\d.]*|lua[\d.]*|tclsh[\d.]*|find|vim?|nano|less|more|env|g?awk|nmap|tar|zip|cp|mv|tee|dd|xargs|timeout|strace|gdb|nice|stdbuf|flock|rsync|install|chmod|chown|cat)$/;

const baseName = (path: string): string =>
  path
    .replace(/^["']|["']$/g, '')
    .split('/')
    .pop() ?? '';

/** The uid given by useradd/usermod (`-u 0`, `-u0`, `--uid 0`, `--uid=0`), or undefined. */
function uidOf(argv: readonly string[]): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-u' || a === '--uid') return argv[i + 1];
    const m = /^(?:-u|--uid=)(\d+)$/.exec(a);
    if (m !== null) return m[1];
  }
  return undefined;
}

/** Programs that put a copy or link of a file under a new name. */
const COPIERS: ReadonlySet<string> = new Set(['cp', 'ln', 'install', 'mv', 'rsync']);

/**
 * A sudoers rule for every account (`ALL ALL=(ALL) NOPASSWD: ALL`, `%users ...`) echoed into the
 * image (R15): whoever runs a process in the container, whatever its user, is root. One named
 * service account's rule (the dev-container convention) stays allowed.
 */
const EVERYONE_SUDO =
  /^\s*(?:ALL|%(?:users|everyone|all|nogroup)|#-?\d+)\s+ALL\s*=\s*(?:\([^)]*\)\s*)?NOPASSWD\s*:\s*ALL\b/im;
function everyoneSudo(argv: readonly string[]): string | undefined {
  if (argv[0] !== 'echo' && argv[0] !== 'printf' && argv[0] !== 'tee') return undefined;
  for (const a of argv.slice(1)) {
    // printf writes `%%` as `%` and `\n` as a new line.
    const text = a.replace(/\\n/g, '\n');
    const m = EVERYONE_SUDO.exec(argv[0] === 'printf' ? text.replace(/%%/g, '%') : text);
    if (m !== null) return m[0].trim();
  }
  return undefined;
}

export default defineRule({
  id: 'DKR-AST-015',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  kinds: ['exec'],
  summary:
    'A Dockerfile step that leaves a way back to root: a setuid/setgid shell, interpreter or file tool (or a copy of one under another name), a second account with uid 0, or passwordless sudo for every account.',
  remediationHint:
    'Leave setuid bits off shells and interpreters and give service accounts their own uid (useradd -r svc). If the image needs a root step at run time, use a specific sudoers entry for that one command.',
  *check(facts) {
    // Copies and links of a root-giving program under another name (R15: `cp /bin/busybox
    // /usr/local/bin/.sh && chmod 4755 /usr/local/bin/.sh`): the copy gives what the original does.
    const copies = new Set<string>();
    for (const e of facts.of('exec')) {
      if (e.via !== IMAGE_BUILD_VIA || !COPIERS.has(e.program)) continue;
      const ops = e.argv.slice(1).filter((a) => !a.startsWith('-'));
      if (ops.length >= 2 && ops.slice(0, -1).some((a) => ROOT_GIVING.test(baseName(a))) && copies.size < 64)
        copies.add(ops[ops.length - 1]!.replace(/^["']|["']$/g, ''));
    }
    const rootGiving = (a: string): boolean =>
      ROOT_GIVING.test(baseName(a)) || copies.has(a.replace(/^["']|["']$/g, ''));
    for (const e of facts.of('exec')) {
      if (e.via !== IMAGE_BUILD_VIA) continue;
      const sudoers = everyoneSudo(e.argv);
      if (sudoers !== undefined) {
        yield {
          span: e.span,
          reason: `the sudoers line '${sudoers}' lets every account of the image run anything as root without a password`,
          suggestedAlternative: null,
        };
        continue;
      }
      if (e.program === 'chmod') {
        const mode = e.argv.slice(1).find((a) => !a.startsWith('-'));
        if (mode === undefined || !setsSpecialBit(mode)) continue;
        const target = e.argv.slice(e.argv.indexOf(mode) + 1).find(rootGiving);
        if (target !== undefined)
          yield {
            span: e.span,
            reason: `chmod ${mode} ${target} gives every user of the image a root shell`,
            suggestedAlternative: null,
          };
      } else if (
        (e.program === 'useradd' || e.program === 'usermod') &&
        uidOf(e.argv) === '0' &&
        e.argv.some((a) => a === '-o' || a === '--non-unique')
      )
        yield {
          span: e.span,
          reason: `${e.program} -o -u 0 makes a second root account in the image`,
          suggestedAlternative: 'useradd -r -s /usr/sbin/nologin svc',
        };
    }
  },
  examples: {
    deny: [
      { input: 'FROM ubuntu:22.04\nRUN chmod u+s /bin/bash', runtime: 'docker' },
      { input: 'FROM debian:12\nRUN chmod 4755 /usr/bin/python3.11 && useradd app', runtime: 'docker' },
      { input: 'FROM debian:12\nRUN useradd -o -u 0 -g 0 -M svc', runtime: 'docker' },
      { input: 'FROM alpine:3.19\nRUN usermod --non-unique --uid=0 app', runtime: 'docker' },
      {
        input: 'FROM alpine:3.20\nRUN cp /bin/busybox /usr/local/bin/.sh && chmod 4755 /usr/local/bin/.sh',
        runtime: 'docker',
      },
      {
        input: "FROM ubuntu:22.04\nRUN echo 'ALL ALL=(ALL) NOPASSWD:ALL' >> /etc/sudoers",
        runtime: 'docker',
      },
    ],
    allow: [
      {
        input: 'FROM debian:12\nRUN chmod u+s /usr/bin/newuidmap /usr/bin/newgidmap',
        runtime: 'docker',
        why: 'the id-map helpers rootless podman needs, which grant no shell',
      },
      {
        input: 'FROM debian:12\nRUN chmod 755 /usr/local/bin/entrypoint.sh',
        runtime: 'docker',
        why: 'no special bit',
      },
      { input: 'FROM debian:12\nRUN useradd -u 1000 -m app', runtime: 'docker', why: 'an ordinary account' },
      {
        input: 'FROM debian:12\nRUN echo "app ALL=(ALL) NOPASSWD:ALL" > /etc/sudoers.d/app',
        runtime: 'docker',
        why: 'the dev-container convention, scoped to that image user',
      },
    ],
  },
});
