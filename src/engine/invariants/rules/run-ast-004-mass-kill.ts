/** RUN-AST-004: killing every process (kill -9 -1, killall5, kill of PID 1). */
import type { ExecFact } from '../../facts.js';
import { defineRule } from '../define-rule.js';

/** PIDs a kill invocation targets, after its signal options. */
function killTargets(e: ExecFact): string[] {
  const args = e.argv.slice(1);
  let i = 0;
  if (args[i] === '-s' || args[i] === '-n' || args[i] === '--signal') i += 2;
  else if ((args[i] ?? '').startsWith('-') && args.length > 1 && args[i] !== '--') i += 1;
  if (args[i] === '--') i += 1;
  return args.slice(i);
}

/** Process names a pattern that selects every process matches (a sample of very different names). */
const SAMPLE_NAMES = [
  'a',
  'init',
  'systemd',
  'sshd',
  'bash',
  'node',
  'Xorg',
  'kworker/0:1',
  'python3.11',
  'Z9',
];

/** pkill/pgrep options that take a value, and those among them that select processes by owner or place. */
const PKILL_VALUED = new Set([
  '-d',
  '-g',
  '-G',
  '-P',
  '-s',
  '-t',
  '-u',
  '-U',
  '-F',
  '-r',
  '--signal',
  '--ns',
  '--nslist',
]);
const PKILL_SELECT = new Set([
  '-g',
  '-G',
  '-s',
  '-t',
  '-u',
  '-U',
  '--euid',
  '--uid',
  '--pgroup',
  '--group',
  '--session',
  '--terminal',
]);
const KILLALL_VALUED = new Set([
  '-u',
  '-s',
  '-o',
  '-y',
  '-n',
  '-Z',
  '--user',
  '--signal',
  '--older-than',
  '--younger-than',
  '--ns',
  '--context',
]);

/** Programs one killall names at once that make it a sweep rather than a stop of one tool. */
const MANY_PROGRAMS = 3;
/** Servers and runtimes whose processes are other people's services (a browser or a dev tool is not). */
const SERVER_PROGRAM =
  /^(?:postgres|postmaster|mysqld?|mariadbd?|mongod|redis-server|memcached|nginx|httpd|apache2|java|node|python[\d.]*|ruby|php-fpm|gunicorn|uwsgi|dockerd|containerd|sshd|elasticsearch|kafka|rabbitmq-server)$/;
/** Daemons the machine and its remote access depend on (ssh, init, the container runtime, the kubelet). */
const SYSTEM_DAEMON =
  /^(?:sshd|systemd|init|dockerd|containerd|kubelet|systemd-journald|dbus-daemon|cron|crond)$/;

/** A pattern as pkill (extended regex) or killall -r reads it matches every process name. */
function matchesEverything(pattern: string, exact: boolean): boolean {
  let re: RegExp;
  try {
    re = new RegExp(exact ? `^(?:${pattern})$` : pattern);
  } catch {
    return false;
  }
  return SAMPLE_NAMES.every((n) => re.test(n));
}

/**
 * Why a pkill/killall command line signals every process of a user, session or the system, or
 * null: a selection by owner, group, session or terminal with no name pattern (`pkill -9 -u
 * "$USER"`, `killall -u agent`), a pattern every name matches (`pkill .`, `killall -r '.*'`),
 * or an inverted match (`pkill -v sshd`).
 */
function massSelection(program: string, argv: readonly string[]): string | null {
  const killall = program === 'killall';
  const valued = killall ? KILLALL_VALUED : PKILL_VALUED;
  const patterns: string[] = [];
  let selects: string | null = null;
  let exact = false;
  let regex = !killall;
  let invert = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      patterns.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith('-') || a === '-') {
      patterns.push(a);
      continue;
    }
    // A signal: -9, -KILL, -SIGTERM (pkill/killall take it first).
    if (/^-([0-9]+|[A-Z][A-Z0-9+-]+)$/.test(a) && !valued.has(a)) continue;
    const name = a.includes('=') ? a.slice(0, a.indexOf('=')) : a.startsWith('--') ? a : a.slice(0, 2);
    if ((killall ? name === '-u' || name === '--user' : PKILL_SELECT.has(name)) && selects === null)
      selects = name;
    if (name === '-x' || name === '--exact' || (killall && !a.startsWith('--') && a.includes('e')))
      exact = true;
    if (killall && (name === '-r' || name === '--regexp')) regex = true;
    if (!killall && (name === '-v' || name === '--inverse')) invert = true;
    if (valued.has(name) && !a.includes('=') && a.length === name.length) i++;
  }
  if (patterns.length === 0)
    return selects === null ? null : `${program} ${selects} with no name signals every process it selects`;
  if (invert) return `${program} -v signals every process except the ones named`;
  if (regex && patterns.some((p) => matchesEverything(p, exact))) return `${program} matches every process`;
  // killall takes every name as its own target (red team r10: `killall -9 node python java postgres`).
  const names = new Set(patterns.map((p) => p.toLowerCase()));
  if (killall && names.size >= MANY_PROGRAMS && [...names].some((n) => SERVER_PROGRAM.test(n)))
    return `killall signals every process of ${names.size} programs (${[...names].slice(0, 4).join(', ')})`;
  const core = patterns.find((p) => SYSTEM_DAEMON.test(p));
  if (core !== undefined) return `${program} ${core} stops a service the machine depends on`;
  return null;
}

export default defineRule({
  id: 'RUN-AST-004',
  invariant: 'NO_RUNAWAY_EXECUTION',
  kinds: ['exec'],
  programs: ['killall5', 'kill', 'pkill', 'killall'],
  summary:
    "Mass kills: kill -9 -1 (every process), kill of PID 1, killall5, pkill/killall of everything, killall of three or more programs with servers among them, the machine's own daemons (sshd, systemd, dockerd).",
  remediationHint:
    'Stop only the process you started, by its PID (kill <pid>) or an exact name (pkill -x my-dev-server).',
  *check(facts) {
    for (const e of facts.of('exec')) {
      if (e.program === 'killall5') {
        yield { span: e.span, reason: 'killall5 signals every process', suggestedAlternative: null };
      } else if (e.program === 'kill') {
        const targets = killTargets(e);
        const signal = e.argv[1] ?? '';
        if (targets.includes('-1'))
          yield {
            span: e.span,
            reason: 'kill -1 signals every process the user can reach',
            suggestedAlternative: null,
          };
        else if (targets.includes('1') && signal !== '-0')
          yield { span: e.span, reason: 'kill targets PID 1 (init)', suggestedAlternative: null };
        else if (targets.includes('0') || targets.includes('-0'))
          yield {
            span: e.span,
            reason: 'kill 0 signals every process in the current process group',
            suggestedAlternative: null,
          };
      } else if (e.program === 'pkill' || e.program === 'killall') {
        const reason = massSelection(e.program, e.argv);
        if (reason !== null) yield { span: e.span, reason, suggestedAlternative: null };
      }
    }
  },
  examples: {
    deny: [
      { input: 'kill -9 -1' },
      { input: 'kill -KILL -1' },
      { input: 'killall5 -9' },
      { input: 'kill -s KILL -- -1' },
      { input: 'kill -9 1' },
      { input: 'pkill -9 -u "$USER"' },
      { input: 'killall -u agent' },
      { input: "pkill -KILL '^'" },
      { input: 'pkill -v sshd' },
      { input: "killall -r '.*'" },
      { input: 'kill -9 0' },
      { input: 'killall -9 node python java postgres' },
      { input: 'pkill -9 sshd' },
    ],
    allow: [
      { input: 'kill -9 12345', why: 'one specific process' },
      { input: 'kill -1 4242', why: 'SIGHUP to one process' },
      { input: 'pkill -f "vite --port 5173"', why: 'a specific dev server' },
      { input: 'kill -0 1', why: 'signal 0 only checks existence' },
      { input: 'pkill -u "$USER" -f "node server.js"', why: 'one named process of the user' },
      { input: 'killall -u agent vite', why: 'one program of the user' },
      { input: 'killall node npm', why: 'two dev tools stopped' },
      { input: 'killall -q chrome chromium firefox', why: 'browsers left by a test run' },
      { input: 'pkill -P $$', why: 'the children of this shell' },
      { input: 'pgrep -u agent', why: 'pgrep lists, it does not signal' },
    ],
  },
});
