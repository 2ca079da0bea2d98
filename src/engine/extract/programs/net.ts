/**
 * Programs that talk to the network: what host they reach, whether they upload, and what data
 * (stdin, files, substitutions, literals) flows to that host. Their output is network content.
 */
import type { DataSource } from '../../facts.js';
import type { Span } from '../../types.js';
import {
  EMPTY_PIPE,
  NO_SOURCES,
  mergeSources,
  type Invocation,
  type Stream,
  type Word,
} from '../bash/model.js';
import { PROXY_NAMES_TEXT, proxyValues } from '../../net/proxy-env.js';
import type { ProgramHandler, Toolkit } from './types.js';
import { hasOption, optionValues, parseArgs, parseNetAddress, remotePath, type NetAddress } from './util.js';

function netStream(sources: readonly DataSource[]): Stream {
  return sources.length === 0 ? EMPTY_PIPE : { sources, text: null, interactive: false, literals: [] };
}

function stdinSources(inv: Invocation): readonly DataSource[] {
  return inv.stdin.interactive ? NO_SOURCES : inv.stdin.sources;
}

/**
 * Address of a word that may hold unresolved expansions: they are masked before parsing (a `/`
 * inside `$(cat ~/.ssh/id_rsa)` is not the end of the host) and host labels built from them are
 * dropped: `$(cat k|base64).evil.example` → `evil.example`.
 */
export function addressOf(word: Word, defaultScheme?: string): NetAddress | null {
  if (!word.dynamic || (!word.text.includes('$') && !word.text.includes('`')))
    return parseNetAddress(word.text, defaultScheme);
  const masked = maskExpansions(word.text);
  const addr = parseNetAddress(masked, defaultScheme);
  if (addr === null) return null;
  const host = addr.host
    .split('.')
    .filter((label) => !label.includes('\0'))
    .join('.');
  return host === '' ? null : { ...addr, host };
}

/** Replaces `$(...)`, backticks, `${...}` and `$NAME` with a NUL marker. */
function maskExpansions(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      out += '\0';
      i = end === -1 ? text.length : end;
    } else if (c === '$' && (text[i + 1] === '(' || text[i + 1] === '{')) {
      const open = text[i + 1]!;
      const close = open === '(' ? ')' : '}';
      let depth = 0;
      let j = i + 1;
      for (; j < text.length; j++) {
        if (text[j] === open) depth++;
        else if (text[j] === close && --depth === 0) break;
      }
      out += '\0';
      i = j;
    } else if (c === '$' && /[A-Za-z_]/.test(text[i + 1] ?? '')) {
      let j = i + 1;
      while (j < text.length && /[A-Za-z0-9_]/.test(text[j]!)) j++;
      out += '\0';
      i = j - 1;
    } else out += c;
  }
  return out;
}

/**
 * Whether the host part of `word` is built from an expansion. A word whose data came from an
 * already-substituted value (no `$`/backtick left in its text) cannot be attributed, so it counts.
 */
function hostCarriesData(word: Word): boolean {
  if (!word.text.includes('$') && !word.text.includes('`')) return true;
  const addr = parseNetAddress(maskExpansions(word.text));
  return addr === null || addr.host.includes('\0');
}

/** Network access to `word` (a URL or host): the fact, and the flows of everything sent. */
function reach(
  kit: Toolkit,
  inv: Invocation,
  word: Word,
  addr: NetAddress,
  sends: boolean,
  sent: readonly DataSource[],
  url?: string,
  direction: 'connect' | 'listen' = 'connect',
): DataSource {
  const host = addr.host;
  kit.sink.net({
    host,
    port: addr.port,
    url,
    scheme: addr.scheme,
    direction,
    sends,
    actor: inv.program,
    span: word.span,
  });
  const to = url === undefined ? { kind: 'net' as const, host } : { kind: 'net' as const, host, url };
  kit.flow(sent, to, inv.span);
  // A name built from data is itself the message (DNS exfiltration); data in the path, query,
  // port or user part travels inside the connection (the `net` flow above), not in the lookup.
  if (word.sources.length > 0 && hostCarriesData(word))
    kit.flow(word.sources, { kind: 'dns', host }, word.span);
  return url === undefined ? { kind: 'net', host } : { kind: 'net', host, url };
}

/** Proxies set in the command's environment (`http_proxy=... curl`, `export HTTPS_PROXY=...`) are connected to. */
function reachEnvProxies(kit: Toolkit, inv: Invocation): void {
  for (const value of proxyValues(kit.environmentFor(PROXY_NAMES_TEXT))) {
    const addr = parseNetAddress(value, 'http');
    if (addr !== null) reach(kit, inv, inv.argv[0]!, addr, false, NO_SOURCES);
  }
}

function wordSources(words: readonly Word[]): readonly DataSource[] {
  let s: readonly DataSource[] = NO_SOURCES;
  for (const w of words) s = mergeSources(s, w.sources);
  return s;
}

/** Headers that carry the request's credentials (`Authorization: Bearer $TOKEN`). */
const AUTH_HEADER = /^\s*authorization\s*:/i;

const CURL_SHORT = 'AbcCdDeEFHKmoPQrtTuUwxXyYz';
const CURL_LONG = [
  '--data',
  '--data-raw',
  '--data-binary',
  '--data-urlencode',
  '--data-ascii',
  '--json',
  '--form',
  '--form-string',
  '--upload-file',
  '--header',
  '--request',
  '--output',
  '--user',
  '--user-agent',
  '--referer',
  '--cookie',
  '--cookie-jar',
  '--config',
  '--proxy',
  '--max-time',
  '--connect-timeout',
  '--url',
  '--resolve',
  '--connect-to',
  '--cert',
  '--key',
  '--cacert',
  '--capath',
  '--write-out',
  '--dump-header',
  '--range',
  '--retry',
  '--output-dir',
  '--interface',
  '--limit-rate',
  '--unix-socket',
  '--proxy-user',
  '--oauth2-bearer',
  '--variable',
  '--trace',
  '--trace-ascii',
  '--stderr',
  '--netrc-file',
  '--mail-from',
  '--mail-rcpt',
  '--upload-flags',
  // Scalar settings: their value is no URL (`--proto '=https'` in rustup's documented line).
  '--proto',
  '--proto-redir',
  '--proto-default',
  '--ciphers',
  '--tls13-ciphers',
  '--tls-max',
  '--retry-delay',
  '--retry-max-time',
  '--max-filesize',
  '--max-redirs',
  '--expect100-timeout',
  '--keepalive-time',
  '--speed-limit',
  '--speed-time',
  '--local-port',
  '--create-file-mode',
  '--noproxy',
  '--cert-type',
  '--key-type',
  '--continue-at',
  '--time-cond',
  '--happy-eyeballs-timeout-ms',
  '--parallel-max',
  // More options that take a value (`--aws-sigv4 aws:amz:us-east-1:s3` is no destination).
  '--aws-sigv4',
  '--sasl-authzid',
  '--service-name',
  '--login-options',
  '--pubkey',
  '--hostpubmd5',
  '--hostpubsha256',
  '--pinnedpubkey',
  '--crlfile',
  '--engine',
  '--delegation',
  '--ftp-method',
  '--ftp-account',
  '--krb',
  '--tlsuser',
  '--tlspassword',
  '--proxy-header',
  '--request-target',
  '--ip-tos',
  '--etag-save',
  '--etag-compare',
  '--alt-svc',
  '--hsts',
  '--trace-config',
];

const curl: ProgramHandler = (inv, kit) => {
  reachEnvProxies(kit, inv);
  const args = parseArgs(inv.argv, { short: CURL_SHORT, long: CURL_LONG });
  let sent: readonly DataSource[] = NO_SOURCES;
  let auth: readonly DataSource[] = NO_SOURCES;
  let sends = false;
  let usesStdin = false;
  let toFile = false;
  const fileArg = (value: Word, text: string): void => {
    if (text === '-' || text === '') {
      usesStdin = true;
      return;
    }
    sent = mergeSources(sent, kit.read({ ...value, text }, inv.program));
  };
  for (const o of args.options) {
    const v = o.value;
    if (v === undefined) {
      if (o.name === '-O' || o.name === '--remote-name' || o.name === '--remote-name-all') toFile = true;
      continue;
    }
    switch (o.name) {
      case '-d':
      case '--data':
      case '--data-ascii':
      case '--data-binary':
      case '--data-urlencode':
      case '--json': {
        sends = true;
        const at = v.text.indexOf('@');
        if (at === 0 || (o.name === '--data-urlencode' && at > 0 && !v.text.slice(0, at).includes('=')))
          fileArg(v, v.text.slice(at + 1));
        else sent = mergeSources(sent, v.sources);
        break;
      }
      case '--data-raw':
        sends = true;
        sent = mergeSources(sent, v.sources);
        break;
      case '-F':
      case '--form': {
        sends = true;
        const eq = v.text.indexOf('=');
        const value = eq === -1 ? v.text : v.text.slice(eq + 1);
        if (value.startsWith('@') || value.startsWith('<')) fileArg(v, value.slice(1).split(';')[0]!);
        else sent = mergeSources(sent, v.sources);
        break;
      }
      case '-u':
      case '--user':
      case '--oauth2-bearer':
        // The request's credentials: the rule judges them by where they go (a token to its issuer).
        auth = mergeSources(auth, v.sources);
        if (v.sources.length > 0) sends = true;
        break;
      case '-H':
      case '--header':
        if (v.text.startsWith('@')) fileArg(v, v.text.slice(1));
        if (AUTH_HEADER.test(v.text)) auth = mergeSources(auth, v.sources);
        else sent = mergeSources(sent, v.sources);
        if (v.sources.length > 0) sends = true;
        break;
      case '--form-string':
      case '-A':
      case '--user-agent':
      case '-e':
      case '--referer':
      case '--variable':
        sent = mergeSources(sent, v.sources);
        if (v.sources.length > 0) sends = true;
        break;
      case '-T':
      case '--upload-file':
        sends = true;
        fileArg(v, v.text === '.' ? '-' : v.text);
        break;
      case '-K':
      case '--config':
      case '-E':
      case '--cert':
      case '--key':
      case '--cacert':
      case '--netrc-file':
        kit.read(v, inv.program);
        break;
      case '-b':
      case '--cookie':
        if (!v.text.includes('=')) kit.read(v, inv.program);
        else sent = mergeSources(sent, v.sources);
        break;
      case '-o':
      case '--output':
        if (v.text !== '-') toFile = true;
        break;
      case '-c':
      case '--cookie-jar':
      case '-D':
      case '--dump-header':
      case '--trace':
      case '--trace-ascii':
        kit.write(v, inv.program, 'write', NO_SOURCES);
        break;
      case '-x':
      case '--proxy': {
        const addr = parseNetAddress(v.text, 'http');
        if (addr !== null) reach(kit, inv, v, addr, false, NO_SOURCES);
        break;
      }
      default:
        break;
    }
  }
  if (usesStdin) {
    sent = mergeSources(sent, stdinSources(inv));
    kit.egress(inv.stdin, []);
  }
  if (sends) kit.egress(null, inv.argv);
  const urls = [...args.positionals, ...optionValues(args, '--url')];
  const fetched: DataSource[] = [];
  for (const u of urls) {
    const addr = addressOf(u, 'http');
    if (addr === null) continue;
    // Data in the URL itself (query strings built from substitutions) is sent too.
    fetched.push(reach(kit, inv, u, addr, sends, mergeSources(sent, u.sources), u.text));
    kit.flow(auth, { kind: 'net', host: addr.host, url: u.text, auth: true }, inv.span);
  }
  const outputs = optionValues(args, '-o', '--output');
  for (const out of outputs) kit.write(out, inv.program, 'write', fetched);
  if (toFile && outputs.length === 0) {
    for (const u of urls) {
      const name = u.text.split('?')[0]!.split('/').pop();
      if (name) kit.write({ ...u, text: name }, inv.program, 'write', fetched);
    }
  }
  return toFile ? EMPTY_PIPE : netStream(fetched);
};

/** A file argument that is the program's standard input. */
const STDIN_FILE = /^(?:-|\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0)$/;

const wget: ProgramHandler = (inv, kit) => {
  reachEnvProxies(kit, inv);
  const args = parseArgs(inv.argv, {
    short: 'OoaPitTweUQlBDARIX',
    long: [
      '--output-document',
      '--output-file',
      '--post-data',
      '--post-file',
      '--body-data',
      '--body-file',
      '--method',
      '--header',
      '--user',
      '--password',
      '--directory-prefix',
      '--input-file',
      '--user-agent',
      '--load-cookies',
      '--save-cookies',
    ],
  });
  let sent: readonly DataSource[] = NO_SOURCES;
  let sends = false;
  for (const o of args.options) {
    const v = o.value;
    if (v === undefined) continue;
    if (
      o.name === '--post-data' ||
      o.name === '--body-data' ||
      o.name === '--header' ||
      o.name === '--user' ||
      o.name === '--password'
    ) {
      if (o.name.endsWith('-data')) sends = true;
      sent = mergeSources(sent, v.sources);
      if (v.sources.length > 0) sends = true;
    } else if (o.name === '--post-file' || o.name === '--body-file') {
      sends = true;
      // `--post-file=-` / `/dev/stdin`: what is piped in is the body (`cat secret | wget --post-file=-`).
      if (STDIN_FILE.test(v.text)) {
        sent = mergeSources(sent, stdinSources(inv));
        kit.egress(inv.stdin, []);
      } else sent = mergeSources(sent, kit.read(v, inv.program));
    } else if (o.name === '-i' || o.name === '--input-file' || o.name === '--load-cookies')
      kit.read(v, inv.program);
    else if (o.name === '-o' || o.name === '--output-file' || o.name === '-a' || o.name === '--save-cookies')
      kit.write(v, inv.program, 'write', NO_SOURCES);
  }
  if (sends) kit.egress(null, inv.argv);
  const fetched: DataSource[] = [];
  for (const u of args.positionals) {
    const addr = addressOf(u, 'http');
    if (addr !== null) fetched.push(reach(kit, inv, u, addr, sends, mergeSources(sent, u.sources), u.text));
  }
  const doc = optionValues(args, '-O', '--output-document')[0];
  if (doc !== undefined && doc.text === '-') return netStream(fetched);
  if (doc !== undefined) kit.write(doc, inv.program, 'write', fetched);
  else {
    const prefix = optionValues(args, '-P', '--directory-prefix')[0]?.text;
    for (const u of args.positionals) {
      const name = u.text.split('?')[0]!.split('/').pop() || 'index.html';
      kit.write(
        { ...u, text: prefix === undefined ? name : prefix + '/' + name },
        inv.program,
        'write',
        fetched,
      );
    }
  }
  return EMPTY_PIPE;
};

/** nc / ncat / netcat: connect or listen; -e/-c run a program wired to the socket. */
const nc: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'pswiecxXqWTIOPV',
    long: [
      '--exec',
      '--sh-exec',
      '--lua-exec',
      '--source-port',
      '--proxy',
      '--proxy-type',
      '--wait',
      '--idle-timeout',
      '--source',
    ],
  });
  const listen = hasOption(args, '-l', '--listen');
  const port = optionValues(args, '-p', '--source-port')[0];
  const pos = args.positionals;
  const execs = optionValues(args, '-e', '--exec');
  const shExecs = optionValues(args, '-c', '--sh-exec');
  const sends = !inv.stdin.interactive || execs.length > 0 || shExecs.length > 0;
  let hostWord: Word | undefined;
  let portText: string | undefined;
  if (listen) {
    hostWord = pos.length > 1 ? pos[0] : undefined;
    portText = port?.text ?? pos[pos.length - 1]?.text;
  } else {
    hostWord = pos[0];
    portText = pos[1]?.text ?? port?.text;
  }
  const portNum = portText !== undefined && /^[0-9]+$/.test(portText) ? Number(portText) : undefined;
  const host = hostWord?.text.toLowerCase() ?? (listen ? '0.0.0.0' : '');
  const at: Word = hostWord ?? port ?? inv.argv[0]!;
  let netSource: DataSource[] = [];
  if (host !== '') {
    netSource = [
      reach(
        kit,
        inv,
        at,
        { host, port: portNum, scheme: hasOption(args, '-u', '--udp') ? 'udp' : 'tcp' },
        sends,
        stdinSources(inv),
        undefined,
        listen ? 'listen' : 'connect',
      ),
    ];
    kit.egress(inv.stdin, []);
  }
  const socket: Stream = { sources: netSource, text: null, interactive: false, literals: [] };
  for (const e of execs) kit.run(splitWords(e), inv.span, socket, inv.program);
  for (const c of shExecs) {
    kit.nested(c.text, 'bash', c.span, inv.program);
    kit.flow(netSource, { kind: 'exec', program: 'sh' }, c.span);
  }
  return netStream(netSource);
};

/** `-e "/bin/sh -i"`: a program with arguments in one word. */
function splitWords(w: Word): Word[] {
  return w.text
    .split(/\s+/)
    .filter((t) => t !== '')
    .map((text) => ({ ...w, text }));
}

const socat: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'lLT' });
  const addrs = args.positionals;
  const netSources: DataSource[] = [];
  const execs: { word: Word; code: string }[] = [];
  let fileSources: readonly DataSource[] = NO_SOURCES;
  let stdio = false;
  for (const a of addrs) {
    const text = a.text;
    const colon = text.indexOf(':');
    const kind = (colon === -1 ? text : text.slice(0, colon)).toUpperCase();
    const rest = colon === -1 ? '' : text.slice(colon + 1);
    if (/^(TCP|TCP4|TCP6|UDP|UDP4|UDP6|SCTP|OPENSSL|SSL|SOCKS4|SOCKS4A|PROXY|DCCP)(-CONNECT)?$/.test(kind)) {
      const [host, port] = rest.split(',')[0]!.split(':');
      if (host) {
        netSources.push(
          reach(
            kit,
            inv,
            a,
            {
              host: host.toLowerCase(),
              port: port && /^[0-9]+$/.test(port) ? Number(port) : undefined,
              scheme: kind.toLowerCase(),
            },
            true,
            NO_SOURCES,
          ),
        );
      }
    } else if (/-LISTEN$|^UDP-RECVFROM$|^UDP-RECV$/.test(kind)) {
      const port = rest.split(',')[0]!;
      netSources.push(
        reach(
          kit,
          inv,
          a,
          {
            host: '0.0.0.0',
            port: /^[0-9]+$/.test(port) ? Number(port) : undefined,
            scheme: kind.toLowerCase(),
          },
          true,
          NO_SOURCES,
          undefined,
          'listen',
        ),
      );
    } else if (kind === 'EXEC' || kind === 'SYSTEM') {
      execs.push({ word: a, code: rest.split(',')[0]! });
    } else if (kind === 'FILE' || kind === 'OPEN' || kind === 'GOPEN' || kind === 'CREATE') {
      const path = { ...a, text: rest.split(',')[0]! };
      fileSources = mergeSources(fileSources, kit.read(path, inv.program));
    } else if (kind === '-' || kind === 'STDIO' || kind === 'STDIN' || kind === 'STDOUT') stdio = true;
  }
  for (const n of netSources) {
    if (n.kind !== 'net') continue;
    const to = { kind: 'net' as const, host: n.host };
    kit.flow(fileSources, to, inv.span);
    if (stdio) kit.flow(stdinSources(inv), to, inv.span);
  }
  for (const e of execs) {
    kit.nested(e.code, 'bash', e.word.span, inv.program);
    kit.flow(
      netSources,
      { kind: 'exec', program: e.code.trim().split(/\s+/)[0]?.split('/').pop() ?? 'sh' },
      e.word.span,
    );
  }
  return netStream(netSources);
};

const telnet: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'belnk' });
  const host = args.positionals[0];
  if (host === undefined) return undefined;
  const port = args.positionals[1]?.text;
  const src = reach(
    kit,
    inv,
    host,
    {
      host: host.text.toLowerCase(),
      port: port && /^[0-9]+$/.test(port) ? Number(port) : 23,
      scheme: 'telnet',
    },
    !inv.stdin.interactive,
    stdinSources(inv),
  );
  kit.egress(inv.stdin, []);
  return netStream([src]);
};

const SSH_SHORT = 'bcDEeFIiJLlmOopQRSWw';

/** `-o ProxyCommand=...` / `-o LocalCommand ...` run local commands. */
function sshOptions(kit: Toolkit, inv: Invocation, values: readonly Word[]): void {
  for (const v of values) {
    const m = /^(ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)\s*[= ]\s*(.*)$/is.exec(v.text);
    if (m === null || m[2]!.trim() === '' || m[2]!.trim().toLowerCase() === 'none') continue;
    const key = m[1]!.toLowerCase();
    // ssh runs the local ones as `sh -c "exec CMD"` (so `;sh` is valid); RemoteCommand runs on the host.
    if (key === 'remotecommand') kit.nested(m[2]!, 'bash', v.span, inv.program);
    else kit.nested('exec ' + m[2]!, 'bash', v.span, `${inv.program} ${m[1]!}`);
  }
}

const ssh: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: SSH_SHORT, stopAtPositional: true });
  for (const v of optionValues(args, '-i', '-F')) kit.read(v, inv.program);
  sshOptions(kit, inv, optionValues(args, '-o'));
  const dest = inv.argv[args.rest];
  if (dest === undefined) return undefined;
  const remote = inv.argv.slice(args.rest + 1);
  const portText = optionValues(args, '-p')[0]?.text;
  const addr = addressOf(dest, dest.text.includes('://') ? undefined : 'ssh');
  if (addr === null) return undefined;
  const port = portText !== undefined && /^[0-9]+$/.test(portText) ? Number(portText) : addr.port;
  const sent = mergeSources(stdinSources(inv), wordSources(remote));
  const src = reach(kit, inv, dest, { ...addr, port }, remote.length > 0 || !inv.stdin.interactive, sent);
  kit.egress(inv.stdin, remote);
  if (remote.length > 0) {
    const code = remote.map((w) => w.text).join(' ');
    const at: Span = { start: remote[0]!.span.start, end: remote[remote.length - 1]!.span.end };
    kit.nested(code, 'bash', at, inv.program);
  }
  return netStream([src]);
};

const PROTECTED_MIRROR =
  /^(?:|~|\$HOME|\/home\/[^/]+|~\/\.[^/]+|\/(?:etc|usr|bin|sbin|lib|lib32|lib64|boot|var|opt|root|home|srv|dev|sys|proc))$/;

/** A source named as holding nothing (`/tmp/empty/`, `/dev/null`): mirrored with --delete, it empties the destination. */
export const EMPTY_MIRROR = /^(?:\/dev\/null|(?:.*\/)?(?:empty|blank|nothing|void|null)(?:[-_.]?\w*)?\/?)$/i;

/** scp / rsync: remote `host:path` operands; local sources are read and, to a remote, sent. */
function copyRemote(short: string, long: readonly string[]): ProgramHandler {
  return (inv, kit) => {
    const args = parseArgs(inv.argv, { short, long });
    for (const v of optionValues(args, '-i', '-F')) if (inv.program === 'scp') kit.read(v, inv.program);
    sshOptions(kit, inv, optionValues(args, '-o'));
    for (const v of optionValues(args, '-S', '-e', '--rsh', '--rsync-path'))
      kit.nested(v.text, 'bash', v.span, inv.program);
    for (const v of optionValues(args, '--files-from', '--exclude-from', '--include-from', '--password-file'))
      kit.read(v, inv.program);
    const files = args.positionals;
    if (files.length === 0) return undefined;
    const recursive = hasOption(args, '-r', '-a', '--recursive', '--archive');
    const dest = files.length > 1 ? files[files.length - 1]! : undefined;
    const sources = dest === undefined ? files : files.slice(0, -1);
    const destRemote = dest === undefined ? null : remotePath(dest.text);
    let local: readonly DataSource[] = NO_SOURCES;
    const fetched: DataSource[] = [];
    // rsync --remove-source-files: each local source is deleted once sent (a move, #21).
    const removes = inv.program === 'rsync' && hasOption(args, '--remove-source-files');
    for (const s of sources) {
      const r = remotePath(s.text);
      if (r === null) {
        local = mergeSources(local, kit.read(s, inv.program));
        if (removes && dest !== undefined) kit.fileOp(s, inv.program, 'delete', recursive);
      } else fetched.push(reach(kit, inv, s, { host: r.host, port: 22, scheme: 'ssh' }, false, NO_SOURCES));
    }
    if (dest !== undefined) {
      if (destRemote !== null)
        reach(kit, inv, dest, { host: destRemote.host, port: 22, scheme: 'ssh' }, true, local);
      else {
        kit.write(dest, inv.program, 'write', mergeSources(local, fetched), recursive);
        // --delete*: whatever the sources lack is removed under the destination, so an empty source
        // wipes it. Only a home, a system top directory or a dot-directory of home is judged a delete:
        // mirroring into an ordinary directory is what --delete is for.
        if (
          args.options.some((o) => o.name.startsWith('--delete')) &&
          !hasOption(args, '-n', '--dry-run') &&
          (PROTECTED_MIRROR.test(dest.text.replace(/\/+$/, '')) ||
            sources.some((x) => EMPTY_MIRROR.test(x.text)))
        )
          kit.fileOp(dest, inv.program, 'delete', true);
      }
    }
    return EMPTY_PIPE;
  };
}

/**
 * gh: subcommands that upload local files to GitHub (gist create/edit, release upload, api with
 * a file field or --input). A gist, public or secret, is readable by anyone with its URL (#21).
 */
const gh: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'dfFRtn',
    long: ['--desc', '--filename', '--repo', '--field', '--raw-field', '--input', '--method', '--title'],
  });
  const [group, verb] = args.positionals.map((w) => w.text);
  const files: Word[] = [];
  if (group === 'gist' && (verb === 'create' || verb === 'new' || verb === 'edit'))
    files.push(...args.positionals.slice(verb === 'edit' ? 3 : 2));
  else if (group === 'release' && verb === 'upload') files.push(...args.positionals.slice(3));
  else if (group === 'release' && verb === 'create')
    files.push(...args.positionals.slice(3).filter((w) => !w.text.startsWith('-')));
  else if (group === 'api') {
    for (const v of optionValues(args, '--input')) files.push(v);
    for (const v of optionValues(args, '-F', '--field')) {
      const at = v.text.indexOf('=@');
      if (at > 0) files.push({ ...v, text: v.text.slice(at + 2) });
    }
  }
  if (files.length === 0) return undefined;
  let sent: readonly DataSource[] = NO_SOURCES;
  for (const f of files) sent = mergeSources(sent, f.text === '-' ? inv.stdin.sources : kit.read(f, 'gh'));
  const host = group === 'gist' ? 'gist.github.com' : 'api.github.com';
  reach(kit, inv, inv.argv[0]!, { host, port: 443, scheme: 'https' }, true, sent);
  return EMPTY_PIPE;
};

/**
 * ftp/sftp/lftp/smbclient command scripts: `put`/`mput`/`send`/`append` upload local files to the
 * host, `get` downloads, `!CMD` runs a local shell command.
 */
function transferScript(kit: Toolkit, inv: Invocation, script: Word, host: string): void {
  for (const line of script.text.split(/[\n;]/)) {
    const words = line.trim().split(/\s+/);
    const cmd = words[0]?.toLowerCase() ?? '';
    if (cmd.startsWith('!')) {
      const command = line.trim().slice(1).trim();
      kit.nested(command === '' ? 'sh' : command, 'bash', script.span, inv.program);
    } else if (
      host !== '' &&
      (cmd === 'put' || cmd === 'mput' || cmd === 'send' || cmd === 'append') &&
      words[1]
    ) {
      for (const file of cmd === 'mput' ? words.slice(1) : [words[1]]) {
        const sources = kit.read({ ...script, text: file, dynamic: false, sources: [] }, inv.program);
        kit.flow(sources, { kind: 'net', host }, script.span);
      }
    }
  }
}

const sftp: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'BbcDFiJloPRsS', stopAtPositional: true });
  for (const v of optionValues(args, '-b', '-i', '-F')) kit.read(v, inv.program);
  sshOptions(kit, inv, optionValues(args, '-o'));
  const dest = inv.argv[args.rest];
  if (dest === undefined) {
    // `echo '!/bin/sh' | ftp`: no host yet, but the script's shell escapes still run.
    if (!inv.stdin.interactive && inv.stdin.text !== null)
      transferScript(
        kit,
        inv,
        { ...inv.argv[0]!, text: inv.stdin.text, span: inv.stdin.textSpan ?? inv.span },
        '',
      );
    return undefined;
  }
  const addr = parseNetAddress(dest.text, inv.program === 'ftp' ? 'ftp' : 'sftp');
  if (addr === null) return undefined;
  reach(kit, inv, dest, addr, !inv.stdin.interactive, stdinSources(inv));
  kit.egress(inv.stdin, []);
  if (!inv.stdin.interactive && inv.stdin.text !== null)
    transferScript(
      kit,
      inv,
      { ...dest, text: inv.stdin.text, span: inv.stdin.textSpan ?? inv.span },
      addr.host,
    );
  return undefined;
};

/** `smbclient //HOST/SHARE -c 'put FILE'` (commands also on stdin). */
const smbclient: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'cUWpAIOnsldDTM',
    long: ['--command', '--user', '--workgroup', '--port', '--authentication-file', '--directory'],
  });
  for (const v of optionValues(args, '-A', '--authentication-file')) kit.read(v, inv.program);
  const service = args.positionals.find((w) => w.text.startsWith('//') || w.text.startsWith('\\\\'));
  if (service === undefined) return undefined;
  const host = service.text
    .replace(/^[/\\]{2}/, '')
    .split(/[/\\]/)[0]!
    .toLowerCase();
  const commands = optionValues(args, '-c', '--command');
  const sends = commands.length > 0 || !inv.stdin.interactive;
  reach(kit, inv, service, { host, port: 445, scheme: 'smb' }, sends, stdinSources(inv));
  for (const c of commands) transferScript(kit, inv, c, host);
  if (!inv.stdin.interactive && inv.stdin.text !== null)
    transferScript(kit, inv, { ...service, text: inv.stdin.text }, host);
  return undefined;
};

/** `tftp HOST -c put FILE` (tftp-hpa) / `tftp -p -l FILE HOST` (busybox). */
const tftp: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, { short: 'lrmRcv', stopAtPositional: false });
  const c = inv.argv.findIndex((w) => w.text === '-c');
  const hostWord = args.positionals[0];
  if (hostWord === undefined) return undefined;
  const host = hostWord.text.toLowerCase();
  const sends = c !== -1 || hasOption(args, '-p');
  reach(kit, inv, hostWord, { host, port: 69, scheme: 'tftp' }, sends, NO_SOURCES);
  if (c !== -1)
    transferScript(
      kit,
      inv,
      {
        ...inv.argv[c + 1]!,
        text: inv.argv
          .slice(c + 1)
          .map((w) => w.text)
          .join(' '),
      },
      host,
    );
  if (hasOption(args, '-p'))
    for (const l of optionValues(args, '-l'))
      kit.flow(kit.read(l, inv.program), { kind: 'net', host }, l.span);
  return undefined;
};

const DNS_TYPES = new Set([
  'a',
  'aaaa',
  'txt',
  'mx',
  'ns',
  'any',
  'cname',
  'soa',
  'ptr',
  'srv',
  'caa',
  'in',
  'ch',
  'axfr',
  'ixfr',
  'hosts',
]);

/** dig / nslookup / host / ping ...: every name they resolve; a name carrying data is DNS exfiltration. */
export function resolver(short: string): ProgramHandler {
  return (inv, kit) => {
    const args = parseArgs(inv.argv, { short });
    const fetched: DataSource[] = [];
    let first = true;
    for (const p of args.positionals) {
      let text = p.text;
      if (text.startsWith('+')) continue;
      if (text.startsWith('@')) text = text.slice(1);
      else if (DNS_TYPES.has(text.toLowerCase())) continue;
      else if (!first && (inv.program === 'nslookup' || inv.program === 'host')) {
        // second operand is the server
      }
      first = false;
      const addr = addressOf(text === p.text ? p : { ...p, text });
      if (addr !== null) fetched.push(reach(kit, inv, p, addr, p.sources.length > 0, NO_SOURCES));
    }
    for (const o of args.options) {
      if (o.value === undefined) continue;
      if (o.name === '-f' || o.name === '-k') kit.read(o.value, inv.program);
      else if (o.value.sources.length > 0) {
        // ping -p PATTERN and friends carry bytes in the packets.
        for (const f of fetched)
          if (f.kind === 'net') kit.flow(o.value.sources, { kind: 'net', host: f.host }, o.value.span);
      }
    }
    return netStream(fetched);
  };
}

/** HTTPie and xh: `http [METHOD] URL [items]`. */
const httpie: ProgramHandler = (inv, kit) => {
  const args = parseArgs(inv.argv, {
    short: 'aAovp',
    long: [
      '--auth',
      '--auth-type',
      '--output',
      '--raw',
      '--session',
      '--verify',
      '--cert',
      '--cert-key',
      '--print',
      '--proxy',
    ],
  });
  const pos = args.positionals.slice();
  if (pos[0] !== undefined && /^[A-Z]+$/.test(pos[0].text)) pos.shift();
  const url = pos.shift();
  if (url === undefined) return undefined;
  let sent: readonly DataSource[] = mergeSources(url.sources, NO_SOURCES);
  let sends = false;
  for (const item of pos) {
    const t = item.text;
    const m = /^([^=:@]*)(==|:=@|=@|:=|=|@|:)(.*)$/s.exec(t);
    if (m === null) continue;
    const [, , sep, value] = m;
    if (sep === '@' || sep === '=@' || sep === ':=@') {
      sends = true;
      sent = mergeSources(sent, kit.read({ ...item, text: value! }, inv.program));
    } else {
      if (sep !== '==' && sep !== ':') sends = true;
      sent = mergeSources(sent, item.sources);
    }
  }
  for (const v of optionValues(args, '--raw')) {
    sends = true;
    sent = mergeSources(sent, v.sources);
  }
  if (!inv.stdin.interactive && !hasOption(args, '--ignore-stdin', '-I')) {
    sends = true;
    sent = mergeSources(sent, inv.stdin.sources);
    kit.egress(inv.stdin, []);
  }
  if (sends) kit.egress(null, inv.argv);
  let text = url.text;
  if (text.startsWith(':')) text = 'localhost' + text;
  const scheme = inv.program === 'https' || inv.program === 'xhs' ? 'https' : 'http';
  const addr = parseNetAddress(text, scheme);
  if (addr === null) return undefined;
  const src = reach(kit, inv, url, addr, sends, sent, text.includes('://') ? text : scheme + '://' + text);
  const out = optionValues(args, '-o', '--output')[0];
  if (out !== undefined) kit.write(out, inv.program, 'write', [src]);
  return netStream([src]);
};

export const NET_HANDLERS: Readonly<Record<string, ProgramHandler>> = {
  curl,
  wget,
  nc,
  ncat: nc,
  netcat: nc,
  socat,
  telnet,
  ssh,
  scp: copyRemote('cFiJloPS', []),
  rsync: copyRemote('eBfTM', [
    '--rsh',
    '--rsync-path',
    '--exclude',
    '--include',
    '--files-from',
    '--exclude-from',
    '--include-from',
    '--password-file',
    '--filter',
    '--temp-dir',
    '--partial-dir',
    '--chown',
    '--chmod',
  ]),
  sftp,
  gh,
  ftp: sftp,
  lftp: sftp,
  smbclient,
  tftp,
  dig: resolver('bcfkpqtxy'),
  nslookup: resolver(''),
  host: resolver('cNRtW'),
  drill: resolver('ckpqt'),
  ping: resolver('cilIMmpQsStTwW'),
  ping6: resolver('cilIMmpQsStTwW'),
  fping: resolver('bcCiIOpqrtS'),
  traceroute: resolver('fgimMNpqswz'),
  tracepath: resolver('lmp'),
  mtr: resolver('abBcfimPQsuZ'),
  whois: resolver('hp'),
  arping: resolver('cfIsw'),
  http: httpie,
  https: httpie,
  xh: httpie,
  xhs: httpie,
};
