/**
 * The docker extractor: Dockerfiles, compose files and docker/podman command lines become
 * ContainerFacts, file and network facts; the code containers run re-enters the engine as bash.
 */
import { AgentGuardError } from '../../errors.js';
import { classifyHost } from '../net/address.js';
import { parseUnits } from '../budget.js';
import type { ContainerFact, Fact, FileOpFact, FlowFact, LiteralFact, NetOpFact } from '../facts.js';
import type { Span } from '../types.js';
import { analyzeDocker, isDockerProgram, type ContainerInit, type DockerSink } from './docker/cli.js';
import { analyzeCompose, isCompose } from './docker/compose.js';
import { analyzeDockerfile, isDockerfile, type BuildContexts, type BuildStep } from './docker/dockerfile.js';
import { expandWords, recordAssignments } from './docker/expand.js';
import { containerData, passesOn, stdinSender, trackSnapshots } from './docker/pipes.js';
import { copiedOut, sendsCopied } from './docker/copied-out.js';
import { remoteBuild, type Contexts } from './docker/remote-daemon.js';
import { lureUpstream } from './docker/proxy-target.js';
import { commandsOf } from './docker/shell-words.js';
import { AUTHORIZED_KEYS } from './docker/planted-keys.js';
import { RUNS_LATER_FILE } from './docker/planted-runners.js';
import { isVendorInstall } from './docker/vendor-installs.js';
import type { ExtractContext, Extractor } from './types.js';

export function containerFact(
  init: ContainerInit,
  span: Span,
  runtime: 'docker' | 'bash',
  depth: number,
): ContainerFact {
  return {
    kind: 'container',
    span,
    runtime,
    depth,
    privileged: init.privileged,
    mounts: init.mounts,
    hostNamespaces: init.hostNamespaces,
    capAdd: init.capAdd,
    securityOpt: init.securityOpt,
    devices: init.devices,
    ...(init.image !== undefined && { image: init.image }),
    ...(init.user !== undefined && { user: init.user }),
    ...(init.unauthenticated !== undefined && { unauthenticated: init.unauthenticated }),
    ...(init.pinnedHosts !== undefined && { pinnedHosts: init.pinnedHosts }),
    ...(init.unknownFlags !== undefined && { unknownFlags: init.unknownFlags }),
    ...(init.hostTool !== undefined && { hostTool: init.hostTool }),
    ...(init.runs !== undefined && { runs: init.runs }),
  };
}

/** A NetOpFact for a URL named by docker (ADD https://..., -H tcp://...). */
export function urlFact(
  url: string,
  span: Span,
  actor: string,
  depth: number,
  runtime: 'docker' | 'bash',
): NetOpFact | undefined {
  const m = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^:/?#]+)(?::(\d+))?/i.exec(url);
  if (!m) return undefined;
  return {
    kind: 'net',
    span,
    runtime,
    depth,
    host: m[2]!.toLowerCase().replace(/^\[|\]$/g, ''),
    ...(m[3] !== undefined && { port: Number(m[3]) }),
    url,
    scheme: m[1]!.toLowerCase(),
    direction: 'connect',
    sends: false,
    actor,
  };
}

/**
 * Text a Dockerfile bakes into the image (ENV/ARG/LABEL values, RUN lines: all kept in the image
 * config and `docker history`) or a compose file commits next to the code (environment, labels,
 * build args). DKR-AST-011 looks for literal credentials in it; `field` says where it sits.
 */
function imageLiteral(text: string, field: string, span: Span, depth: number): LiteralFact {
  return { kind: 'literal', span, runtime: 'docker', depth, text, egress: false, field };
}

function fileFact(
  path: string,
  op: 'read' | 'copy',
  role: 'source' | 'destination' | undefined,
  actor: string,
  span: Span,
  depth: number,
): FileOpFact {
  return {
    kind: 'file',
    span,
    runtime: 'docker',
    depth,
    op,
    path,
    recursive: false,
    actor,
    ...(role !== undefined && { role }),
    ...(/[$*?`]/.test(path) && { dynamic: true }),
  };
}

/**
 * Work units (src/engine/budget.ts) charged for what a parse does not show: each docker command
 * line and each of its words (a mount or flag is a fact every container rule reads), each
 * Dockerfile instruction handed back as code, and each byte of YAML (the yaml library runs at
 * about 1.5 µs a byte, fifteen times a plain parse). Measured with bench/worst-case.bench.ts.
 */
const COMMAND_UNITS = 400;
const WORD_UNITS = 24;
const INSTRUCTION_UNITS = 600;
const YAML_UNITS_PER_BYTE = 16;
/** Deepest `[`/`{` nesting a compose file may have: the yaml library slows down on deep flow collections. */
const MAX_FLOW_DEPTH = 64;

/** Whether `[`/`{` nest deeper than MAX_FLOW_DEPTH anywhere (quotes ignored: over-counting is safe). */
function tooDeep(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 91 || c === 123) {
      if (++depth > MAX_FLOW_DEPTH) return true;
    } else if ((c === 93 || c === 125) && depth > 0) depth--;
  }
  return false;
}

/** `via` of the programs a Dockerfile RUN/CMD/ENTRYPOINT starts inside the image. */
export const IMAGE_BUILD_VIA = 'docker build';

/**
 * A vendor's install script run by a build step (`RUN curl -fsSL https://deb.nodesource.com/setup_22.x
 * | bash -`, the documented NodeSource, rustup, uv and poetry installs): in the build's sandbox it
 * changes only the image being built (red team r3 FP). Scripts from other hosts, plain http, decoded
 * content, and steps with the host's network or a bind mount stay SH-AST-010's.
 */
function vendorInstall(f: Fact): boolean {
  if (f.kind !== 'flow' || f.from.kind !== 'net' || f.to.kind !== 'exec') return false;
  return f.from.url !== undefined && isVendorInstall(f.from.url);
}

/**
 * Code that runs inside the image changes the image's files, not the host's: its file writes,
 * deletes and mode changes are dropped. Reads, executions, flows and network facts stay (the
 * build's network is real: downloads run, reverse shells and metadata requests reach out).
 */
function inImageFacts(facts: readonly Fact[], step: BuildStep): readonly Fact[] {
  const secrets = step.secrets;
  const kept = facts.filter(
    (f) =>
      (f.kind !== 'file' && !(step.sandboxed && vendorInstall(f))) ||
      (f.kind === 'file' &&
        (f.op === 'execute' ||
          // An outside SSH key planted in authorized_keys: a login for whoever runs the image (r6).
          (step.plantsKey === true && f.op !== 'read' && f.op !== 'delete' && AUTHORIZED_KEYS.test(f.path)) ||
          // A download-and-run line planted where cron, a login shell or init runs it (R13).
          (step.plantsRunner === true &&
            f.op !== 'read' &&
            f.op !== 'delete' &&
            RUNS_LATER_FILE.test(f.path)) ||
          // A library every process of the image loads (planted-preload.ts, R16).
          (step.plantsPreload === true &&
            f.op !== 'read' &&
            f.op !== 'delete' &&
            f.path === '/etc/ld.so.preload') ||
          // A BuildKit secret mount is read where the build needs it (`RUN --mount=type=secret,id=npm
          // NPM_TOKEN=$(cat /run/secrets/npm) npm ci`): the intended use, not a leak. Sending it out is
          // still a flow to the network, which SEC-AST-010 reads.
          (f.op === 'read' && !secrets.includes(f.path)))),
  );
  if (secrets.length === 0) return kept;
  // The programs given the secret's path (`cat /run/secrets/npm`) are given the build's own input.
  return kept.map((f) => {
    if (f.kind !== 'exec' || !f.argv.some((a) => secrets.some((p) => a.includes(p)))) return f;
    const argv = f.argv.map((a) => secrets.reduce((x, p) => x.split(p).join(`buildkit-secret:${p}`), a));
    return { ...f, argv };
  });
}

/**
 * Facts of a Dockerfile, pushed onto `facts`. `place` turns the Dockerfile's spans into the input's
 * (a compose file's `dockerfile_inline` places every span at its service).
 */
function dockerfileFacts(
  text: string,
  ctx: ExtractContext,
  facts: Fact[],
  place: (s: Span) => Span = (s) => s,
  contexts?: BuildContexts,
): void {
  const map = (s: Span): Span => ctx.mapSpan(place(s));
  analyzeDockerfile(
    text,
    {
      container: (c, s) => facts.push(containerFact(c, map(s), 'docker', ctx.depth)),
      nested: (code, s, step) => {
        if (!ctx.budget.spend(INSTRUCTION_UNITS, 'Dockerfile instructions')) return;
        const at = place(s);
        facts.push(
          ...(step.inImage
            ? inImageFacts(ctx.nested(code, 'bash', at, IMAGE_BUILD_VIA), step)
            : ctx.nested(code, 'bash', at, 'docker')),
        );
      },
      net: (url, s) => {
        const f = urlFact(url, map(s), 'docker ADD', ctx.depth, 'docker');
        if (f) facts.push(f);
      },
      read: (path, actor, s) => facts.push(fileFact(path, 'read', undefined, actor, map(s), ctx.depth)),
      literal: (t, field, s) => facts.push(imageLiteral(t, field, map(s), ctx.depth)),
      spend: (units) => ctx.budget.spend(units, 'Dockerfile instructions'),
    },
    contexts,
  );
}

/**
 * Data a compose service sends to the network while it shares another service's volumes
 * (`volumes_from: [db]`, the same named volume; r6): flows of that data, as DKR-AST-013 reads them.
 */
function borrowedOut(facts: readonly Fact[], program: string, ctx: ExtractContext): FlowFact[] {
  const out: FlowFact[] = [];
  for (const f of facts) {
    if (f.kind !== 'flow' || f.to.kind !== 'net' || (f.from.kind !== 'file' && f.from.kind !== 'output'))
      continue;
    // A backup to a machine on the user's own network (`| ssh backup@10.0.0.5`) stays theirs.
    const where = classifyHost(f.to.host).class;
    if (where === 'private' || where === 'loopback') continue;
    if (out.length >= 8) break;
    out.push({
      ...f,
      runtime: 'docker',
      depth: ctx.depth,
      from: { kind: 'output', program },
    });
  }
  return out;
}

/** `NAME=value` words before a command, as a map. */
function prefixAssignments(words: readonly { value: string }[]): [string, string][] {
  const out: [string, string][] = [];
  for (const w of words) {
    const eq = w.value.indexOf('=');
    if (eq > 0) out.push([w.value.slice(0, eq), w.value.slice(eq + 1).replace(/^(["'])(.*)\1$/, '$2')]);
  }
  return out;
}

export function extractDocker(text: string, ctx: ExtractContext): Fact[] {
  const facts: Fact[] = [];
  const map = (s: Span): Span => ctx.mapSpan(s);
  // A front proxy forwarding every request to a look-alike host (docker/proxy-target.ts), as the
  // PLT-AST-002 action line (spelled here: tool-call/saas.ts would import the extractors in a cycle).
  const lure = lureUpstream(text);
  if (lure !== undefined)
    facts.push(
      ...ctx.nested(
        `agent-guard-action redirect 'the front proxy' 'every request proxied to ${lure}'`,
        'bash',
        { start: 0, end: text.length },
        'docker',
      ),
    );
  if (isDockerfile(text)) {
    dockerfileFacts(text, ctx, facts);
    return facts;
  }
  // A compose file handed to `docker compose -f -` on standard input (echo '...' |, here-docs).
  if (!isCompose(text) && /compose\b[^|;&\n]*(?:-f|--file)[ =]-(?:\s|$)/.test(text)) {
    for (const body of stdinDocuments(text)) {
      if (!isCompose(body.text)) continue;
      if (
        !ctx.budget.spend(
          parseUnits(body.text.length) + YAML_UNITS_PER_BYTE * body.text.length,
          'compose file',
        )
      )
        break;
      if (tooDeep(body.text))
        throw new AgentGuardError('AG_ERR_INPUT_TOO_DEEP', {
          what: 'the compose file',
          limit: MAX_FLOW_DEPTH,
        });
      analyzeCompose(body.text, {
        container: (c) => facts.push(containerFact(c, map(body.span), 'docker', ctx.depth)),
        nested: (code) => facts.push(...ctx.nested(code, 'bash', body.span, 'docker')),
        dockerfile: (t, _s, c) => dockerfileFacts(t, ctx, facts, () => body.span, c),
        literal: (t, field) => facts.push(imageLiteral(t, field, map(body.span), ctx.depth)),
        read: (path, actor) =>
          facts.push(fileFact(path, 'read', undefined, actor, map(body.span), ctx.depth)),
        spend: (units) => ctx.budget.spend(units, 'compose services'),
      });
    }
  }
  if (isCompose(text)) {
    if (!ctx.budget.spend(parseUnits(text.length) + YAML_UNITS_PER_BYTE * text.length, 'compose file'))
      return facts;
    if (tooDeep(text))
      throw new AgentGuardError('AG_ERR_INPUT_TOO_DEEP', { what: 'the compose file', limit: MAX_FLOW_DEPTH });
    const ok = analyzeCompose(text, {
      container: (c, s) => facts.push(containerFact(c, map(s), 'docker', ctx.depth)),
      nested: (code, s, borrows) => {
        const got = ctx.nested(code, 'bash', s, 'docker');
        facts.push(...got);
        if (borrows !== undefined)
          facts.push(...borrowedOut(got, `docker compose ${borrows} (data of the volumes it shares)`, ctx));
      },
      dockerfile: (t, s, c) => dockerfileFacts(t, ctx, facts, () => s, c),
      leak: (what, to, s) =>
        facts.push(dataOut({ what, program: 'docker compose', start: s.start }, to, s.end, ctx)),
      literal: (t, field, s) => facts.push(imageLiteral(t, field, map(s), ctx.depth)),
      read: (path, actor, s) => facts.push(fileFact(path, 'read', undefined, actor, map(s), ctx.depth)),
      net: (url, s) => {
        const f = urlFact(url, map(s), 'compose extra_hosts', ctx.depth, 'docker');
        if (f) facts.push(f);
      },
      spend: (units) => ctx.budget.spend(units, 'compose services'),
    });
    if (ok) return facts;
  }
  // Command lines. Non-docker commands are analysed as bash in one piece (pipes and && intact),
  // with the docker commands blanked to `:` so they are not counted twice.
  const sink: DockerSink = {
    container: (c, s) => facts.push(containerFact(c, map(s), 'docker', ctx.depth)),
    nested: (code, runtime, s, borrows) => {
      const got = ctx.nested(code, runtime, s, 'docker');
      facts.push(...got);
      if (borrows !== undefined) facts.push(...borrowedOut(got, borrows, ctx));
    },
    copy: (path, role, s) => facts.push(fileFact(path, 'copy', role, 'docker cp', map(s), ctx.depth)),
    output: (path, tree, s) =>
      facts.push({
        ...fileFact(path, 'copy', 'destination', 'docker build --output', map(s), ctx.depth),
        recursive: tree,
      }),
    read: (path, actor, s) => facts.push(fileFact(path, 'read', undefined, actor, map(s), ctx.depth)),
    leak: (what, to, s) =>
      facts.push(dataOut({ what, program: 'docker run', start: s.start }, to, s.end, ctx)),
    net: (url, s) => {
      const f = urlFact(url, map(s), 'docker', ctx.depth, 'docker');
      if (f) facts.push(f);
    },
    codeOf: (words) => text.slice(words[0]!.start, words[words.length - 1]!.end),
    volumes: new Map(),
  };
  // `-v${IFS}/:/h`: an unquoted $IFS splits the word in the shell (same length keeps spans).
  const split = text.includes('IFS') ? text.replace(/\$\{IFS\}|\$IFS\b/g, (m) => ' '.repeat(m.length)) : text;
  // The blanked text is built once from the kept pieces (linear; a splice per command was quadratic).
  const pieces: string[] = [];
  let last = 0;
  let other = false;
  // Container data on the pipeline so far (`docker export db | gzip | ...`), and where it ended.
  let piped: { what: string; program: string; start: number } | undefined;
  let prevEnd = 0;
  // Variables the input sets (`FLAGS='--privileged'; docker run $FLAGS ...`).
  const assigned = new Map<string, string>();
  // Images made from containers by docker commit, under every name they get (pipes.ts).
  const snapshots = new Map<string, string>();
  // Docker contexts the input creates and selects (remote-daemon.ts).
  const contexts: Contexts = new Map();
  // Host paths that docker cp filled with a container's data (copied-out.ts).
  const copied = new Map<string, string>();
  for (const words of commandsOf(split)) {
    if (!ctx.budget.spend(COMMAND_UNITS + WORD_UNITS * words.length, 'docker commands')) break;
    let k = 0;
    while (
      k < words.length &&
      (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[k]!.value) || words[k]!.value === 'sudo')
    )
      k++;
    const cmd = words.slice(k);
    if (k === words.length) recordAssignments(words, assigned);
    else if (k === 0 && /^(?:export|declare|local|readonly|typeset)$/.test(words[0]!.value))
      recordAssignments(words.slice(1), assigned);
    if (piped !== undefined && /^\|&?$/.test(text.slice(prevEnd, words[0]!.start).replace(/\\\n|\s/g, ''))) {
      const to = stdinSender(cmd);
      if (to !== undefined) facts.push(dataOut(piped, to, words[words.length - 1]!.end, ctx));
      if (to !== undefined || !passesOn(cmd)) piped = undefined;
    } else piped = undefined;
    const sent = cmd.length > 0 && !isDockerProgram(cmd[0]!.value) ? sendsCopied(cmd, copied) : undefined;
    if (sent?.to !== undefined && !ownHost(sent.to))
      facts.push(
        dataOut(
          { what: sent.what, program: 'docker cp', start: words[0]!.start },
          sent.to,
          words.at(-1)!.end,
          ctx,
        ),
      );
    else if (sent?.archive !== undefined) {
      if (copied.size < 32) copied.set(sent.archive, sent.what);
    } else if (sent !== undefined && sent.to === undefined)
      piped = { what: sent.what, program: 'docker cp', start: words[0]!.start };
    if (cmd.length > 0 && isDockerProgram(cmd[0]!.value)) {
      const out = copiedOut(cmd);
      if (out !== undefined && copied.size < 32) copied.set(...out);
      const what = containerData(cmd);
      if (what !== undefined)
        piped = { what, program: `${cmd[0]!.value} ${cmd[1]?.value ?? ''}`, start: words[0]!.start };
      const env = k === 0 ? assigned : new Map([...assigned, ...prefixAssignments(words.slice(0, k))]);
      const daemon = remoteBuild(cmd, env, contexts);
      if (daemon !== undefined)
        facts.push(
          dataOut(
            { what: daemon.what, program: daemon.program, start: words[0]!.start },
            daemon.url,
            words[words.length - 1]!.end,
            ctx,
          ),
        );
      const pushed = trackSnapshots(cmd, snapshots);
      if (pushed !== undefined)
        facts.push(
          dataOut(
            { what: pushed.what, program: 'docker push', start: words[0]!.start },
            pushed.registry,
            words[words.length - 1]!.end,
            ctx,
          ),
        );
    }
    prevEnd = words[words.length - 1]!.end;
    const kubectl = cmd[0]?.value.endsWith('kubectl') === true;
    if (
      cmd.length > 0 &&
      isDockerProgram(cmd[0]!.value) &&
      words[0]!.value !== 'sudo' &&
      (!kubectl || cmd.some((w) => w.value === 'run')) &&
      // `docker context use prod` stays too: the commands after it run on that engine (CTR-AST-001).
      !(cmd[1]?.value === 'context' && cmd[2]?.value === 'use') &&
      // Commands not modelled as containers (`docker volume rm`, `system prune`, `compose down -v`)
      // stay in the bash text, where the CTR rules read them (red team r3). Nested under bash (which
      // hands every docker line here too) the bash analysis has them already.
      (analyzeDocker(expandWords(cmd, split, assigned), sink) || ctx.depth > 0)
    ) {
      const s = words[0]!.start;
      const e = words[words.length - 1]!.end;
      // Words with a command substitution run on the host before docker starts
      // (`-e KEY="$(cat ~/.aws/credentials)"`): they stay, as arguments of `:`, at their offsets.
      let blank = ':';
      let at = s + 1;
      for (const w of words) {
        if (w.start < at || !/\$\(|`|[<>]\(/.test(text.slice(w.start, w.end))) continue;
        blank += ' '.repeat(w.start - at) + text.slice(w.start, w.end);
        at = w.end;
        other = true;
      }
      pieces.push(text.slice(last, s), blank, ' '.repeat(e - at));
      last = e;
    } else other = true;
  }
  pieces.push(text.slice(last));
  const rest = pieces.join('');
  if (other) facts.push(...ctx.nested(rest, 'bash', { start: 0, end: text.length }, 'docker'));
  return facts;
}

/** A URL or host on this machine or the user's own network (a file sent there stays in the user's hands). */
function ownHost(to: string): boolean {
  const host = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^:/?#]+)/i.exec(to)?.[1] ?? to;
  const c = classifyHost(host.replace(/^\[|\]$/g, '')).class;
  return c === 'private' || c === 'loopback' || c === 'link-local';
}

/** A flow of container data (pipes.ts) from a docker command to a network sender. */
function dataOut(
  from: { what: string; program: string; start: number },
  to: string,
  end: number,
  ctx: ExtractContext,
): FlowFact {
  const host = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^:/?#]+)/i.exec(to)?.[1] ?? to.split(' ')[0]!;
  return {
    kind: 'flow',
    span: ctx.mapSpan({ start: from.start, end }),
    runtime: 'docker',
    depth: ctx.depth,
    from: { kind: 'output', program: `${from.program.trim()} (${from.what})` },
    to: { kind: 'net', host, ...(/:\/\//.test(to) && { url: to }) },
  };
}

/** Quoted strings and here-doc bodies of a command line, with their spans (compose on stdin). */
function stdinDocuments(text: string): { text: string; span: Span }[] {
  const out: { text: string; span: Span }[] = [];
  for (const m of text.matchAll(
    /'([^']*)'|"((?:[^"\\]|\\.)*)"|<<-?\s*['"]?(\w+)['"]?[^\n]*\n([\s\S]*?)\n\3(?:\n|$)/g,
  )) {
    if (out.length >= 16) break;
    const body = m[1] ?? (m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[4]);
    if (body !== undefined)
      out.push({ text: body.replace(/\\n/g, '\n'), span: { start: m.index, end: m.index + m[0].length } });
  }
  return out;
}

export const dockerExtractor: Extractor = { runtime: 'docker', extract: extractDocker };
