/**
 * Docker Compose files: each service's privileged flag, volumes, host namespaces, capabilities,
 * security options and devices become a ContainerFact; `command`/`entrypoint` go back as bash.
 */
import { parse } from 'yaml';
import {
  boundDevice,
  boundPaths,
  emptyContainer,
  parseMount,
  parseVolume,
  type ContainerInit,
  type HostNamespace,
} from './cli.js';
import type { BuildContexts } from './dockerfile.js';
import { DEBUGGER, entrypointOf } from '../../knowledge/docker.js';
import { hostToolOf } from '../../knowledge/host-tools.js';
import { directProgram } from './direct-program.js';
import { authOff, publishedOnAll, serviceArgs } from './exposure.js';
import { openByDefault } from './open-defaults.js';
import { openShape } from './open-shapes.js';
import { openAuthFile } from './auth-files.js';
import { pinnedOutside } from './pinned-hosts.js';
import { heldSentOut } from './held-sent-out.js';
import { rcloneUpload } from './rclone-out.js';
import { commandsOf, shellQuote } from './shell-words.js';
import { readYamlLite } from './yaml-lite.js';
import type { Span } from '../../types.js';

export interface ComposeSink {
  container(init: ContainerInit, span: Span): void;
  /**
   * Code the service runs; `borrows` names what it shares another service's volumes through
   * (`volumes_from: [db]`, a named volume another service mounts): data it sends out is that data.
   */
  nested(code: string, span: Span, borrows?: string): void;
  /** An address the service's names resolve to (`extra_hosts`), as a URL. */
  net?(url: string, span: Span): void;
  /** A host file compose reads into a container (`env_file`, `configs`/`secrets` with `file:`). */
  read?(path: string, actor: string, span: Span): void;
  /** A service's `environment` entry or label as `NAME=value`, `field` naming where it sits. */
  literal?(text: string, field: string, span: Span): void;
  /** A Dockerfile written into the file (`build.dockerfile_inline`). */
  /** A Dockerfile written into the file (`build.dockerfile_inline`), with the build's host directories. */
  dockerfile?(text: string, span: Span, contexts?: BuildContexts): void;
  /** Data a service sends off the machine (`what`, to `to`): rclone-out.ts. */
  leak?(what: string, to: string, span: Span): void;
  /** Work budget (src/engine/budget.ts): false when the analysis must stop. */
  spend(units: number): boolean;
}

/** A named volume of the service whose mount point the command names (`pgdata:/data` + `backup /data`). */
function volumeRead(svc: Record<string, unknown>, words: readonly string[]): string | undefined {
  for (const v of strings(svc.volumes)) {
    const [name, target] = interpolate(v).split(':');
    if (name === undefined || target === undefined || !/^[A-Za-z0-9][\w.-]*$/.test(name)) continue;
    if (/(?:^|[_.-])(?:test|tests|dev|tmp|scratch|ci)(?:$|[_.-])/i.test(name) || !/^\/[\w.-]+/.test(target))
      continue;
    const at = target.replace(/\/+$/, '') + '/';
    if (words.some((w) => `${w}/`.includes(at))) return `data of the volume ${name}`;
  }
  return undefined;
}

/** The first rclone upload to a file-sharing account in shell code, one `sh -c` level down too. */
function rcloneInCode(code: string, env: readonly string[], depth = 0): [string, string] | undefined {
  for (const cmd of commandsOf(code)) {
    const words = cmd.map((w) => w.value);
    const at = words.findIndex((w) => w.split('/').pop() === 'rclone');
    if (at >= 0) {
      const up = rcloneUpload(words.slice(at + 1), env);
      if (up !== undefined) return up;
    }
    const c = words.indexOf('-c');
    if (
      depth === 0 &&
      c > 0 &&
      /^(?:\/bin\/)?(?:sh|bash|ash|dash)$/.test(words[c - 1]!) &&
      words[c + 1] !== undefined
    ) {
      const inner = rcloneInCode(words[c + 1]!, env, 1);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

/** The text is a compose file: a top-level `services:` mapping. */
export const isCompose = (text: string): boolean =>
  /^services[ \t]*:/m.test(text) ||
  /^\s*\{\s*"services"\s*:/.test(text) ||
  /^\s*services\s*:\s*\{/.test(text);

/**
 * Compose variable interpolation with what the file itself says (issue 22): `${VAR:-default}` and
 * `${VAR-default}` become the default (what compose uses when VAR is unset), `$$` a dollar.
 */
function interpolate(value: string): string {
  return value.replace(/\$\{[A-Za-z_]\w*:?[-?]([^}]*)\}/g, '$1').replace(/\$\$/g, '$');
}

const TRUE = /^(?:true|yes|on|y|1)$/i;

const NS_KEYS: Readonly<Record<string, HostNamespace>> = {
  network_mode: 'net',
  pid: 'pid',
  ipc: 'ipc',
  userns_mode: 'userns',
  uts: 'uts',
  cgroup: 'cgroupns',
};

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** First position of each indented `name:` key line (one pass; a regex per service was quadratic). */
function indentedKeys(text: string): Map<string, { start: number; end: number }> {
  const out = new Map<string, { start: number; end: number }>();
  const re = /^[ \t]+(["']?)([^\s"':#][^"':\n]*?)\1[ \t]*:/gm;
  for (let m = re.exec(text); m !== null; m = re.exec(text))
    if (!out.has(m[2]!)) out.set(m[2]!, { start: m.index, end: m.index + m[0].length });
  return out;
}

/**
 * Top-level named volumes whose local driver binds a host directory (`driver_opts: {type: none,
 * o: bind, device: /}`): name → that directory. A service mounting one mounts the directory.
 */
function boundVolumes(volumes: Record<string, unknown> | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, v] of Object.entries(volumes ?? {})) {
    const opts = asRecord(asRecord(v)?.driver_opts);
    if (!opts) continue;
    const m = new Map<string, string>();
    for (const [k, x] of Object.entries(opts))
      if (typeof x === 'string' || typeof x === 'number') m.set(k.toLowerCase(), interpolate(String(x)));
    const device = boundDevice(m);
    if (device !== undefined) out.set(name, device);
  }
  return out;
}

/** `NAME:/target[:ro]` of a named volume in `bound`. */
function namedBound(spec: string, bound: ReadonlyMap<string, string>): ReturnType<typeof parseVolume> {
  const parts = spec.split(':');
  const device = bound.get(parts[0] ?? '');
  if (device === undefined || parts.length < 2) return undefined;
  const opts = (parts[2] ?? '').split(',');
  return { source: device, target: parts[1]!, readOnly: opts.includes('ro') || opts.includes('readonly') };
}

/** `name:ip` / `name=ip` list entries or a `name: ip` mapping of extra_hosts. */
function hostEntries(v: unknown): [string, string][] {
  if (!Array.isArray(v)) return Object.entries(asRecord(v) ?? {}).map(([k, x]) => [k, String(x)]);
  return strings(v).map((e) => {
    const m = /^([^:=]+)[:=](.*)$/.exec(e);
    return m ? [m[1]!, m[2]!.replace(/^\[|\]$/g, '')] : [e, ''];
  });
}

export const hostUrl = (ip: string): string => (ip.includes(':') ? `http://[${ip}]/` : `http://${ip}/`);

/** `KEY=value` pairs of a compose list (`- KEY=value`) or mapping (`KEY: value`); empty values left out. */
function pairs(v: unknown): [string, string][] {
  const out: [string, string][] = [];
  if (Array.isArray(v)) {
    for (const x of v) {
      if (typeof x !== 'string') continue;
      const eq = x.indexOf('=');
      if (eq > 0 && eq < x.length - 1) out.push([x.slice(0, eq), x.slice(eq + 1)]);
    }
  } else {
    for (const [k, x] of Object.entries(asRecord(v) ?? {}))
      if ((typeof x === 'string' && x !== '') || typeof x === 'number') out.push([k, String(x)]);
  }
  return out;
}

/** A service open to every interface with its authentication off (exposure.ts), or undefined. */
/** A service's `ports` as `-p` specs (long syntax `{host_ip, published, target}` included). */
function composePorts(svc: Record<string, unknown>): string[] {
  const ports: string[] = [];
  for (const p of Array.isArray(svc.ports) ? svc.ports : []) {
    if (typeof p === 'string' || typeof p === 'number') ports.push(interpolate(String(p)));
    else {
      const o = asRecord(p);
      const published = o?.published;
      if (typeof published !== 'string' && typeof published !== 'number') continue;
      const ip = typeof o?.host_ip === 'string' ? interpolate(o.host_ip) : '';
      ports.push(
        `${ip.includes(':') ? `[${ip}]` : ip}:${published}:${typeof o?.target === 'number' ? o.target : ''}`,
      );
    }
  }
  return ports;
}

function composeOpen(svc: Record<string, unknown>, c: ContainerInit): string | undefined {
  const env: string[] = [];
  const raw = svc.environment;
  if (Array.isArray(raw)) env.push(...strings(raw).map(interpolate));
  else
    for (const [k, v] of Object.entries(asRecord(raw) ?? {}))
      env.push(`${k}=${typeof v === 'string' || typeof v === 'number' ? interpolate(String(v)) : ''}`);
  const cmd = svc.command;
  const words =
    typeof cmd === 'string'
      ? interpolate(cmd)
          .split(/\s+/)
          .filter((w) => w !== '')
      : strings(cmd).map(interpolate);
  const ports = composePorts(svc);
  const where = c.hostNamespaces.includes('net') ? 'the host network' : publishedOnAll(ports);
  if (where === undefined) return undefined;
  const args = serviceArgs(env, words);
  const setting =
    authOff(env, args) ??
    openShape(env, args, ports, typeof svc.image === 'string' ? interpolate(svc.image) : undefined) ??
    openByDefault(
      typeof svc.image === 'string' ? interpolate(svc.image) : undefined,
      env,
      args,
      c.mounts.map((m) => m.target),
      svc.env_file !== undefined,
    ) ??
    openAuthFile(c.mounts);
  return setting === undefined ? undefined : `${setting}, published on ${where}`;
}

/** The shell code of a healthcheck `test`: a string, `[CMD-SHELL, code]` or `[CMD, argv...]`. */
function healthcheck(test: unknown): string | undefined {
  if (typeof test === 'string') return test;
  const argv = strings(test);
  if (argv[0] === 'CMD-SHELL') return argv.slice(1).join(' ') || undefined;
  if (argv[0] === 'CMD' && argv.length > 1) return argv.slice(1).map(shellQuote).join(' ');
  return undefined;
}

/** The volume name of a `NAME:/target` entry (not a host path), or undefined. */
function namedVolume(spec: string): string | undefined {
  const m = /^([A-Za-z0-9][\w.-]*):\//.exec(spec);
  return m === null ? undefined : m[1];
}

function namedVolumeUsers(services: Record<string, unknown>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [name, raw] of Object.entries(services)) {
    for (const v of strings(asRecord(raw)?.volumes)) {
      const vol = namedVolume(interpolate(v));
      if (vol === undefined) continue;
      const list = out.get(vol) ?? [];
      if (list.length < 8 && !list.includes(name)) list.push(name);
      out.set(vol, list);
    }
  }
  return out;
}

/**
 * The service's code with the `environment` values it names set first (`command: sh -c "$${CMD}"`
 * runs CMD from the environment; r6): `export NAME='value'; code`.
 */
function withEnvironment(code: string, environment: unknown): string {
  if (!code.includes('$')) return code;
  let prefix = '';
  for (const [k, v] of pairs(environment))
    if (prefix.length < 65536 && /^[A-Za-z_]\w*$/.test(k) && new RegExp(String.raw`\$\{?${k}\b`).test(code))
      prefix += `export ${k}=${shellQuote(interpolate(v))}; `;
  return prefix + code;
}

/** Host directories a build reads: `context` and the local `additional_contexts` (not images or URLs). */
function buildContexts(build: Record<string, unknown>): BuildContexts {
  const named = new Map<string, string>();
  const local = (p: string): boolean => !/^[a-z][\w+.-]*:/i.test(p);
  const extra = build.additional_contexts;
  const entries: [string, string][] = Array.isArray(extra)
    ? strings(extra).flatMap((e) => {
        const eq = e.indexOf('=');
        return eq > 0 ? [[e.slice(0, eq), e.slice(eq + 1)] as [string, string]] : [];
      })
    : pairs(extra);
  for (const [k, v] of entries.slice(0, 16)) if (local(interpolate(v))) named.set(k, interpolate(v));
  const main = typeof build.context === 'string' ? interpolate(build.context) : undefined;
  return { named, ...(main !== undefined && local(main) && { main }) };
}

/** Returns false when the YAML does not parse (the caller then treats the text as command lines). */
export function analyzeCompose(text: string, sink: ComposeSink): boolean {
  let doc: unknown;
  try {
    // uniqueKeys: false skips the yaml library's duplicate-key check, quadratic in a map's size
    // (a 256 KB file of services took seconds); docker compose itself rejects duplicate keys.
    doc = readYamlLite(text) ?? parse(text, { maxAliasCount: 50, uniqueKeys: false, merge: true });
  } catch {
    return false;
  }
  const services = asRecord(asRecord(doc)?.services);
  if (!services) return false;
  const keyLines = indentedKeys(text);
  const bound = boundVolumes(asRecord(asRecord(doc)?.volumes));
  // Which services mount each named volume: one mounting another's volume has its data.
  const users = namedVolumeUsers(services);
  const borrowed = (svc: Record<string, unknown>, name: string): string | undefined => {
    const from = strings(svc.volumes_from).map(interpolate);
    if (from.length > 0) return `volumes_from ${from.join(', ')}`;
    for (const v of strings(svc.volumes)) {
      const vol = namedVolume(interpolate(v));
      const other = vol === undefined ? undefined : users.get(vol)?.find((s) => s !== name);
      if (other !== undefined) return `volume ${vol} of ${other}`;
    }
    return undefined;
  };
  // Top-level configs and secrets read from host files: whatever service uses them gets the file.
  for (const key of ['configs', 'secrets'] as const)
    for (const [name, v] of Object.entries(asRecord(asRecord(doc)?.[key]) ?? {})) {
      const file = asRecord(v)?.file;
      if (typeof file === 'string')
        sink.read?.(
          interpolate(file),
          `compose ${key}`,
          indentedKeys(text).get(name) ?? { start: 0, end: text.length },
        );
    }
  for (const [name, raw] of Object.entries(services)) {
    const svc = asRecord(raw);
    if (!svc) continue;
    if (!sink.spend(8)) return true;
    const keyAt = keyLines.get(name);
    const start = keyAt?.start ?? 0;
    const span = { start, end: keyAt?.end ?? text.length };
    const c = emptyContainer();
    // `${PRIV:-true}` is true when PRIV is unset; YAML 1.1 spellings (yes, on) are read as docker would.
    if (
      svc.privileged === true ||
      (typeof svc.privileged === 'string' && TRUE.test(interpolate(svc.privileged)))
    )
      c.privileged = true;
    if (typeof svc.image === 'string') c.image = svc.image;
    if (typeof svc.user === 'string' || typeof svc.user === 'number') c.user = String(svc.user);
    for (const v of Array.isArray(svc.volumes) ? svc.volumes : []) {
      if (typeof v === 'string') {
        const m = parseVolume(interpolate(v)) ?? namedBound(interpolate(v), bound);
        if (m) c.mounts.push(m);
      } else {
        const o = asRecord(v);
        if (o && (o.type === 'bind' || typeof o.source === 'string')) {
          const text = (x: unknown): string => (typeof x === 'string' ? x : '');
          const source = interpolate(text(o.source));
          const m = parseMount(
            `type=${bound.has(source) ? 'volume' : text(o.type) || 'bind'},source=${source},target=${text(o.target)},readonly=${String(o.read_only === true)}`,
            bound,
          );
          if (m) c.mounts.push(m);
        }
      }
    }
    // A lifecycle hook marked privileged runs its command with every capability.
    for (const key of ['post_start', 'pre_stop'] as const)
      for (const hook of Array.isArray(svc[key]) ? svc[key] : []) {
        const p = asRecord(hook)?.privileged;
        if (p === true || (typeof p === 'string' && TRUE.test(interpolate(p)))) c.privileged = true;
      }
    for (const [key, ns] of Object.entries(NS_KEYS)) {
      const mode = typeof svc[key] === 'string' ? interpolate(svc[key]) : undefined;
      if (mode === 'host' && !c.hostNamespaces.includes(ns)) c.hostNamespaces.push(ns);
    }
    // A known host tool (knowledge/host-tools.ts) running its own entrypoint, as docker run reads it.
    // Its entrypoint script runs a first command word that is not an option (`sh -c ...`) instead.
    if (svc.entrypoint === undefined && typeof svc.image === 'string') {
      const cmd: unknown = Array.isArray(svc.command) ? svc.command[0] : svc.command;
      const first = typeof cmd === 'string' ? cmd.trim().split(/\s+/)[0] : cmd === undefined ? '' : 'x';
      const exposed = c.hostNamespaces.includes('net') || publishedOnAll(composePorts(svc)) !== undefined;
      const tool = hostToolOf(interpolate(svc.image), first, exposed);
      if (tool !== undefined) c.hostTool = tool;
      // A command in exec form, or a string without shell syntax, runs its first word directly.
      const direct = Array.isArray(svc.command) || (typeof cmd === 'string' && !/[;&|<>$`()\\]/.test(cmd));
      const runs =
        direct && first !== undefined ? directProgram(interpolate(svc.image), undefined, first) : undefined;
      if (runs !== undefined) c.runs = runs;
    } else if (svc.entrypoint === undefined && svc.build !== undefined) {
      // The project's own image running a debugger on its code (R15 twin: `command: dlv debug
      // --headless --listen=127.0.0.1:2345 ./cmd/api`): the debugger is the program that runs.
      const cmd: unknown = Array.isArray(svc.command) ? svc.command[0] : svc.command;
      const first = typeof cmd === 'string' ? cmd.trim().split(/\s+/)[0] : undefined;
      if (first !== undefined && DEBUGGER.test(first)) c.runs = first;
    }
    for (const cap of strings(svc.cap_add))
      c.capAdd.push(interpolate(cap).toUpperCase().replace(/^CAP_/, ''));
    c.securityOpt.push(...strings(svc.security_opt).map(interpolate));
    for (const r of strings(svc.device_cgroup_rules)) c.devices.push(`cgroup-rule:${r}`);
    for (const d of Array.isArray(svc.devices) ? svc.devices : []) {
      if (typeof d === 'string') c.devices.push(d.split(':')[0]!);
      else if (typeof asRecord(d)?.source === 'string') c.devices.push(asRecord(d)!.source as string);
    }
    const open = composeOpen(svc, c);
    if (open !== undefined) c.unauthenticated = open;
    const pinned = pinnedOutside(hostEntries(svc.extra_hosts));
    if (pinned !== undefined) c.pinnedHosts = pinned;
    sink.container(c, span);
    // `extra_hosts: ['api.internal:169.254.169.254']`: requests to the name go to that address.
    for (const [, ip] of hostEntries(svc.extra_hosts))
      if (/^[\d.]+$|:/.test(ip)) sink.net?.(hostUrl(ip), span);
    const envFiles =
      typeof svc.env_file === 'string' ? [svc.env_file] : Array.isArray(svc.env_file) ? svc.env_file : [];
    for (const e of envFiles) {
      const path = typeof e === 'string' ? e : asRecord(e)?.path;
      if (typeof path === 'string') sink.read?.(interpolate(path), 'compose env_file', span);
    }
    if (sink.literal !== undefined) {
      for (const key of ['environment', 'labels'] as const)
        for (const [k, v] of pairs(svc[key])) sink.literal(`${k}=${v}`, `${key} ${k}`, span);
      for (const [k, v] of pairs(asRecord(svc.build)?.args))
        sink.literal(`${k}=${v}`, `build.args ${k}`, span);
    }
    const code = (v: unknown): string | undefined =>
      typeof v === 'string'
        ? v
        : Array.isArray(v) && v.length > 0
          ? strings(v).map(shellQuote).join(' ')
          : undefined;
    const entry = code(svc.entrypoint);
    const cmd = code(svc.command);
    // An image whose entrypoint is a CLI (cloudflare/cloudflared, alpine/git) runs it with the command.
    const first = entry === undefined && cmd !== undefined ? /^\S+/.exec(cmd)?.[0] : undefined;
    const client =
      first !== undefined && typeof svc.image === 'string'
        ? entrypointOf(interpolate(svc.image), first.replace(/^(["'])(.*)\1$/, '$2'))
        : undefined;
    const run = [entry ?? (client !== undefined && client !== first ? client : undefined), cmd]
      .filter((x): x is string => x !== undefined)
      .join(' ');
    // Paths below a bind mount's target are the host's (`./:/src` + `tar czf - /src | curl -T -`): R8.
    const hosts = boundPaths(c.mounts);
    if (run !== '')
      sink.nested(withEnvironment(hosts(interpolate(run)), svc.environment), span, borrowed(svc, name));
    // `NODE_OPTIONS=--require /hook/h.js` (or `--import URL`): every node the service starts loads it
    // first, whatever its command; read as the shell reads the variable (bash walker #nodeOptions).
    const nodeOptions = pairs(svc.environment).find(([k]) => k === 'NODE_OPTIONS')?.[1];
    if (
      nodeOptions !== undefined &&
      /(?:^|\s)(?:--require|-r|--import|--loader|--experimental-loader)\b/.test(nodeOptions)
    )
      sink.nested(`NODE_OPTIONS=${shellQuote(hosts(interpolate(nodeOptions)))} node`, span);
    // rclone uploading a mounted volume to a file-sharing account, as `docker run` is read (rclone-out.ts; R22 sidecar).
    const up =
      run !== '' && /\brclone\b/.test(run) && strings(svc.volumes).length > 0
        ? rcloneInCode(
            interpolate(run),
            pairs(svc.environment).map(([k, v]) => `${k}=${v}`),
          )
        : undefined;
    if (up !== undefined) sink.leak?.(up[0], up[1], span);
    // Held volume data or a mounted login sent to an outside place, whatever the image (held-sent-out.ts).
    const words = Array.isArray(svc.command)
      ? strings(svc.command).map(interpolate)
      : cmd === undefined
        ? []
        : interpolate(cmd)
            .split(/\s+/)
            .filter((w) => w !== '');
    const held =
      entry === undefined
        ? heldSentOut(words, client, borrowed(svc, name) ?? volumeRead(svc, words), c.mounts)
        : undefined;
    if (held !== undefined) sink.leak?.(held.what, held.to, span);
    // Healthchecks and lifecycle hooks run commands in the container too (red team r3).
    const check = healthcheck(asRecord(svc.healthcheck)?.test);
    if (check !== undefined) sink.nested(hosts(check), span);
    for (const key of ['post_start', 'pre_stop'] as const)
      for (const hook of Array.isArray(svc[key]) ? svc[key] : []) {
        const h = code(asRecord(hook)?.command);
        if (h !== undefined) sink.nested(hosts(h), span);
      }
    const build = asRecord(svc.build);
    if (typeof build?.dockerfile_inline === 'string')
      sink.dockerfile?.(build.dockerfile_inline, span, buildContexts(build));
    // `build.network: host` gives the build's RUN steps the host's network (`docker build --network host`).
    if (typeof build?.network === 'string' && interpolate(build.network) === 'host') {
      const b = emptyContainer();
      b.hostNamespaces.push('net');
      b.image = `build:${name}`;
      sink.container(b, span);
    }
  }
  return true;
}
