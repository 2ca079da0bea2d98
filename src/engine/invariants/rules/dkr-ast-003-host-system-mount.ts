/** DKR-AST-003: writable bind mounts of /, system directories or a whole home: root in the container writes the host. */
import { viewMount } from '../../knowledge/docker.js';
import type { HostNeed } from '../../knowledge/host-tools.js';
import { defineRule } from '../define-rule.js';

/**
 * A host path a known tool's job writes (knowledge/host-tools.ts): a security monitor's driver under
 * /dev, a VPN loading the wireguard module from /lib/modules.
 */
function neededWritable(needs: readonly HostNeed[] | undefined, path: string): boolean {
  if (needs === undefined) return false;
  if (path === '/dev') return needs.includes('hostDev');
  return /^\/(?:usr\/)?lib\/modules\/?$/.test(path) && needs.includes('kernelModules');
}

export default defineRule({
  id: 'DKR-AST-003',
  invariant: 'NO_PRIVILEGE_ESCALATION',
  kinds: ['container'],
  summary:
    'Writable bind mounts of /, /etc, /usr, /root, /var, /proc, /sys, /dev, /home, ~ or a login/start-up file (~/.bashrc, ~/.ssh/authorized_keys) into a container.',
  remediationHint:
    'Mount only the workspace directory the container needs (-v "$PWD/data:/data"), read-only where possible (:ro). Never mount the host root, system directories or a home directory.',
  *check(facts, policy) {
    for (const c of facts.of('container'))
      for (const m of c.mounts) {
        if (m.readOnly) continue;
        const v = viewMount(m.source, policy);
        if (v.socket || neededWritable(c.hostTool?.needs, v.path)) continue;
        if (!v.system) {
          // A writable login or start-up file (~/.bashrc, ~/.ssh/authorized_keys, cron): the container plants code the host runs.
          if (v.persistence !== null)
            yield {
              span: c.span,
              reason: `the container can write ${v.persistence} (mounted from ${m.source}), which the host runs at login or start-up`,
              suggestedAlternative: null,
            };
          continue;
        }
        yield {
          span: c.span,
          reason: `the container can write the host path ${m.source} (mounted at ${m.target || '?'}): root inside becomes root on the host`,
          suggestedAlternative: null,
        };
      }
  },
  examples: {
    deny: [
      { input: 'docker run -v /:/host alpine chroot /host', runtime: 'docker' },
      { input: 'docker run -it -v /etc:/etc ubuntu bash', runtime: 'docker' },
      { input: 'docker run --mount type=bind,source=/,target=/rootfs busybox', runtime: 'docker' },
      { input: 'docker run -v ~:/home/me alpine sh', runtime: 'docker' },
      { input: 'docker run -v /dev:/dev alpine sh', runtime: 'docker' },
      { input: "docker run -v ~/.bashrc:/b alpine sh -c 'echo x >> /b'", runtime: 'docker' },
      {
        input:
          'services:\n  x:\n    image: alpine\n    volumes:\n      - type: bind\n        source: /usr\n        target: /usr\n',
        runtime: 'docker',
      },
    ],
    allow: [
      {
        input: 'docker run -v "$PWD":/app -w /app node:20 npm test',
        runtime: 'docker',
        why: 'the workspace itself',
      },
      {
        input: 'docker run -v /tmp/cache:/cache alpine ls /cache',
        runtime: 'docker',
        why: 'a scratch directory',
      },
      {
        input: 'docker run -v /proc:/host/proc:ro prom/node-exporter',
        runtime: 'docker',
        why: 'read-only monitoring mount',
      },
      {
        input: 'docker run -d --restart unless-stopped -v /var/lib/app:/data myapp',
        runtime: 'docker',
        why: "an application's data directory under /var/lib",
      },
      {
        input: 'docker run -v ~/.cache/pip:/root/.cache/pip python pip install -r r.txt',
        runtime: 'docker',
        why: 'a cache',
      },
    ],
  },
});
