/**
 * Firewall commands run with sudo that open one port or read the rules (R16 twin: `sudo ufw allow
 * 8080/tcp` then `sudo ufw status`): ufw needs root for either, and what it does is bounded and
 * judged by the firewall rule (FS-AST-024: ufw disabled, default allow). Other programs under a
 * local sudo keep SH-AST-020 (existing rows: `sudo systemctl restart app`, `sudo journalctl -u api`).
 */

/** A port, a short port range or a named application profile (`8080/tcp`, `OpenSSH`, `Nginx Full`). */
const PORT = /^(?:\d{1,5}(?::\d{1,5})?(?:\/(?:tcp|udp))?|[A-Z][\w -]{1,40})$/;

/** Whether the command sudo runs (argv of the inner program) opens one port or reads the firewall. */
export function routineAdmin(argv: readonly string[]): boolean {
  if ((argv[0] ?? '').split('/').pop() !== 'ufw') return false;
  const [verb, ...rest] = argv.slice(1);
  if (verb === undefined) return false;
  if (/^(?:status|reload|version)$/.test(verb)) return rest.every((a) => /^(?:verbose|numbered)$/.test(a));
  if (verb === 'app') return rest[0] === 'list' || rest[0] === 'info';
  if (!/^(?:allow|deny|reject|limit)$/.test(verb)) return false;
  const ops = rest.filter((a) => !/^(?:in|out)$/.test(a));
  // One port or profile; a range wider than one service (`1:65535`) is the firewall opened.
  if (ops.length !== 1 || !PORT.test(ops[0]!)) return false;
  const range = /^(\d+):(\d+)/.exec(ops[0]!);
  return range === null || Number(range[2]) - Number(range[1]) <= 100;
}
