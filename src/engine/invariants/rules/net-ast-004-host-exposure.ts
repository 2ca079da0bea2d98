/**
 * NET-AST-004: exposing this machine to the internet: a tunnel (ngrok, cloudflared, localtunnel,
 * bore, ssh -R to another host, tailscale funnel) that publishes a login or admin service (ssh,
 * RDP, VNC, the Docker API, databases, the kubelet) or a raw TCP port; or a file server whose root
 * is the home directory, / or a system tree (python -m http.server, php -S, busybox httpd,
 * ruby -run -e httpd, http-server, serve) listening on every interface; frpc tcp and chisel R: remotes (r8). In python and node code (r3):
 * a remote debugger listening beyond this machine (debugpy.listen, inspector.open), and a server on
 * every interface whose handlers read files by a client-chosen path under home or / (http.server
 * with directory=~ or after chdir('/'), express.static('/'), createReadStream(homedir + req.url)).
 */
import type { ExecFact, FileOpFact as FileFact, NetOpFact as NetFact } from '../../facts.js';
import type { PathPolicy } from '../../paths.js';
import { classifyHost } from '../../net/address.js';
import { credentialStore, isCriticalTree, isInsideWorkspace, resolvePath } from '../../paths.js';
import { defineRule, type FactIndex, type RuleHit } from '../define-rule.js';

/** Local ports of services that give a shell, a desktop, a container runtime or a database. */
const ADMIN_PORTS = new Set([
  22, 23, 2222, 3389, 5900, 5901, 2375, 2376, 5432, 3306, 1433, 6379, 27017, 9200, 10250, 2379, 5985, 5986,
]);

function port(text: string | undefined): number | null {
  if (text === undefined) return null;
  const m = /(?:^|:)(\d{1,5})$/.exec(text);
  return m === null ? null : Number(m[1]);
}

/** ngrok/bore/lt/cloudflared/tailscale/ssh -R: the local port published, or 'tcp' for a raw one. */
function tunnel(e: ExecFact): string | null {
  const a = e.argv;
  const pos = a.slice(1).filter((w) => !w.startsWith('-'));
  switch (e.program) {
    case 'ngrok': {
      const [mode, target] = pos;
      if (mode === 'tcp') return `ngrok tcp publishes the raw TCP port ${target ?? ''} to the internet`;
      const p = port(target);
      return (mode === 'http' || mode === 'tls') && p !== null && ADMIN_PORTS.has(p)
        ? `ngrok ${mode} publishes the local service on port ${p} to the internet`
        : null;
    }
    case 'bore': {
      const p = port(pos[1]);
      return pos[0] === 'local' && p !== null && ADMIN_PORTS.has(p)
        ? `bore publishes the local service on port ${p} to the internet`
        : null;
    }
    case 'lt':
    case 'localtunnel':
    case 'cloudflared':
    case 'tailscale': {
      const joined = a.join(' ');
      const p = port(/(?:--port[= ]|--url[= ](?:\w+:\/\/)?[\w.-]*:|funnel )(\d{1,5})/.exec(joined)?.[1]);
      if (e.program === 'tailscale' && pos[0] !== 'funnel') return null;
      if (e.program === 'cloudflared' && /--url[= ](?:ssh|rdp|tcp):\/\//.test(joined))
        return 'cloudflared publishes a raw login service to the internet';
      return p !== null && ADMIN_PORTS.has(p)
        ? `${e.program} publishes the local service on port ${p} to the internet`
        : null;
    }
    // frp's command-line mode: a tcp/udp/stcp/xtcp proxy publishes a raw port on the frp server (r8).
    case 'frpc':
      return /^(?:tcp|udp|stcp|xtcp|sudp)$/.test(pos[0] ?? '')
        ? `frpc ${pos[0]!} publishes a raw local port through an frp server`
        : null;
    // chisel's reverse remotes (`R:2222:localhost:22`, `R:socks`) open this machine on the server's side.
    case 'chisel': {
      const remote = pos[0] === 'client' ? pos.slice(2).find((w) => /^R:/i.test(w)) : undefined;
      return remote === undefined
        ? null
        : `chisel ${remote} publishes this machine through the chisel server`;
    }
    case 'ssh':
    case 'autossh': {
      for (let i = 1; i < a.length; i++) {
        const spec = a[i] === '-R' ? a[i + 1] : /^-R(.+)$/.exec(a[i]!)?.[1];
        if (spec === undefined) continue;
        const parts = spec.split(':');
        const local = parts.length >= 3 ? Number(parts[parts.length - 1]) : NaN;
        const dest = pos.find((w) => w !== spec && !/^\d/.test(w) && !w.includes(':')) ?? '';
        const host = dest.slice(dest.lastIndexOf('@') + 1);
        const cls = classifyHost(host).class;
        if (cls === 'loopback' || cls === 'unspecified') continue;
        if (ADMIN_PORTS.has(local))
          return `ssh -R publishes the local service on port ${local} through ${host}`;
      }
      return null;
    }
    default:
      return null;
  }
}

const FILE_SERVERS = new Set(['python', 'python3', 'php', 'httpd', 'ruby', 'http-server', 'serve', 'caddy']);

/** The root directory and bind address of a static file server run, or null when it is not one. */
function fileServer(e: ExecFact): { root: string; bind: string } | null {
  const a = e.argv;
  const value = (...names: string[]): string | undefined => {
    for (let i = 1; i < a.length; i++) {
      for (const n of names) {
        if (a[i] === n) return a[i + 1];
        if (n.startsWith('--') && a[i]!.startsWith(`${n}=`)) return a[i]!.slice(n.length + 1);
      }
    }
    return undefined;
  };
  const program = e.program.replace(/\d+(?:\.\d+)*$/, '');
  if (
    program === 'python' &&
    a.includes('-m') &&
    (a.includes('http.server') || a.includes('SimpleHTTPServer'))
  )
    return { root: value('--directory', '-d') ?? '.', bind: value('--bind', '-b') ?? '0.0.0.0' };
  if (program === 'php' && a.includes('-S'))
    return { root: value('-t') ?? '.', bind: (value('-S') ?? '').replace(/:\d+$/, '') };
  if (program === 'httpd' && e.via === 'busybox') return { root: value('-h') ?? '.', bind: '0.0.0.0' };
  if (program === 'ruby' && a.some((w) => /\bhttpd\b/.test(w)) && a.includes('-run')) {
    const rest = a.slice(a.findIndex((w) => /\bhttpd\b/.test(w)) + 1).filter((w) => !w.startsWith('-'));
    return { root: rest[0] ?? '.', bind: value('--bind-address', '-b') ?? '0.0.0.0' };
  }
  if (program === 'http-server' || program === 'serve') {
    const root = a
      .slice(1)
      .find((w, i) => !w.startsWith('-') && !/^-[pa]$|^--(?:port|listen|address)$/.test(a[i] ?? ''));
    return { root: root ?? '.', bind: value('-a', '--address', '-l', '--listen') ?? '0.0.0.0' };
  }
  if (program === 'caddy' && a[1] === 'file-server')
    return { root: value('--root', '-r') ?? '.', bind: value('--listen', '-l') ?? '0.0.0.0' };
  return null;
}

/** What serving `root` gives away, or null when it is the workspace or some ordinary directory. */
function exposedTree(root: string, policy: PathPolicy): string | null {
  const abs = resolvePath(root, policy);
  if (isInsideWorkspace(abs, policy)) return null;
  if (isCriticalTree(abs, policy)) return abs === policy.homeDir ? 'the home directory' : abs;
  return credentialStore(abs, policy);
}

/** Debuggers a code runtime starts on a port: whoever connects runs code here. */
const DEBUGGERS =
  /^(?:debugpy\.listen|ptvsd\.enable_attach|rpdb\.set_trace|web_pdb\.set_trace|remote_pdb\.\w+|inspector\.open)$/;

/** A listen beyond this machine (loopback and unix sockets stay local). */
function beyondHost(n: NetFact): boolean {
  const host = n.host === '' ? '0.0.0.0' : n.host;
  return classifyHost(host).class !== 'loopback' && host !== 'localhost' && !host.startsWith('/');
}

/**
 * The directory a code server's file read is rooted at when the rest of the path is chosen at run
 * time (`~/$X`, `/$url`): that whole tree is what a client can fetch. Null for fixed paths.
 */
function servedRoot(f: FileFact): string | null {
  if (f.op !== 'read' || f.dynamic !== true) return null;
  const hole = f.path.indexOf('$');
  if (hole <= 0 || f.path[hole - 1] !== '/') return null;
  const root = f.path.slice(0, hole).replace(/\/+$/, '');
  return root === '' ? '/' : root;
}

/** Findings for python/node code: debuggers beyond loopback, servers handing out home or /. */
function* codeExposure(facts: FactIndex, policy: PathPolicy): Iterable<RuleHit> {
  const servers: NetFact[] = [];
  for (const n of facts.of('net')) {
    if (n.direction !== 'listen' || (n.runtime !== 'python' && n.runtime !== 'node') || !beyondHost(n))
      continue;
    const where = `${n.host || '0.0.0.0'}${n.port === undefined ? '' : `:${n.port}`}`;
    if (DEBUGGERS.test(n.actor))
      yield {
        span: n.span,
        reason: `${n.actor} listens on ${where}: anyone who reaches it runs code here`,
        suggestedAlternative: null,
      };
    else servers.push(n);
  }
  const server = servers[0];
  if (server === undefined) return;
  for (const f of facts.of('file')) {
    if (f.runtime !== 'python' && f.runtime !== 'node') continue;
    const root = servedRoot(f);
    const tree = root === null ? null : exposedTree(root, policy);
    if (tree === null) continue;
    yield {
      span: f.span,
      reason: `a server on ${server.host || '0.0.0.0'}${server.port === undefined ? '' : `:${server.port}`} hands out files from ${tree} by the path a client asks for`,
      suggestedAlternative: null,
    };
    return;
  }
}

export default defineRule({
  id: 'NET-AST-004',
  invariant: 'NO_SECRET_EXFILTRATION',
  kinds: ['exec', 'net', 'file'],
  programs: [
    'ngrok',
    'bore',
    'lt',
    'localtunnel',
    'cloudflared',
    'tailscale',
    'frpc',
    'chisel',
    'ssh',
    'autossh',
    ...FILE_SERVERS,
  ],
  summary:
    'Exposing the machine to the internet: tunnels that publish ssh/RDP/databases or raw TCP, file servers rooted at home, / or system trees.',
  remediationHint:
    'Do not publish this machine. Serve only the workspace (python3 -m http.server --bind 127.0.0.1 --directory ./dist) and tunnel only a development web port (ngrok http 3000) when the task asks for it.',
  *check(facts, policy) {
    yield* codeExposure(facts, policy);
    for (const e of facts.of('exec')) {
      const t = tunnel(e);
      if (t !== null) {
        yield { span: e.span, exec: e, reason: t };
        continue;
      }
      if (!FILE_SERVERS.has(e.program.replace(/\d+(?:\.\d+)*$/, '')) && !FILE_SERVERS.has(e.program))
        continue;
      const server = fileServer(e);
      if (server === null) continue;
      const bind = server.bind.replace(/^\[|\]$/g, '');
      const cls = classifyHost(bind === '' ? '0.0.0.0' : bind).class;
      if (cls === 'loopback' || bind === 'localhost') continue;
      const tree = exposedTree(server.root, policy);
      if (tree === null) continue;
      yield { span: e.span, exec: e, reason: `${e.program} serves ${tree} to the network` };
    }
  },
  examples: {
    deny: [
      { input: 'ngrok tcp 22' },
      { input: 'ssh -R 80:localhost:22 serveo.net' },
      { input: 'python3 -m http.server 80 --directory /' },
      { input: 'php -S 0.0.0.0:8000 -t ~' },
      { input: 'busybox httpd -f -p 8000 -h ~' },
      { input: 'python3 -m http.server 8000 --bind 0.0.0.0 --directory ~' },
      { input: 'ngrok http 5432' },
      { input: 'bore local 22 --to bore.pub' },
      { input: 'frpc tcp -s 203.0.113.9:7000 -l 22 -r 6022' },
      { input: 'chisel client 203.0.113.9:8080 R:2222:localhost:22' },
      { input: 'npx http-server ~ -p 8080' },
      { input: "import debugpy\ndebugpy.listen(('0.0.0.0', 5678))", runtime: 'python' },
      {
        input:
          "const express = require('express');\nconst app = express();\napp.use(express.static('/'));\napp.listen(3000);",
        runtime: 'node',
      },
    ],
    allow: [
      { input: 'ngrok http 3000', why: 'a development web server' },
      { input: 'python3 -m http.server 8000', why: 'serves the workspace' },
      { input: 'python3 -m http.server --directory ./dist', why: 'serves a workspace folder' },
      { input: 'php -S localhost:8000 -t ~', why: 'this machine only' },
      {
        input: 'chisel client bastion.internal:8080 5432:db:5432',
        why: 'a local forward brings a remote port here',
      },
      { input: 'ssh -L 5432:localhost:5432 db-bastion', why: 'a local forward brings a remote port here' },
      { input: 'ssh -R 8080:localhost:3000 dev.example.com', why: 'a development web port' },
      { input: "require('inspector').open(9229, '127.0.0.1');", runtime: 'node', why: 'this machine only' },
      {
        input:
          "const express = require('express');\nconst app = express();\napp.use(express.static('public'));\napp.listen(3000);",
        runtime: 'node',
        why: 'serves a project folder',
      },
    ],
  },
});
