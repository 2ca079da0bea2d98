/**
 * The tool-call entry point (MCP `tools/call` params, framework tool calls): `{ name, arguments }`
 * becomes facts. String leaves are LiteralFacts that leave the agent (egress), fields that carry
 * code are analysed by their runtime, URL fields are network targets and path fields of file tools
 * are file operations. docs/runtimes.md ("Tool calls") lists the mapping.
 */
import { analyze, type AnalyzeLimits } from '../analyze.js';
import { budgetFact, parseUnits, WorkBudget } from '../budget.js';
import type { Fact, FileOperation, FileOpFact, LiteralFact, NetOpFact, UnparsedFact } from '../facts.js';
import type { Runtime, Span } from '../types.js';
import { looksLikeSql } from './sql.js';

export interface ToolCall {
  readonly name: string;
  /** An object, or the JSON text of one (OpenAI tool calls carry arguments as a string). */
  readonly arguments?: unknown;
}

/** Deepest JSON nesting walked; deeper values become one UnparsedFact. */
export const MAX_JSON_DEPTH = 64;

function normaliseArguments(args: unknown): unknown {
  if (typeof args !== 'string') return args ?? {};
  const t = args.trim();
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return args;
    }
  }
  return args;
}

/** The text a tool call is evaluated as (and what spans, cache keys and receipts refer to). */
export function toolCallText(call: ToolCall): string {
  return JSON.stringify({ name: call.name, arguments: normaliseArguments(call.arguments) });
}

interface Leaf {
  readonly path: readonly string[];
  readonly value: string;
  readonly span: Span;
}

/**
 * Serialise like JSON.stringify (no whitespace), reporting every string leaf with its span in the
 * output; used on the parsed text so the spans point into the submitted text.
 */
function serialise(
  value: unknown,
  path: string[],
  out: { text: string; leaves: Leaf[]; tooDeep: Span[] },
): void {
  if (path.length > MAX_JSON_DEPTH) {
    const start = out.text.length;
    out.text += JSON.stringify(value) ?? 'null';
    out.tooDeep.push({ start, end: out.text.length });
    return;
  }
  if (typeof value === 'string') {
    const start = out.text.length;
    out.text += JSON.stringify(value);
    out.leaves.push({ path: [...path], value, span: { start, end: out.text.length } });
    return;
  }
  if (Array.isArray(value)) {
    out.text += '[';
    value.forEach((v: unknown, i) => {
      if (i > 0) out.text += ',';
      serialise(v === undefined || typeof v === 'function' ? null : v, [...path, String(i)], out);
    });
    out.text += ']';
    return;
  }
  if (value !== null && typeof value === 'object') {
    out.text += '{';
    let first = true;
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === undefined || typeof v === 'function') continue;
      if (!first) out.text += ',';
      first = false;
      out.text += JSON.stringify(k) + ':';
      serialise(v, [...path, k], out);
    }
    out.text += '}';
    return;
  }
  out.text += JSON.stringify(value) ?? 'null';
}

const CODE_BASH =
  /^(?:command|cmd|commands|script|shell|bash|sh|shell_command|command_line|commandline|run)$/;
const CODE_GENERIC = /^(?:code|source|source_code|program|snippet|input_code)$/;
const CODE_PYTHON = /^(?:python|python_code|py|py_code)$/;
const CODE_NODE = /^(?:javascript|js|node|node_code|js_code|typescript|ts)$/;
const CODE_SQL = /^(?:sql|sql_query|statement|statements|sql_statement)$/;
const CODE_QUERY = /^(?:query|q)$/;
const CODE_DOCKER = /^(?:dockerfile|docker_file|compose|docker_compose|compose_file)$/;
const URL_KEY =
  /^(?:url|uri|urls|endpoint|href|link|webhook|webhook_url|callback_url|base_url|target_url|api_url|feed_url|image_url|remote)$/;
const PATH_KEY =
  /^(?:path|paths|file|files|filename|file_name|file_path|filepath|target|target_path|destination|dest|source|src|directory|dir|folder|old_path|new_path|from|to)$/;

const LANGUAGE: Readonly<Record<string, Runtime>> = {
  python: 'python',
  python3: 'python',
  py: 'python',
  javascript: 'node',
  js: 'node',
  node: 'node',
  nodejs: 'node',
  typescript: 'node',
  ts: 'node',
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  sql: 'sql',
  postgres: 'sql',
  postgresql: 'sql',
  mysql: 'sql',
  sqlite: 'sql',
  psql: 'sql',
  dockerfile: 'docker',
  docker: 'docker',
};

/** Runtime a generic `code` field is in: its sibling `language`/`lang`, else the tool's name. */
function codeRuntime(tool: string, siblings: Record<string, unknown> | undefined): Runtime | undefined {
  const lang = siblings?.language ?? siblings?.lang ?? siblings?.runtime ?? siblings?.kernel;
  if (typeof lang === 'string') return LANGUAGE[lang.toLowerCase().trim()];
  if (/python|ipython|jupyter|notebook/.test(tool)) return 'python';
  if (/javascript|node|\bjs\b|_js\b|deno|typescript/.test(tool)) return 'node';
  if (/sql|postgres|mysql|sqlite|database|\bdb\b|_db\b/.test(tool)) return 'sql';
  if (/bash|shell|terminal|command|exec|run/.test(tool)) return 'bash';
  return undefined;
}

type FileVerb = { readonly op: FileOperation } | undefined;

/** What a file tool does with its path arguments, from its name (write_file, read_file, delete_file ...). */
function fileVerb(tool: string): FileVerb {
  if (/(?:^|[_.-])(?:delete|remove|rm|unlink|rmdir|trash)(?:$|[_.-])/.test(tool)) return { op: 'delete' };
  if (/(?:^|[_.-])(?:move|rename|mv)(?:$|[_.-])/.test(tool)) return { op: 'move' };
  if (/(?:^|[_.-])(?:copy|cp)(?:$|[_.-])/.test(tool)) return { op: 'copy' };
  if (/(?:^|[_.-])(?:chmod|set_permissions)(?:$|[_.-])/.test(tool)) return { op: 'chmod' };
  if (/(?:^|[_.-])(?:append)(?:$|[_.-])/.test(tool)) return { op: 'append' };
  if (
    /(?:^|[_.-])(?:write|edit|create|save|put|update|replace|patch|insert|overwrite|str_replace|mkdir|upload)(?:$|[_.-])|^(?:edit|write|create_file|text_editor|str_replace_editor|str_replace_based_edit_tool)$/.test(
      tool,
    )
  )
    return { op: 'write' };
  if (
    /(?:^|[_.-])(?:read|view|cat|open|get|load|show|list|ls|head|tail|stat|download|search|grep|find|glob)(?:$|[_.-])/.test(
      tool,
    )
  )
    return { op: 'read' };
  return undefined;
}

const get = (root: unknown, path: readonly string[]): unknown => {
  let v: unknown = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
};

const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** Root context of a tool-call analysis: nested code goes through the engine's analyze(). */
interface ToolContext {
  nested(code: string, runtime: Runtime, span: Span): readonly Fact[];
}

/** Facts of one tool call given as its text (see toolCallText). */
export function extractToolCall(text: string, ctx: ToolContext): Fact[] {
  const facts: Fact[] = [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    const u: UnparsedFact = {
      kind: 'unparsed',
      text,
      span: { start: 0, end: text.length },
      runtime: 'bash',
      depth: 0,
    };
    return [u];
  }
  const root = asRecord(parsed);
  const name = typeof root?.name === 'string' ? root.name : '';
  const tool = name.toLowerCase();
  const out = { text: '', leaves: [] as Leaf[], tooDeep: [] as Span[] };
  serialise(parsed, [], out);
  for (const span of out.tooDeep)
    facts.push({ kind: 'unparsed', text: text.slice(span.start, span.end), span, runtime: 'bash', depth: 0 });
  const args = root?.arguments;
  const verb = fileVerb(tool);
  const actor = `tool:${name}`;
  const base = { runtime: 'bash' as const, depth: 0 };

  // Array-valued command fields (`"command": ["rm", "-rf", "/"]`) run as one argv.
  const argvFields = new Set<string>();
  for (const [k, v] of Object.entries(asRecord(args) ?? {})) {
    if (
      CODE_BASH.test(k.toLowerCase()) &&
      Array.isArray(v) &&
      v.length > 0 &&
      v.every((x) => typeof x === 'string')
    ) {
      argvFields.add(k);
      const leaves = out.leaves.filter((l) => l.path[1] === k && l.path.length === 3);
      const span = { start: leaves[0]!.span.start, end: leaves[leaves.length - 1]!.span.end };
      facts.push(...ctx.nested(v.map(quote).join(' '), 'bash', span));
    }
  }

  for (const leaf of out.leaves) {
    if (leaf.path[0] !== 'arguments' || leaf.value === '') continue;
    // Arguments that are not an object (a tool taking one bare string or a list of them) are read
    // as `{ <tool name>: value }`: a tool named `bash` or `sql` has its argument run in that runtime.
    const keyAt = (i: number): string => (i === 0 ? tool : (leaf.path[i] ?? '').toLowerCase());
    const key = keyAt(leaf.path.length - 1);
    const parentKey = leaf.path.length >= 2 ? keyAt(leaf.path.length - 2) : '';
    const field = leaf.path.slice(1).join('.');
    const siblings = asRecord(get(parsed, leaf.path.slice(0, -1)));
    if (leaf.path.length === 3 && argvFields.has(leaf.path[1]!)) continue;

    let runtime: Runtime | undefined;
    if (CODE_BASH.test(key)) runtime = 'bash';
    else if (CODE_PYTHON.test(key)) runtime = 'python';
    else if (CODE_NODE.test(key)) runtime = 'node';
    else if (CODE_SQL.test(key)) runtime = 'sql';
    else if (CODE_DOCKER.test(key)) runtime = 'docker';
    else if (CODE_GENERIC.test(key)) runtime = codeRuntime(tool, siblings);
    else if (CODE_QUERY.test(key) && looksLikeSql(leaf.value)) runtime = 'sql';
    if (runtime !== undefined) {
      facts.push(...ctx.nested(leaf.value, runtime, leaf.span));
      continue;
    }

    const lit: LiteralFact = {
      kind: 'literal',
      text: leaf.value,
      egress: true,
      field,
      span: leaf.span,
      ...base,
    };
    facts.push(lit);

    const urlKey = URL_KEY.test(key) || (/^\d+$/.test(key) && URL_KEY.test(parentKey));
    if (
      urlKey ||
      (/^https?:\/\//i.test(leaf.value) &&
        /fetch|http|request|browse|navigate|curl|download|scrape|crawl|webhook|open_url|visit/.test(tool))
    ) {
      const net = netFact(leaf.value, leaf.span, actor, siblings);
      if (net) facts.push(net);
      continue;
    }
    const pathKey = PATH_KEY.test(key) || (/^\d+$/.test(key) && PATH_KEY.test(parentKey));
    if (pathKey && verb !== undefined && !/^[a-z][a-z0-9+.-]*:\/\//i.test(leaf.value)) {
      const role =
        verb.op === 'move' || verb.op === 'copy'
          ? /^(?:source|src|from|old_path)$/.test(key)
            ? 'source'
            : 'destination'
          : undefined;
      const recursive = siblings?.recursive === true || siblings?.force === true;
      const mode = typeof siblings?.mode === 'string' ? siblings.mode : undefined;
      const file: FileOpFact = {
        kind: 'file',
        op: verb.op,
        path: leaf.value,
        recursive,
        actor,
        span: leaf.span,
        ...base,
        ...(role !== undefined && { role }),
        ...(mode !== undefined && { mode }),
        ...(/[*?]|\$\{?\w/.test(leaf.value) && { dynamic: true }),
      };
      facts.push(file);
    }
  }
  return facts;
}

function quote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function netFact(
  url: string,
  span: Span,
  actor: string,
  siblings: Record<string, unknown> | undefined,
): NetOpFact | undefined {
  const m = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#]*@)?(\[[^\]]+\]|[^:/?#]+)(?::(\d+))?/i.exec(url.trim());
  if (!m) return undefined;
  const method = typeof siblings?.method === 'string' ? siblings.method.toUpperCase() : 'GET';
  const sends =
    method !== 'GET' && method !== 'HEAD'
      ? true
      : ['body', 'data', 'json', 'payload', 'content', 'form', 'file', 'files'].some(
          (k) => siblings?.[k] !== undefined,
        );
  return {
    kind: 'net',
    host: m[2]!.toLowerCase().replace(/^\[|\]$/g, ''),
    ...(m[3] !== undefined && { port: Number(m[3]) }),
    url: url.trim(),
    scheme: m[1]!.toLowerCase(),
    direction: 'connect',
    sends,
    actor,
    span,
    runtime: 'bash',
    depth: 0,
  };
}

/**
 * analyze() for a tool call: the JSON is walked here and each code field is analysed by the
 * engine at depth 1 (its facts carry the span of the JSON string that held the code).
 */
export function analyzeToolCall(text: string, limits: AnalyzeLimits): readonly Fact[] {
  // One work budget for the whole call: its fields share it (src/engine/budget.ts).
  const work = new WorkBudget();
  const facts = extractToolCall(text, {
    nested(code, runtime, span) {
      if (!work.spend(parseUnits(0), 'tool-call fields')) return [];
      const inner = analyze(
        code,
        runtime,
        { maxInputBytes: limits.maxInputBytes, maxDepth: Math.max(0, limits.maxDepth - 1) },
        work,
      );
      return inner.map((f): Fact => {
        const moved = { ...f, span, depth: f.depth + 1 };
        return f.kind === 'exec' && f.depth === 0 && f.via === undefined
          ? ({ ...moved, via: 'tool_call' } as Fact)
          : moved;
      });
    },
  });
  if (work.exhausted && !facts.some((f) => f.kind === 'budget'))
    facts.push(budgetFact(work, { start: 0, end: text.length }, 'bash'));
  return facts;
}
