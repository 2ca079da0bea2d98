/** SYS-AST-001: stopping, disabling or masking system services (systemctl, service, launchctl). */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, hasOption, positionals } from '../command-line.js';

const STOPS = new Set(['stop', 'disable', 'mask', 'kill']);

export default defineRule({
  id: 'SYS-AST-001',
  invariant: 'NO_RUNAWAY_EXECUTION',
  pack: 'system',
  kinds: ['exec'],
  programs: ['systemctl', 'service', 'launchctl'],
  summary:
    'systemctl stop/disable/mask/kill, service X stop, launchctl unload/bootout take system services down.',
  remediationHint:
    'Do not stop system services. Stop only the process you started (kill <its pid>, docker compose stop <service>); use systemctl --user for your own units.',
  *check(facts) {
    yield* execHits(facts, (words) => {
      const args = words.slice(1);
      if (asksHelp(args)) return null;
      const [a, b] = positionals(args);
      if (words[0] === 'systemctl')
        return a !== undefined && STOPS.has(a) && !hasOption(args, '', '--user')
          ? `systemctl ${a} takes a system service down`
          : null;
      if (words[0] === 'service')
        return b === 'stop' ? `service ${a ?? ''} stop takes a system service down` : null;
      if (words[0] === 'launchctl')
        return a === 'unload' || a === 'bootout' || a === 'remove'
          ? `launchctl ${a} takes a service down`
          : null;
      return null;
    });
  },
  examples: {
    deny: [
      { input: 'systemctl stop nginx' },
      { input: 'systemctl disable --now sshd' },
      { input: 'service postgresql stop' },
      { input: 'launchctl unload /Library/LaunchDaemons/x.plist' },
    ],
    allow: [
      { input: 'systemctl status nginx', why: 'reads' },
      { input: 'systemctl --user stop my-dev.service', why: "the user's own unit" },
      { input: 'service nginx status', why: 'reads' },
    ],
  },
});
