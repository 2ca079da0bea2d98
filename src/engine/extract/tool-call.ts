/**
 * The tool-call entry point (MCP `tools/call` params, framework tool calls): `{ name, arguments }`
 * becomes facts. String leaves are LiteralFacts that leave the agent (egress), fields that carry
 * code are analysed by their runtime, URL fields are network targets and path fields of file tools
 * are file operations. docs/runtimes.md ("Tool calls") lists the mapping.
 */
import { analyze, type AnalyzeLimits } from '../analyze.js';
import { budgetFact, growsWith, WorkBudget, workUnitsFor } from '../budget.js';
import { AgentGuardError } from '../../errors.js';
import type { Fact, FileOperation, FileOpFact, LiteralFact, NetOpFact, UnparsedFact } from '../facts.js';
import type { Runtime, Span } from '../types.js';
import { sniffRuntime } from './tool-call/code-sniff.js';
import { memoName } from '../knowledge/name-memo.js';
import { looksLikeSql } from './sql.js';
import { cliEquivalents } from './tool-call/cli.js';
import { cypherAsSql } from './tool-call/cypher.js';
import { BUSINESS, NEW_PAYEE_LIMIT } from './tool-call/money-out.js';
import { posingMailbox } from './tool-call/recipients.js';
import { AGENT_SETTINGS_FILE } from './tool-call/instructions.js';
import { isKeyPresses, typedText } from './tool-call/keystrokes.js';
import { inertSettings } from './tool-call/settings.js';
import { sourceCode } from './tool-call/source-edit.js';
import { unwrapped } from './tool-call/unwrap.js';
import { PACKAGE_JSON, packageSources, writtenCode } from './tool-call/written.js';

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

/**
 * Deepest arguments nesting serialised; deeper is AG_ERR_INPUT_TOO_DEEP. JSON.stringify recurses
 * (10,000 levels overflow the stack) while JSON.parse does not, so an arguments string can be deep.
 */
export const MAX_TOOL_CALL_NESTING = 1024;
/** Largest serialised tool call bounded here (engine.maxInputBytes' upper limit; analyze() applies the real one). */
const MAX_TOOL_CALL_BYTES = 16 * 1024 * 1024;

/**
 * Refuses arguments JSON.stringify could not serialise in bounded time and stack: too deep, cyclic
 * (seen as too deep) or larger than `maxBytes` once written out (shared subtrees count each time
 * they are written). Iterative; stops as soon as a limit is passed.
 */
function assertSerialisable(value: unknown, maxBytes: number): void {
  // Two parallel stacks (values and their depths) instead of a tuple per value: this runs on every call.
  const values: unknown[] = [value];
  const depths: number[] = [1];
  let bytes = 0;
  while (values.length > 0 && bytes <= maxBytes) {
    const v = values.pop();
    const depth = depths.pop()!;
    if (typeof v === 'string') bytes += v.length + 2;
    else if (v === null || typeof v !== 'object') bytes += 1;
    else {
      if (depth > MAX_TOOL_CALL_NESTING)
        throw new AgentGuardError('AG_ERR_INPUT_TOO_DEEP', {
          what: 'the tool call arguments',
          limit: MAX_TOOL_CALL_NESTING,
        });
      if (Array.isArray(v)) {
        bytes += v.length + 2;
        if (bytes > maxBytes) break;
        for (let i = 0; i < v.length; i++) {
          values.push(v[i]);
          depths.push(depth + 1);
        }
      } else {
        const keys = Object.keys(v);
        bytes += 2;
        for (let i = 0; i < keys.length && bytes <= maxBytes; i++) {
          bytes += keys[i]!.length + 4;
          values.push((v as Record<string, unknown>)[keys[i]!]);
          depths.push(depth + 1);
        }
      }
    }
  }
  if (bytes > maxBytes)
    throw new AgentGuardError('AG_ERR_INPUT_TOO_LARGE', {
      what: 'the tool call',
      size: `more than ${maxBytes}`,
      limit: maxBytes,
    });
}

/** The text a tool call is evaluated as (and what spans, cache keys and receipts refer to). */
export function toolCallText(call: ToolCall, maxBytes = MAX_TOOL_CALL_BYTES): string {
  const args = normaliseArguments(call.arguments);
  assertSerialisable(args, maxBytes);
  return JSON.stringify({ name: call.name, arguments: args });
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
  /^(?:command|cmd|script|shell|bash|sh|zsh|shell_command|command_line|commandline|run|exec|execute|cli|terminal|keys|input_command|cmdline|command_string|shell_script|bash_command|cmd_line)$/;
/** Keys holding a whole CLI line under a compound name (`cli_command: "aws s3 rb --force"`, `kubectl_cmd`). */
const CLI_LINE_KEY =
  /^(?:cli|shell|aws|aws_cli|gcloud|gsutil|az|azure|azure_cli|kubectl|helm|terraform|gh|docker)_(?:command|cmd|line|command_line|input)$/;
/** Keys whose array value is a list of separate commands (each element runs on its own). */
const CODE_BASH_LIST = /^(?:commands|cmds|scripts|steps|lines|command_list|shell_commands|run_commands)$/;
/** Keys whose array value is one argv, and the keys that name argv[0] beside an args array. */
const ARGV_KEY = /^(?:argv|command_argv|cmd_argv)$/;
const PROGRAM_KEY = /^(?:command|cmd|program|executable|exe|bin|binary|file|path|process)$/;
const ARGS_KEY = /^(?:args|argv|arguments|params|parameters|options|flags|arg)$/;
const CODE_GENERIC =
  /^(?:code|source|source_code|program|snippet|input_code|input|payload|body_code|content_code|cell|expression|expr)$/;
/** Compound keys naming code without its language (`inline_code`, `handler_source`, `user_script`). */
const COMPOUND_CODE_KEY = /^[a-z0-9]+_(?:code|source|source_code|script|snippet|program)$/;
/** Tools whose body runs later as a script: git hooks, cron and scheduled jobs, functions, runbooks. */
const RUNS_BODY_TOOL =
  /(?:^|_)(?:hook|hooks|cron|crontab|job|jobs|lambda|function|functions|runbook|startup|user_data|userdata|automation|trigger)(?:$|_)/;
const CODE_PYTHON = /^(?:python|python_code|py|py_code|python_script)$/;
const CODE_NODE = /^(?:javascript|js|node|node_code|js_code|typescript|ts|javascript_code)$/;
const CODE_SQL =
  /^(?:sql|sql_query|statement|statements|sql_statement|sql_statements|raw_sql|query_sql|cypher|cypher_query|cql|stmt|stmts|ddl|dml|sql_text|migration_sql|up_sql|down_sql)$/;
/** Graph databases whose `query` field is Cypher (read by the SQL analysis: `MATCH (n) DETACH DELETE n`). */
const GRAPH_TOOL = /(?:^|_)(?:neo4j|cypher|memgraph|graph_db|graphdb)(?:$|_)/;
/** Browser automation tools whose function/script/expression fields run in the page. */
const BROWSER_TOOL =
  /(?:^|_)(?:browser|page|playwright|puppeteer|selenium|chrome|chromium|webdriver|devtools|cdp|tab)(?:$|_)/;
const BROWSER_CODE_KEY = /^(?:function|fn|script|expression|expr|code|js|javascript|page_function|source)$/;
const CODE_QUERY = /^(?:query|q)$/;
/** Tools named for a SQL database (run_sql, mysql_query): their `query` is SQL even as a bare fragment (`' OR 1=1--`). */
const SQL_TOOL = /(?:^|_)(?:sql|mysql|psql|postgres|postgresql|sqlite|mssql|tsql|plsql)(?:$|_)/;
/** Tools whose `query` is text to look for in code, files or the web (`search_code {query: "delete from users"}`). */
const SEARCH_TOOL = /(?:^|_)(?:search|grep|rg|ripgrep|find|lookup|semantic|codebase|web|docs)(?:$|_)/;
/** Tools that run their input in an interpreter (python_repl, node_repl, code_interpreter). */
const REPL_TOOL = /(?:^|_)(?:repl|interpreter|eval|kernel|sandbox)(?:$|_)/;
/** Fields a REPL tool takes its code in besides code/input (LangChain: `query`, `tool_input`, `__arg1`). */
const REPL_INPUT_KEY = /^(?:query|q|tool_input|_*arg1|input_text|statement|line|lines)$/;
const CODE_DOCKER =
  /^(?:dockerfile|docker_file|dockerfile_content|dockerfile_text|compose|docker_compose|compose_file|(?:docker_)?compose_(?:yaml|yml|content|text|spec|config|definition))$/;
const URL_KEY =
  /^(?:url|uri|urls|uris|endpoint|href|link|webhook|webhook_url|callback_url|base_url|target_url|api_url|feed_url|image_url|remote|page_url|request_url|location|resource|resource_uri)$/;
const PATH_KEY =
  /^(?:path|paths|file|files|filename|file_name|file_path|filepath|target|target_path|target_file|destination|dest|destination_path|source|src|source_path|directory|dir|folder|old_path|new_path|from|to|absolute_path|notebook_path|pathname|file_uri|output_path|input_path|output_file|input_file|save_path|dest_path|cwd_path|attachment|attachments|attachment_path|attachment_paths|local_path|local_file|local_dir|out_path|out_file|outfile|output|output_dir|output_directory|save_to|save_as|dst|dst_path|location|log_file|logfile|extract_to|extract_dir|target_dir|target_directory|dest_dir|destination_dir|download_path|root|root_dir|root_path)$/;
/** Tools whose name says they act on local files (read_file, fs_write, open_document, text_editor). */
const FILE_TOOL =
  /(?:^|_)(?:file|files|fs|filesystem|path|paths|dotfile|document|doc|editor|text_editor|str_replace_editor|str_replace_based_edit_tool|notebook|write|edit|append)(?:$|_)/;
/** Keys whose text is content, a search or a prose note even when it reads like a path (`old_string: "/usr/bin"`). */
const NOT_PATH_KEY =
  /(?:^|_)(?:content|contents|text|body|data|str|string|code|pattern|regex|glob|query|search|replace|replacement|find|match|include|exclude|ignore|line|lines|insert|value|comment|message|description|url|host|command|cmd|encoding|mode|id)(?:$|_)/;
/** A value that is a local path: absolute, home, ./ or ../ relative, a Windows drive, or a dotfile. */
const PATH_VALUE = /^(?:\/(?!\/)|~(?:\/|$)|\.\.?\/|[A-Za-z]:[\\/]|\.[A-Za-z0-9_][\w.-]*(?:\/|$))[^\s]*$/;

/**
 * A file tool's path under a key outside PATH_KEY (`fsPath`, `path_to_file`, `name`, `file_location`):
 * any single-token value shaped like a path, in a field that does not say it holds content or a pattern.
 */
function impliedPath(tool: string, key: string, value: string): boolean {
  return (
    FILE_TOOL.test(tool) && !CONTENT_KEY.test(key) && !NOT_PATH_KEY.test(key) && PATH_VALUE.test(value.trim())
  );
}

/** Tools that send what they are given to their service: mail, chat, uploads, shares. */
const SEND_TOOL =
  /(?:^|_)(?:send|email|mail|gmail|upload|uploads|attach|share|publish|post|put|push|transfer|transmit|submit|reply|forward|message|comment|webhook)(?:$|_)|(?:^|_)copy_to(?:$|_)/;
const UPLOAD_TOOL = /(?:^|_)(?:upload|uploads|put)(?:$|_)/;
/** Keys a sending tool reads a local file from: attachments, and an upload's local side. */
const SENT_FILE_KEY =
  /^(?:attachments?|attachment_paths?|attachment_files?|attach|files?|file_paths?|filepath|local|local_path|local_file|local_files|local_paths|source|src|source_path|source_file|src_path|input_path|input_file|upload_file)$/;

/** Key words of the local side of a send (`file_ref`, `from_path`, `local_filename`), and of the remote side. */
const LOCAL_SIDE =
  /(?:^|_)(?:local|from|source|src|ref|file|files|filename|input|attachment|attach|include|media|image|photo|video|audio|document|artifact|asset)(?:$|_)/;
const REMOTE_SIDE =
  /(?:^|_)(?:remote|dest|destination|to|target|output|out|save|url|uri|name|title|id|key)(?:$|_)/;

/** A local file a sending tool reads and sends (an upload's `path` too: there it is the local side). */
function sentFile(tool: string, key: string, value: string): boolean {
  if (!SEND_TOOL.test(tool)) return false;
  if (!(SENT_FILE_KEY.test(key) || (key === 'path' && UPLOAD_TOOL.test(tool)))) {
    // Under another key only an absolute or home path, on the local side (`dropbox_path` is the remote one).
    if (!LOCAL_SIDE.test(key) || REMOTE_SIDE.test(key) || !/^(?:\/(?!\/)|~\/)\S+$/.test(value.trim()))
      return false;
  }
  const v = value.trim();
  return !/\s/.test(v) && (PATH_VALUE.test(v) || /^[\w.-]+\/[\w./-]+$|^[\w-]*\.[\w.-]+$/.test(v));
}

/** Keys that hold what a tool writes, for writtenPath: content fields and code fields (`snippet`). */
const WRITTEN_TEXT_KEY = (key: string): boolean => CONTENT_KEY.test(key) || CODE_GENERIC.test(key);

/**
 * A writing tool's destination under any key (`save_snippet {where: "/etc/cron.d/x", snippet}`): an
 * absolute or home path in a field that is not content, beside a field holding the text written.
 */
function writtenPath(
  writes: boolean,
  key: string,
  value: string,
  siblings: Record<string, unknown> | undefined,
): boolean {
  if (!writes || WRITTEN_TEXT_KEY(key) || NOT_PATH_KEY.test(key)) return false;
  const v = value.trim();
  if (!/^(?:\/(?!\/)|~\/)/.test(v) || !PATH_VALUE.test(v)) return false;
  return Object.entries(siblings ?? {}).some(
    ([k, x]) => typeof x === 'string' && x !== '' && WRITTEN_TEXT_KEY(snakeName(k)),
  );
}

/** A bucket or remote store URL (the far side of a copy). */
const REMOTE_STORE =
  /^(?:s3|s3a|gs|gcs|az|abfss?|wasbs?|r2|b2|oss|cos|swift|https?|ftps?|sftp|scp|webdav|dav|dropbox|gdrive|onedrive):\/\/\S+$/i;

/** Keys naming a local file whose text the tool sends as its content (`content_from_file`). */
/**
 * A personal-sized payment's payee (`paypal_send_payment {receiver, amount: 25}`, Interac
 * `recipient_email`): whom the money reaches, as a mail's `to` is whom it reaches. From
 * PERSONAL_SUM up a free mailbox as payee for business stays PII-AST-001's (tcmoney10: supplier sums by P2P).
 */
const PAY_TOOL =
  /(?:^|_)(?:pay|payment|payments|payout|send_money|transfer|remit|remittance|zelle|venmo|interac|paypal|cashapp|wise|money|p2p|revolut|monzo)(?:_|$)/;
/** Whom the money reaches or, in a money request, whom it is asked of (`payer_email`, `counterparty_email`). */
const PAYEE_KEY =
  /^(?:to|receiver|receiver_email|receiver_phone|recipient|recipient_email|recipient_phone|payee|payee_email|payee_phone|beneficiary_email|send_to|payer|payer_email|payer_phone|counterparty|counterparty_email|counterparty_phone|requestee|requestee_email)$/;
/** The sum up to which a payment is a dinner split, a ticket or a babysitter (money-out's P2P_BUSINESS_LIMIT). */
const PERSONAL_SUM = 1_000;
function payee(tool: string, key: string, siblings: Record<string, unknown> | undefined): boolean {
  if (!PAYEE_KEY.test(key) || !PAY_TOOL.test(tool) || siblings === undefined) return false;
  const a = siblings.amount ?? siblings.value ?? siblings.sum;
  // PayPal's `amount: {value: "20.00", currency: "USD"}`.
  const v = a !== null && typeof a === 'object' ? (a as Record<string, unknown>).value : a;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.replace(/[\s,$€£]/g, '')) : NaN;
  if (!Number.isFinite(n) || n <= 0) return false;
  // Up to money-out's NEW_PAYEE_LIMIT a personal payout (a freelancer, a refund of expenses) pays a
  // person's mailbox as well; a desk's name on it or a memo of company business keeps the address data (fp15).
  return (
    n < PERSONAL_SUM ||
    (n < NEW_PAYEE_LIMIT &&
      !(typeof siblings[key] === 'string' && posingMailbox(siblings[key])) &&
      !Object.values(siblings).some((x) => typeof x === 'string' && x.length < 400 && BUSINESS.test(x)))
  );
}

const FILE_REF_KEY =
  /^(?:(?:content|body|text|data|description|message|payload)_(?:from_)?file(?:_path)?|from_file|file_content_path|content_path|upload_from|read_from)$/;
/** Keys holding the text a file tool writes, and the keys naming the file it goes to. */
const CONTENT_KEY =
  /^(?:content|contents|text|file_text|body|data|new_str|new_string|new_content|file_content|code_edit|yaml|yml)$/;
const PATH_FIELDS = [
  'path',
  'file_path',
  'filePath',
  'filepath',
  'filename',
  'file',
  'target_file',
  'absolute_path',
  'destination',
  'dest',
  'dst',
  'output_path',
  'out_path',
  'output',
  'output_file',
  'location',
  'local_path',
  'save_to',
  'log_file',
] as const;
/** An editor tool's `command` that only reads its path (str_replace_based_edit_tool `view`). */
const VIEW_COMMAND = /^(?:view|read|cat|show|open)$/;
/** Tools that type text into a terminal or screen (`computer` type action, tmux send-keys). */
const KEYSTROKE_TOOL =
  /(?:^|_)(?:type|type_text|typing|keys|keyboard|keystrokes|send_keys|send_text|terminal|tmux|computer|computer_use|screen|pty|xdotool)(?:$|_)/;
/** Fields holding the text a keystroke tool types, and the actions that type it. */
const KEYSTROKE_KEY = /^(?:text|keys|input|data|chars|keystrokes|string|value)$/;
const KEYSTROKE_ACTION = /^(?:type|type_text|typing|send_text|send_keys|key|keys|write|input|paste)$/;
/** Key words that say a field holds SQL, besides the language names of LANGUAGE (`query_text`). */
const SQL_WORDS: ReadonlySet<string> = new Set(['query', 'statement', 'stmt', 'ddl', 'dml', 'cypher']);
/** Words that say a field holds code in the language its other words name (`python_source`). */
const CODE_WORDS = new Set([
  'code',
  'source',
  'src',
  'script',
  'snippet',
  'program',
  'text',
  'body',
  'cmd',
  'command',
  'string',
  'expr',
  'expression',
  'lines',
]);

/**
 * Languages the engine reads through their interpreter's command line (`lua -e CODE`): a field
 * named after one (`{"lua": "os.execute(...)"}`, `ruby_code`) holds code in that language.
 */
const INTERPRETER_LINE: Readonly<Record<string, string>> = {
  lua: 'lua -e',
  luajit: 'luajit -e',
  ruby: 'ruby -e',
  rb: 'ruby -e',
  perl: 'perl -e',
  php: 'php -r',
  r: 'Rscript -e',
  rscript: 'Rscript -e',
  applescript: 'osascript -e',
  osascript: 'osascript -e',
  tcl: 'tclsh <<<',
  awk: 'awk',
};

/** The interpreter line a key names (`lua`, `ruby_code`, `perl_script`), or undefined. */
function keyInterpreter(key: string): string | undefined {
  // One-letter and two-letter names (`r`, `rb`) name a language only beside a code word (`r_code`).
  const direct = key.length > 2 ? INTERPRETER_LINE[key] : undefined;
  if (direct !== undefined) return direct;
  const parts = key.split('_');
  if (parts.length < 2 || !parts.some((p) => CODE_WORDS.has(p))) return undefined;
  for (const p of parts) if (INTERPRETER_LINE[p] !== undefined) return INTERPRETER_LINE[p];
  return undefined;
}

/** `python_source`, `js_snippet`, `sql_text`, `query_text`: the language a compound key names. */
function keyLanguage(key: string): Runtime | undefined {
  const parts = key.split('_');
  if (parts.length < 2 || !parts.some((p) => CODE_WORDS.has(p))) return undefined;
  for (const p of parts) {
    const runtime = SQL_WORDS.has(p) ? 'sql' : LANGUAGE[p];
    if (runtime !== undefined) return runtime;
  }
  return undefined;
}

/** Statements that change data, schema or access, and anonymous code blocks (`DO $$ ... $$`, which run anything): SQL wherever a tool is given one whole. */
const SQL_CHANGE =
  /^\s*(?:(?:drop|truncate|delete|alter|grant|revoke|update|merge|rename|copy)\s|do\s+(?:language\s+\w+\s+)?(?:\$\w*\$|'))/i;
/** Key words of fields that hold prose, a file's text or an edit's search text, never a statement to run. */
const NOT_STATEMENT_KEY =
  /(?:^|_)(?:message|msg|description|desc|title|summary|comment|comments|note|notes|text|body|content|contents|prompt|question|answer|reason|explanation|subject|label|name|doc|docs|help|example|examples|sample|pattern|search|find|replace|old|new|str|string|expected|output|result|log|url|path|file)(?:$|_)/;

/** `apply_migration {migration: "DROP TABLE users"}`: a whole change statement under a key that is not prose. */
function sqlUnderAnyKey(key: string, value: string): boolean {
  return SQL_CHANGE.test(value) && !NOT_STATEMENT_KEY.test(key) && looksLikeSql(value);
}

/** URLs (and bare IPv4 hosts with a path) written in free text: what a fetch tool's prompt asks for. */
const TEXT_URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"'`]+|\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\/[^\s<>"'`]*/gi;
/** Keys that name the host of a request tool (`{"host": "169.254.169.254", "path": "/latest/"}`). */
const HOST_KEY = /^(?:host|hostname|server|domain|ip|ip_address|address|target_host)$/;
/** Keys that say what a call is for, never what it runs (not sniffed as commands). */
const PROSE_KEY =
  /^(?:description|reason|explanation|title|summary|subject|message|msg|text|body|content|comment|note|notes|prompt|question|answer|name|label|thought|rationale|instructions|cwd|workdir|working_directory|timeout|env|language|lang|runtime|kernel|method|mode|encoding|format|type|id)$/;
/** Suffixes that mark a base64-encoded field (`command_b64`, `script_base64`). */
const BASE64_SUFFIX = /^(.*?)_?(?:b64|base64|encoded)$/;
/** Programs a free-text field must start with to be read as a command line (see looksLikeCommand). */
const COMMAND_START =
  /^(?:sudo\s+|env\s+|(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+))*(?:\/(?:usr\/)?(?:s?bin)\/)?(?:rm|rmdir|curl|wget|bash|sh|zsh|dash|ksh|sudo|su|doas|chmod|chown|chattr|dd|mkfs(?:\.\w+)?|shred|wipefs|nc|ncat|netcat|socat|python[0-9.]*|node|perl|ruby|php|eval|exec|cat|cp|mv|ln|tee|truncate|find|xargs|base64|openssl|ssh|scp|rsync|git|docker|podman|kubectl|psql|mysql|sqlite3|mongo|redis-cli|crontab|systemctl|kill|pkill|killall|shutdown|reboot|halt|poweroff|iptables|useradd|usermod|passwd|echo|printf|export|source|nohup|setsid|timeout|awk|sed|tar|zip|unzip|apt|apt-get|yum|dnf|pip|pip3|npm|npx|yarn|pnpm|make|mount|umount|fdisk|parted|history|unset|deno|bun|busybox|pwsh|powershell|lua|luajit|osascript|tclsh|expect|fish|csh|tcsh|telnet|ftp|tftp|nslookup|dig|aws|gcloud|gsutil|az|terraform|tofu|helm|etcdctl|mc|kafka-topics|nice|ionice|stdbuf|script|chroot|flock|xterm|unbuffer|chrt|taskset|runuser|systemd-run|gawk|mawk|nawk)(?=\s|$)/;

/** Tool or key name as snake-case words: `writeFile`, `WriteFile`, `write-file` → `write_file`. */
export function snakeName(name: string): string {
  // Most keys already are snake case (`command`, `file_path`): no regex work for them.
  if (/^[a-z0-9]+(?:_[a-z0-9]+)*$/.test(name)) return name;
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

const VERB_WORDS =
  'read|write|delete|remove|edit|create|append|move|rename|copy|run|exec|execute|get|put|update|save|list|view|open|fetch|apply|replace|overwrite|upload|download|insert|patch|unlink|erase|destroy|wipe|purge|trash|modify|set|make|mk|rm|cat|search|find|load|store|http|browse|visit|navigate|query|eval|shell|bash|terminal|spawn|invoke|call|send';
const NOUN_WORDS =
  'file|files|dir|dirs|directory|directories|folder|folders|path|paths|command|commands|cmd|shell|code|script|patch|text|url|page|content|contents|data|process|program|notebook|cell|sql|query|request|tree|link|chmod|permissions|mode';
const GLUED = new RegExp(`^(${VERB_WORDS})(${NOUN_WORDS})$`);

/** Words of a tool name with glued words split too (`readfile` → `read_file`, `runcommand`). */
function toolWords(name: string): string {
  return snakeName(name)
    .split('_')
    .map((w) => {
      const m = GLUED.exec(w);
      return m ? `${m[1]}_${m[2]}` : w;
    })
    .join('_');
}

/** A free-text value that reads as a shell command line: it starts with a program name we know. */
function looksLikeCommand(value: string): boolean {
  const t = value.trimStart();
  return t.length >= 3 && t.length < 65536 && COMMAND_START.test(t);
}

const LANGUAGE: Readonly<Record<string, Runtime>> = {
  python: 'python',
  python3: 'python',
  py: 'python',
  ipython: 'python',
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
  powershell: 'bash',
  sql: 'sql',
  postgres: 'sql',
  postgresql: 'sql',
  mysql: 'sql',
  sqlite: 'sql',
  psql: 'sql',
  tsql: 'sql',
  mssql: 'sql',
  oracle: 'sql',
  plsql: 'sql',
  dockerfile: 'docker',
  docker: 'docker',
};

/** The runtime a sibling `language`/`lang`/`runtime`/`kernel` field names, if any. */
function siblingLanguage(siblings: Record<string, unknown> | undefined): Runtime | undefined {
  const lang = siblings?.language ?? siblings?.lang ?? siblings?.runtime ?? siblings?.kernel;
  if (typeof lang === 'string') {
    const l = lang.toLowerCase().trim();
    // Platform runtime ids carry a version (`python3.12`, `nodejs20.x`, `node18`).
    return LANGUAGE[l] ?? LANGUAGE[l.replace(/[\d.]+(?:\.x)?$|\d*\.x$/, '')];
  }
  // `{"interpreter": "/usr/bin/python3.11", "script": ...}`: the program's name without path or version.
  const interp = siblings?.interpreter ?? siblings?.interpreter_path ?? siblings?.shell_program;
  if (typeof interp !== 'string') return undefined;
  const base = /([a-z]+)[0-9.]*(?:\.exe)?$/i.exec(
    interp
      .trim()
      .split(/\s+/)[0]!
      .replace(/^.*[\\/]/, ''),
  );
  return base ? LANGUAGE[base[1]!.toLowerCase()] : undefined;
}

/**
 * The interpreter line a sibling `language`/`interpreter` names for a language the engine reads
 * through its command line (`{"language": "ruby", "code": ...}` is `ruby -e CODE`).
 */
function siblingInterpreter(siblings: Record<string, unknown> | undefined): string | undefined {
  for (const k of ['language', 'lang', 'runtime', 'kernel', 'interpreter', 'interpreter_path']) {
    const v = siblings?.[k];
    if (typeof v !== 'string') continue;
    const base = /([a-z]+)[0-9.]*(?:\.exe)?$/i.exec(
      v
        .trim()
        .split(/\s+/)[0]!
        .replace(/^.*[\\/]/, ''),
    );
    const line = base ? INTERPRETER_LINE[base[1]!.toLowerCase()] : undefined;
    if (line !== undefined) return line;
  }
  return undefined;
}

/** Runtime a generic `code` field is in: its sibling `language`/`lang`, else the tool's name. */
function codeRuntime(tool: string, siblings: Record<string, unknown> | undefined): Runtime | undefined {
  const lang = siblingLanguage(siblings);
  if (lang !== undefined) return lang;
  if (/python|ipython|jupyter|notebook/.test(tool)) return 'python';
  if (/javascript|node|(?:^|_)js(?:$|_)|deno|typescript/.test(tool)) return 'node';
  if (/sql|postgres|mysql|sqlite|database|(?:^|_)db(?:$|_)/.test(tool)) return 'sql';
  if (SHELL_TOOL.test(tool)) return 'bash';
  return undefined;
}

/** The runtime a script's `#!` line names (sh-like shells, Python, Node), or undefined. */
function shebangRuntime(value: string): Runtime | undefined {
  const m = /^#!\s*(?:\/usr)?(?:\/local)?\/bin\/(?:env\s+(?:-S\s+)?)?([a-z]+)/.exec(value);
  if (!m) return undefined;
  const program = m[1]!;
  if (/^(?:ba|z|da|k|a)?sh$/.test(program)) return 'bash';
  return program === 'python' ? 'python' : program === 'node' ? 'node' : undefined;
}

/** Tools that run their command on another machine over SSH (ssh_exec, remote_exec, run_ssh_command). */
const SSH_TOOL = /(?:^|_)(?:ssh|remote_(?:exec|execute|run|shell|command|cmd))(?:$|_)/;
/** Keys naming the machine an SSH tool runs on. */
const SSH_HOST_KEY =
  /^(?:host|hostname|server|target|target_host|machine|node|instance|ip|ip_address|address|remote)$/;

/** The host an SSH tool's command runs on, when a sibling names one (`{"host": "staging", "command": ...}`). */
function sshHost(tool: string, siblings: Record<string, unknown> | undefined): string | undefined {
  if (!SSH_TOOL.test(tool)) return undefined;
  for (const [k, v] of Object.entries(siblings ?? {}))
    if (typeof v === 'string' && SSH_HOST_KEY.test(snakeName(k)) && /^[\w.@:[\]-]+$/.test(v.trim()))
      return v.trim();
  return undefined;
}

/** Tool names that run what they are given as a shell command. */
const SHELL_TOOL =
  /(?:^|_)(?:bash|shell|sh|zsh|terminal|console|command|commands|cmd|exec|execute|run|spawn|process|cli|tmux|ssh|subprocess|system)(?:$|_)/;

type FileVerb = { readonly op: FileOperation } | undefined;

const words = (list: string): RegExp => new RegExp(`(?:^|_)(?:${list})(?:$|_)`);
/** Tool-name verbs per file operation, most destructive first (compiled once). */
const FILE_VERBS: readonly (readonly [RegExp, FileOperation])[] = [
  [words('delete|remove|rm|unlink|rmdir|trash|erase|destroy|wipe|purge'), 'delete'],
  [words('move|rename|mv'), 'move'],
  [words('copy|cp'), 'copy'],
  // A mode set by any spelling (`change_file_permission {path, mode}`, Agent-SafetyBench).
  [words('chmod|set_permissions|permissions|permission|file_mode|set_mode|change_mode'), 'chmod'],
  [words('append'), 'append'],
  // What a download, an unpacked archive or a clone lands in is written.
  [words('download|extract|unzip|untar|unpack|decompress|clone'), 'write'],
  // Tools that send a local file away (upload_file, send_email attachments) read it.
  [words('upload|attach|send|email|mail|share'), 'read'],
  [
    words(
      'write|edit|create|save|put|update|replace|patch|insert|overwrite|str_replace|mkdir|mk|modify|store|apply|set|push_files|push_file|commit_files|commit_file',
    ),
    'write',
  ],
  // Goose names its editor `developer__text_editor` (the extension, then the tool).
  [/(?:^|_)(?:text_editor|str_replace_editor|str_replace_based_edit_tool)$/, 'write'],
  [
    words(
      'read|view|cat|open|get|load|show|list|ls|head|tail|stat|download|search|grep|find|glob|fetch|browse',
    ),
    'read',
  ],
];

/** What a file tool does with its path arguments, from its name (write_file, read_file, delete_file ...). */
function fileVerb(tool: string): FileVerb {
  for (const [re, op] of FILE_VERBS) if (re.test(tool)) return { op };
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

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string');

/** Root context of a tool-call analysis: nested code goes through the engine's analyze(). */
interface ToolContext {
  nested(code: string, runtime: Runtime, span: Span): readonly Fact[];
  /** Work budget (src/engine/budget.ts) for one argument: false when the walk must stop. */
  spend?(units: number): boolean;
}

/** Units one string argument costs: classifying it and the literal rules (PII, injection) reading it, about 10 µs. */
const LEAF_UNITS = 100;
/** Units each object or array of the arguments costs to look over for argv shapes. */
const VISIT_UNITS = 20;
/** Units a code field costs before its own parse: an analysis's fixed overhead and its facts, about 80 µs. */
const FIELD_UNITS = 800;

/**
 * Files a patch names (`*** Update File: p`, `*** Add File:`, `*** Delete File:`, `+++ b/p`), with
 * the lines it adds to each (what a CI workflow or hook added by the patch will run).
 */
interface PatchedFile {
  readonly path: string;
  readonly op: FileOperation;
  readonly added: string[];
}

function patchFiles(text: string): PatchedFile[] {
  const out: PatchedFile[] = [];
  let current: PatchedFile | undefined;
  for (const line of text.split('\n')) {
    const m = /^\*\*\* (Add|Update|Delete) File: (.+)$|^\+\+\+ (?:b\/)?(\S+)|^\*\*\* Move to: (.+)$/.exec(
      line,
    );
    if (m) {
      if (out.length >= 256) break;
      current = undefined;
      if (m[2] !== undefined) {
        current = { path: m[2].trim(), op: m[1] === 'Delete' ? 'delete' : 'write', added: [] };
        out.push(current);
      } else if (m[3] !== undefined && m[3] !== '/dev/null') {
        current = { path: m[3], op: 'write', added: [] };
        out.push(current);
      } else if (m[4] !== undefined) {
        // The moved file keeps the update's added lines.
        current = { path: m[4].trim(), op: 'write', added: out.at(-1)?.added ?? [] };
        out.push(current);
      }
      continue;
    }
    if (/^diff --git |^--- /.test(line)) current = undefined;
    else if (current !== undefined && line.startsWith('+') && current.added.length < 4096)
      current.added.push(line.slice(1));
  }
  return out;
}

/** The script of a `javascript:` URL, percent-decoded. */
function javascriptUrl(url: string): string {
  const body = url.trim().replace(/^javascript:/i, '');
  try {
    return decodeURIComponent(body);
  } catch {
    return body;
  }
}

/** Decoded text of a base64 value when it decodes to printable UTF-8; undefined otherwise. */
function decodeBase64Text(value: string): string | undefined {
  const t = value.trim();
  if (t.length < 4 || t.length > 65536 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(t)) return undefined;
  const decoded = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  // eslint-disable-next-line no-control-regex -- printable text only: tabs and newlines allowed
  if (decoded.length === 0 || /[\x00-\x08\x0e-\x1f\ufffd]/.test(decoded)) return undefined;
  return decoded;
}

/** Path of a `file:` URL (`file:///etc/shadow`, `file://localhost/etc/x`), percent-decoded. */
function fileUrlPath(value: string): string | undefined {
  const m = /^file:(?:\/\/(?:localhost)?)?(\/[^?#]*)/i.exec(value.trim());
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return m[1];
  }
}

/** JSON text inside a string field (double-encoded arguments): parsed when it is an object or array. */
function innerJson(value: string): unknown {
  const t = value.trim();
  if (!((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']')))) return undefined;
  try {
    const v = JSON.parse(t) as unknown;
    return v !== null && typeof v === 'object' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Tools named after a program (`git`, `kubectl`, `run_terraform`): their arguments are its argv. */
const PROGRAM_TOOLS: Readonly<Record<string, string>> = {
  git: 'git',
  kubectl: 'kubectl',
  k8s: 'kubectl',
  kubernetes: 'kubectl',
  docker: 'docker',
  podman: 'podman',
  terraform: 'terraform',
  tofu: 'tofu',
  helm: 'helm',
  aws: 'aws',
  gcloud: 'gcloud',
  az: 'az',
  gh: 'gh',
  redis: 'redis-cli',
  redis_cli: 'redis-cli',
  psql: 'psql',
  mysql: 'mysql',
  systemctl: 'systemctl',
  npm: 'npm',
  pip: 'pip',
  rsync: 'rsync',
  ssh: 'ssh',
  grep: 'grep',
  rg: 'rg',
  ripgrep: 'rg',
  find: 'find',
  fd: 'fd',
};
/** Keys whose string value is the program's subcommand line (`{"command": "push --force"}`). */
const SUBCOMMAND_KEY =
  /^(?:command|cmd|subcommand|sub_command|action|operation|op|verb|args|arguments|argv)$/;

/** The program a tool is named after: `git`, `git_cli`, `run_kubectl`, `terraform_command`. */
function programOfTool(tool: string): string | undefined {
  const bare = tool
    .replace(/^(?:run|exec|execute|call|invoke|use)_/, '')
    .replace(/_(?:cli|command|cmd|exec|run|tool|execute)$/, '');
  return PROGRAM_TOOLS[bare];
}

/**
 * Fields of a program-named tool that name the server it talks to, as the program's own options
 * (`{"host": "localhost", "db": 15}` is `redis-cli -h localhost -n 15`): the rules judge where a
 * datastore command goes by them.
 */
const SERVER_OPTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'redis-cli': { host: '-h', hostname: '-h', port: '-p', db: '-n', database: '-n', url: '-u', uri: '-u' },
};

/** The argv line of a program-named tool's arguments (subcommand text, then argument arrays). */
function programLine(program: string, args: unknown): string | undefined {
  if (typeof args === 'string') return args.trim() === '' ? undefined : `${program} ${args}`;
  if (isStringArray(args)) return [program, ...args.map(quote)].join(' ');
  const rec = asRecord(args);
  if (!rec) return undefined;
  const parts: string[] = [program];
  const options: string[] = [];
  for (const [k, v] of Object.entries(rec)) {
    const key = snakeName(k);
    const server = SERVER_OPTIONS[program]?.[key];
    if (typeof v === 'string' && SUBCOMMAND_KEY.test(key)) parts.splice(1, 0, v);
    else if (isStringArray(v) && (ARGS_KEY.test(key) || SUBCOMMAND_KEY.test(key)))
      parts.push(...v.map(quote));
    else if (server !== undefined && (typeof v === 'string' || typeof v === 'number'))
      options.push(server, quote(String(v)));
  }
  return parts.length > 1 ? [parts[0], ...options, ...parts.slice(1)].join(' ') : undefined;
}

/** Keys naming the directory a command runs in. */
const CWD_KEY =
  /^(?:cwd|workdir|work_dir|working_directory|working_dir|working_folder|cwd_path|cwd_dir|dir|directory|run_dir|exec_dir|current_directory|current_dir|start_dir|starting_directory)$/;

/** A command line as it runs with its sibling working directory and standard input applied. */
function inContext(line: string, siblings: Record<string, unknown> | undefined, selfKey: string): string {
  let out = line;
  const stdinKey = ['stdin', 'input', 'stdin_data', 'input_data', 'input_text', 'stdin_text'].find(
    (k) => k !== selfKey && typeof siblings?.[k] === 'string' && siblings[k] !== '',
  );
  if (stdinKey !== undefined) {
    const stdin = siblings![stdinKey] as string;
    // xargs turns its input into arguments; anything else reads it (an interpreter runs it as code).
    const xargs = /^\s*xargs\b/.test(out)
      ? ` ${stdin
          .split(/\s+/)
          .filter((w) => w !== '')
          .slice(0, 256)
          .map(quote)
          .join(' ')}`
      : '';
    let tag = 'AGENT_GUARD_STDIN';
    while (stdin.includes(tag)) tag += '_';
    out = `${out}${xargs} <<'${tag}'\n${stdin}\n${tag}`;
  }
  // Gemini CLI's `directory`, Windsurf's `Cwd`, `workdir`: where the command runs.
  const cwdKey = Object.keys(siblings ?? {}).find(
    (k) =>
      k !== selfKey && CWD_KEY.test(snakeName(k)) && typeof siblings![k] === 'string' && siblings![k] !== '',
  );
  if (cwdKey !== undefined) out = `cd ${quote(siblings![cwdKey] as string)} && ${out}`;
  return envPrefix(siblings, selfKey) + out;
}

const POWERSHELL = /^(?:powershell|pwsh)(?:\.exe)?$/i;
/** A shell or interpreter named as a setting (`bash`, `/bin/zsh`, `pwsh.exe`, `cmd`). */
const SHELL_NAME =
  /^(?:(?:\/usr)?\/bin\/)?(?:(?:ba|z|k|da|fi|tc|c)?sh|pwsh|powershell|cmd|python[0-9.]*|node|default|login)(?:\.exe)?$/i;

/** Keys naming the program that runs a sibling script (`{"interpreter": "bash", "script": ...}`). */
const INTERPRETER_KEY = /^(?:shell|interpreter|interpreter_path|shell_program|executable)$/;

/** Whether a sibling of `self` holds code or a command (the field a `shell` setting runs). */
function hasCodeSibling(siblings: Record<string, unknown> | undefined, self: string): boolean {
  return Object.keys(siblings ?? {}).some((k) => {
    if (k === self || typeof siblings![k] !== 'string') return false;
    const key = snakeName(k);
    return key !== 'shell' && (CODE_BASH.test(key) || CODE_GENERIC.test(key));
  });
}

/** A tool named after PowerShell, or whose `shell`/`language`/`interpreter` field names it. */
function runsPowerShell(tool: string, siblings: Record<string, unknown> | undefined): boolean {
  if (/(?:^|_)(?:powershell|pwsh)(?:$|_)/.test(tool)) return true;
  return ['shell', 'language', 'lang', 'interpreter', 'executable'].some((k) => {
    const v = siblings?.[k];
    return typeof v === 'string' && POWERSHELL.test(v.trim().replace(/^.*[\\/]/, ''));
  });
}

/** A cmd.exe tool (`cmd`, `windows_cmd`, `command_prompt`), or one whose `shell` field names cmd. */
function runsCmd(tool: string, siblings: Record<string, unknown> | undefined): boolean {
  if (/^(?:cmd|cmd_exe|command_prompt)$|(?:^|_)(?:windows_cmd|cmd_exe|command_prompt)(?:$|_)/.test(tool))
    return true;
  return ['shell', 'interpreter', 'executable'].some((k) => {
    const v = siblings?.[k];
    return typeof v === 'string' && /^cmd(?:\.exe)?$/i.test(v.trim().replace(/^.*[\\/]/, ''));
  });
}

/**
 * A command field that starts cmd.exe (`cmd /c del /s /q C:\Users\x\*`) is run by Windows, where
 * backslashes are path separators: its text is kept whole for cmd.ts instead of bash's unescaping.
 */
function cmdLine(value: string): string {
  const m = /^\s*(cmd(?:\.exe)?)\s+(\/[ckr])\s+([\s\S]+)$/i.exec(value);
  return m && m[3]!.includes('\\') ? `${m[1]!} ${m[2]!} ${quote(m[3]!)}` : value;
}

/** A keystroke tool typing text (no `action`, or an action that types): the text runs in its shell. */
function typesKeys(tool: string, siblings: Record<string, unknown> | undefined): boolean {
  if (!KEYSTROKE_TOOL.test(tool)) return false;
  const action = siblings?.action ?? siblings?.type;
  return typeof action !== 'string' || KEYSTROKE_ACTION.test(snakeName(action));
}

/** Environment a command tool sets (`env: {K: V}`, `env_vars: [{name, value}]`) as `export` lines. */
function envPrefix(siblings: Record<string, unknown> | undefined, selfKey: string): string {
  let out = '';
  for (const k of ['env', 'environment', 'env_vars', 'envs', 'environment_variables']) {
    if (k === selfKey) continue;
    const v = siblings?.[k];
    const pairs: [string, unknown][] = Array.isArray(v)
      ? v.map((e): [string, unknown] => {
          const r = asRecord(e);
          const name = r?.name ?? r?.key;
          return [typeof name === 'string' ? name : '', r?.value];
        })
      : Object.entries(asRecord(v) ?? {});
    for (const [name, value] of pairs.slice(0, 64)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) continue;
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
      out += `export ${name}=${quote(String(value))}; `;
    }
  }
  return out;
}

/** Facts of one tool call given as its text (see toolCallText). */
export function extractToolCall(text: string, ctx: ToolContext): Fact[] {
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
  return walkArguments(parsed, toolWords(name), name, ctx, 0, undefined, true);
}

/**
 * Keys naming a nested call's tool and holding its arguments: batch and parallel wrappers, and the
 * activity, task or DAG a workflow engine runs (Temporal `activity`, Celery `name` + `kwargs`,
 * Trigger.dev `task` + `payload`, Airflow `dag_id` + `conf`), judged as if called directly (R21).
 */
const CALL_NAME_KEYS = [
  'name',
  'tool',
  'tool_name',
  'toolName',
  'recipient_name',
  'function',
  'activity',
  'activity_type',
  'activityType',
  'task',
  'task_name',
  'taskName',
  'dag_id',
  // Arcade `tool_name` + `inputs`, a delegated plan's `call` + `args` (R26 wrappers).
  'call',
  'function_name',
  'functionName',
  'action_name',
  'tool_id',
] as const;
const CALL_ARGS_KEYS = [
  'arguments',
  'args',
  'kwargs',
  'input',
  'payload',
  'conf',
  'parameters',
  'params',
  'tool_input',
  'toolInput',
  'tool_args',
  'toolArgs',
  'tool_arguments',
  'tool_params',
  'inputs',
  'tool_inputs',
  'function_args',
  'function_arguments',
  'call_args',
] as const;

/** Dotted prefixes that only say where a tool lives (`functions.`, `default_api.`, Celery `ops.tasks.`). */
const NAMESPACE = /^(?:functions|function|default_api|api|tools|tool|mcp|tasks|ops|actions|plugins)$/;

/**
 * A tool call nested in another's arguments (`{"calls": [{"name": "write_file", "arguments": {...}}]}`,
 * `{"tool_uses": [{"recipient_name": "functions.bash", "parameters": {...}}]}`): its name and arguments.
 */
function nestedCall(
  rec: Record<string, unknown>,
  inner: boolean,
): { name: string; args: unknown } | undefined {
  // `functions.write_file`, `default_api.bash`, Celery `ops.tasks.wire`: the tool is the last dotted part;
  // an SDK method path's bare verb keeps its resource (`stripe.refunds.create` is `stripe_refunds_create`).
  const toolName = (k: string): string | undefined => {
    const v = rec[k];
    const parts = typeof v === 'string' ? v.split('.').slice(-3) : [''];
    const verbOnly = parts.length > 1 && /^[a-z]+$/.test(parts[parts.length - 1]!);
    const name = verbOnly
      ? parts.slice(parts.findLastIndex((x) => NAMESPACE.test(x)) + 1).join('_')
      : parts[parts.length - 1]!;
    return /^[A-Za-z0-9_:-]{1,128}$/.test(name) ? name : undefined;
  };
  // A step's display name (`name: "Pay vendor"`) beside its `activity` is no tool name: the first that is one counts.
  const named = CALL_NAME_KEYS.filter((k) => typeof rec[k] === 'string' && rec[k] !== '');
  if (named.length === 0) return appAction(rec) ?? (inner ? unnamedCall(rec) : undefined);
  const name = named.map(toolName).find((n) => n !== undefined);
  if (name === undefined) return undefined;
  for (const k of CALL_ARGS_KEYS) {
    const v = rec[k];
    const args = typeof v === 'string' ? innerJson(v) : v;
    if (asRecord(args) !== undefined) return { name, args };
  }
  return undefined;
}

/** Keys naming the app or integration an automation platform runs an action of. */
const APP_KEYS = ['app', 'app_name', 'appName', 'integration', 'connector', 'service', 'provider'] as const;

/**
 * An automation platform's action (Zapier `{app: "Gmail", action: "send_email", params}`, Composio
 * `{action: "GMAIL_SEND_EMAIL", params}`, n8n `{node, operation, parameters}`): judged as the tool
 * the app and action name (`gmail_send_email`) given the parameters, as a directly called tool is.
 */
function appAction(rec: Record<string, unknown>): { name: string; args: unknown } | undefined {
  // Make's scenario module (`{module: "google-sheets:shareSpreadsheet", mapper}`, R24) names app and action in one.
  const action = rec.action ?? rec.operation ?? rec.action_name ?? rec.actionName ?? rec.module;
  if (typeof action !== 'string' || !/^[A-Za-z][\w.:-]{1,63}$/.test(action)) return undefined;
  const app = APP_KEYS.map((k) => rec[k] ?? undefined).find(
    (v): v is string => typeof v === 'string' && /^[A-Za-z][\w .-]{0,39}$/.test(v),
  );
  const words = snakeName(action.replace(/[.:-]+/g, '_'));
  // One bare verb with no app (`{action: "delete"}`) is a dispatcher's field (dispatch.ts), no tool name.
  if (app === undefined && !words.includes('_')) return undefined;
  for (const k of [...CALL_ARGS_KEYS, 'mapper'] as const) {
    const v = rec[k];
    const args = typeof v === 'string' ? innerJson(v) : v;
    if (asRecord(args) === undefined) continue;
    const name = app === undefined ? words : `${snakeName(app.replace(/[ .-]+/g, '_'))}_${words}`;
    return name.length <= 128 ? { name, args } : undefined;
  }
  return undefined;
}

/** An HTTP method with a URL or path beside it: one request of a batch, a plan or a workflow step. */
const HTTP_METHOD = /^\s*(?:get|head|options|post|put|patch|delete)\s*$/i;
const GRAPHQL_MUTATION = /^\s*mutation\b/;

/**
 * A step nested in a batch, plan or workflow that names no tool (`requests: [{method: "DELETE", url}]`,
 * `operations: [{query: "mutation {...}"}]`, `plan: [{action: "delete", resource: "project"}]`): judged
 * as the generic request, GraphQL or dispatcher call it is.
 */
function unnamedCall(rec: Record<string, unknown>): { name: string; args: unknown } | undefined {
  const method = rec.method ?? rec.http_method ?? rec.httpMethod ?? rec.verb;
  const url = rec.url ?? rec.uri ?? rec.path ?? rec.endpoint;
  if (typeof method === 'string' && HTTP_METHOD.test(method) && typeof url === 'string')
    return { name: 'http_request', args: rec };
  if (typeof rec.query === 'string' && GRAPHQL_MUTATION.test(rec.query))
    return { name: 'graphql', args: rec };
  const op = rec.action ?? rec.operation ?? rec.op;
  if (typeof op === 'string' && op.length < 64) return { name: 'invoke', args: rec };
  return undefined;
}

/** One bit per key pattern the argument walk asks of a leaf's key (see keyKinds). */
const K_BASH = 1 << 0;
const K_CLI_LINE = 1 << 1;
const K_BASH_LIST = 1 << 2;
const K_ARGV = 1 << 3;
const K_GENERIC = 1 << 4;
const K_PYTHON = 1 << 5;
const K_NODE = 1 << 6;
const K_SQL = 1 << 7;
const K_BROWSER_CODE = 1 << 8;
const K_QUERY = 1 << 9;
const K_REPL_INPUT = 1 << 10;
const K_DOCKER = 1 << 11;
const K_URL = 1 << 12;
const K_PATH = 1 << 13;
const K_FILE_REF = 1 << 14;
const K_CONTENT = 1 << 15;
const K_KEYSTROKE = 1 << 16;
const K_PROSE = 1 << 17;
const K_INTERPRETER = 1 << 18;
const K_HOST = 1 << 19;
const KEY_PATTERNS: readonly (readonly [RegExp, number])[] = [
  [CODE_BASH, K_BASH],
  [CLI_LINE_KEY, K_CLI_LINE],
  [CODE_BASH_LIST, K_BASH_LIST],
  [ARGV_KEY, K_ARGV],
  [CODE_GENERIC, K_GENERIC],
  [CODE_PYTHON, K_PYTHON],
  [CODE_NODE, K_NODE],
  [CODE_SQL, K_SQL],
  [BROWSER_CODE_KEY, K_BROWSER_CODE],
  [CODE_QUERY, K_QUERY],
  [REPL_INPUT_KEY, K_REPL_INPUT],
  [CODE_DOCKER, K_DOCKER],
  [URL_KEY, K_URL],
  [PATH_KEY, K_PATH],
  [FILE_REF_KEY, K_FILE_REF],
  [CONTENT_KEY, K_CONTENT],
  [KEYSTROKE_KEY, K_KEYSTROKE],
  [PROSE_KEY, K_PROSE],
  [INTERPRETER_KEY, K_INTERPRETER],
  [HOST_KEY, K_HOST],
];
/**
 * The key patterns a leaf's key matches, as bits: every string leaf asked its key some twenty
 * anchored patterns (8-13% of a tool call), and calls repeat the same few keys (name-memo.ts).
 */
const keyKinds = memoName((key: string): number => {
  let bits = 0;
  for (const [re, bit] of KEY_PATTERNS) if (re.test(key)) bits |= bit;
  return bits;
});

/**
 * The facts of `parsed` (`{ name, arguments }`). `at` is the span every fact gets when this is a
 * JSON document found inside a string field (its own offsets would not point into the text).
 */
function walkArguments(
  parsed: unknown,
  tool: string,
  name: string,
  ctx: ToolContext,
  level: number,
  at: Span | undefined,
  /** The call's own name and arguments (not a re-walk of JSON found in one of its strings). */
  whole = false,
  /** JSON found in what a local file tool writes: its strings stay on this machine. */
  written = false,
): Fact[] {
  const facts: Fact[] = [];
  const out = { text: '', leaves: [] as Leaf[], tooDeep: [] as Span[] };
  serialise(parsed, [], out);
  const spanOf = (s: Span): Span => at ?? s;
  for (const span of out.tooDeep)
    facts.push({
      kind: 'unparsed',
      text: out.text.slice(span.start, span.end),
      span: spanOf(span),
      runtime: 'bash',
      depth: 0,
    });
  const verb = fileVerb(tool);
  const writes = verb !== undefined && (verb.op === 'write' || verb.op === 'append');
  // A file tool aimed at a hosted repository, gist or bucket writes there, not to this machine.
  const remote = writes && remoteFileTool(tool, asRecord(asRecord(parsed)?.arguments));
  const localWrite = writes && !remote && LOCAL_FILE_TOOL.test(tool);
  // A hosted store's keys name no local file, however they are spelled.
  const localFiles = verb !== undefined && !remoteFileTool(tool, asRecord(asRecord(parsed)?.arguments));
  const shellTool = SHELL_TOOL.test(tool);
  // A copy or move whose other side is a bucket or a URL (`copy_to_bucket {local_file, bucket:
  // "gs://drop"}`) sends the local file there, as an upload does.
  const remoteCopy =
    (verb?.op === 'copy' || verb?.op === 'move') &&
    out.leaves.some(
      (l) =>
        REMOTE_STORE.test(l.value.trim()) &&
        !/(?:^|_)(?:source|src|from)$/.test(snakeName(l.path.at(-1) ?? '')),
    );
  const actor = `tool:${name}`;
  const base = { runtime: 'bash' as const, depth: 0 };

  // Arrays that are one argv (`"argv": [...]`, `"command": ["rm", "-rf", "/"]`, or a program key
  // beside an args array: `{"command": "rm", "args": ["-rf", "/"]}`) run as one quote-joined line.
  const consumed = new Set<string>();
  const pathKey = (p: readonly string[]): string => p.join('\u0000');
  const leavesUnder = (p: readonly string[]): Leaf[] =>
    out.leaves.filter((l) => l.path.length > p.length && p.every((k, i) => l.path[i] === k));
  const runArgv = (argv: string[], leaves: Leaf[], siblings?: Record<string, unknown>): void => {
    if (leaves.length === 0) return;
    for (const l of leaves) consumed.add(pathKey(l.path));
    const span = spanOf({ start: leaves[0]!.span.start, end: leaves[leaves.length - 1]!.span.end });
    facts.push(...ctx.nested(inContext(argv.map(quote).join(' '), siblings, ''), 'bash', span));
  };
  /** Facts of what `content` written to the tool's target file runs later (tool-call/written.ts). */
  const writtenFacts = (
    content: string,
    siblings: Record<string, unknown> | undefined,
    span: Span,
    only?: RegExp,
    read: typeof writtenCode = writtenCode,
  ): Fact[] => {
    // MultiEdit-style `edits: [{old_string, new_string}]` name the file once, beside the list.
    const top = asRecord(asRecord(parsed)?.arguments);
    const target =
      PATH_FIELDS.map((k) => siblings?.[k] ?? top?.[k]).find((v): v is string => typeof v === 'string') ??
      // `{"fsPath": "/etc/sudoers.d/x", "content": ...}`: the path field under another name.
      [siblings, top]
        .flatMap((r) => Object.entries(r ?? {}))
        .map(([k, v]) => (typeof v === 'string' && impliedPath(tool, snakeName(k), v) ? v : undefined))
        .find((v) => v !== undefined);
    return target !== undefined && (only === undefined || only.test(target))
      ? codeWrittenTo(target, content, span, read)
      : [];
  };
  /** Facts of what `content` written to `target` runs later (tool-call/written.ts). */
  const codeWrittenTo = (target: string, content: string, span: Span, read = writtenCode): Fact[] => {
    // Forge APIs take file content base64-encoded (GitHub's contents API): read what it decodes to.
    const decoded = /\s/.test(content.trim()) ? undefined : decodeBase64Text(content);
    const text = decoded ?? content;
    // Product source the run-later readers leave alone is read for what it plants (source-edit.ts).
    const written = read(target, text) ?? (read === writtenCode ? sourceCode(target, text) : undefined);
    if (!written) return [];
    return ctx
      .nested(written.code, written.runtime, span)
      .filter((f) => !written.ignore?.includes(f.kind) && (written.keep === undefined || written.keep(f)));
  };
  const visit = (value: unknown, path: string[], depth: number): void => {
    if (depth > MAX_JSON_DEPTH || ctx.spend?.(VISIT_UNITS) === false) return;
    if (Array.isArray(value)) {
      value.forEach((v, i) => visit(v, [...path, String(i)], depth + 1));
      return;
    }
    const rec = asRecord(value);
    if (!rec) return;
    // A call wrapped by a batch tool is judged as that tool, besides the generic walk of its fields.
    const call = level < 4 ? nestedCall(rec, path.length > 1) : undefined;
    if (call !== undefined) {
      const leaves = leavesUnder(path);
      const span = spanOf(
        leaves.length > 0
          ? { start: leaves[0]!.span.start, end: leaves[leaves.length - 1]!.span.end }
          : { start: 0, end: out.text.length },
      );
      facts.push(
        ...walkArguments(
          { name: call.name, arguments: call.args },
          toolWords(call.name),
          call.name,
          ctx,
          level + 1,
          span,
          true,
        ),
      );
    }
    const keys = Object.keys(rec);
    const programKey = keys.find((k) => PROGRAM_KEY.test(snakeName(k)) && typeof rec[k] === 'string');
    const argsKey = keys.find((k) => ARGS_KEY.test(snakeName(k)) && isStringArray(rec[k]));
    if (
      programKey !== undefined &&
      argsKey !== undefined &&
      (path.length > 1 || shellTool || verb === undefined)
    ) {
      const program = rec[programKey] as string;
      runArgv(
        [program, ...(rec[argsKey] as string[])],
        [...leavesUnder([...path, programKey]), ...leavesUnder([...path, argsKey])],
        rec,
      );
    }
    for (const k of keys) {
      const key = snakeName(k);
      const v = rec[k];
      if (isStringArray(v) && KEYSTROKE_KEY.test(key) && isKeyPresses(v)) {
        // `keys: ["curl ... | bash", "Enter"]`: key presses type a line, they are no argv (keystrokes.ts).
        const leaves = leavesUnder([...path, k]);
        for (const l of leaves) consumed.add(pathKey(l.path));
        const span = spanOf({ start: leaves[0]!.span.start, end: leaves[leaves.length - 1]!.span.end });
        facts.push(...ctx.nested(inContext(typedText(v), rec, k), 'bash', span));
      } else if (
        isStringArray(v) &&
        (ARGV_KEY.test(key) || (CODE_BASH.test(key) && !CODE_BASH_LIST.test(key)))
      ) {
        if (!leavesUnder([...path, k]).every((l) => consumed.has(pathKey(l.path))))
          runArgv(v, leavesUnder([...path, k]), rec);
      } else if (
        isStringArray(v) &&
        CODE_BASH_LIST.test(key) &&
        v.length <= 256 &&
        v.some((c) => /^\s*(?:cd|pushd)\b/.test(c))
      ) {
        // A command list run in one session keeps the working directory a `cd` step moves to.
        const leaves = leavesUnder([...path, k]);
        for (const l of leaves) consumed.add(pathKey(l.path));
        const span = spanOf({ start: leaves[0]!.span.start, end: leaves[leaves.length - 1]!.span.end });
        facts.push(...ctx.nested(inContext(v.join('\n'), rec, k), 'bash', span));
      } else if (typeof v === 'object' && v !== null) visit(v, [...path, k], depth + 1);
    }
  };
  visit(asRecord(parsed)?.arguments, ['arguments'], 1);

  // A tool named after a program runs it with its arguments (`{"name": "git", "arguments": {"args": [...]}}`).
  const program = programOfTool(tool);
  if (program !== undefined) {
    const args = asRecord(parsed)?.arguments;
    const line = programLine(program, args);
    const argLeaves = leavesUnder(['arguments']);
    if (line !== undefined && argLeaves.length > 0) {
      const span = spanOf({
        start: argLeaves[0]!.span.start,
        end: argLeaves[argLeaves.length - 1]!.span.end,
      });
      facts.push(...ctx.nested(inContext(line, asRecord(args), ''), 'bash', span));
    }
  }

  // A structured call named after what it does (`git_push` + `force`, `docker_run` + `privileged`)
  // is analysed as the command line it stands for, so the existing rules decide (tool-call/cli.ts).
  if (whole) {
    const argLeaves = leavesUnder(['arguments']);
    const span = spanOf(
      argLeaves.length > 0
        ? { start: argLeaves[0]!.span.start, end: argLeaves[argLeaves.length - 1]!.span.end }
        : { start: 0, end: out.text.length },
    );
    // A payload sent as JSON text or base64 of it is judged as the object it encodes (tool-call/unwrap.ts).
    for (const c of cliEquivalents(name, unwrapped(asRecord(parsed)?.arguments)))
      facts.push(...ctx.nested(c.code, c.runtime, span));
  }

  // What the tool's name says, asked once per call rather than once per leaf.
  const browserTool = BROWSER_TOOL.test(tool);
  const replTool = REPL_TOOL.test(tool);
  const searchTool = SEARCH_TOOL.test(tool);
  const webTool =
    /fetch|http|request|browse|navigate|curl|download|scrape|crawl|webhook|open_url|visit|url|goto|browser|web/.test(
      tool,
    );
  for (const leaf of out.leaves) {
    if (ctx.spend?.(LEAF_UNITS) === false) break;
    if (leaf.path[0] !== 'arguments' || leaf.value === '' || consumed.has(pathKey(leaf.path))) continue;
    // Arguments that are not an object (a tool taking one bare string or a list of them) are read
    // as `{ <tool name>: value }`: a tool named `bash` or `sql` has its argument run in that runtime.
    // Array elements take the key of their array (`"commands": ["ls", "rm -rf /"]`).
    let i = leaf.path.length - 1;
    while (i > 0 && /^\d+$/.test(leaf.path[i]!)) i--;
    const rawKey = i === 0 ? tool : snakeName(leaf.path[i]!);
    const b64 = BASE64_SUFFIX.exec(rawKey);
    const key = b64 && b64[1] !== '' ? b64[1]! : rawKey;
    const kinds = keyKinds(key);
    const is = (bit: number): boolean => (kinds & bit) !== 0;
    const field = leaf.path.slice(1).join('.');
    const siblings = asRecord(get(parsed, leaf.path.slice(0, -1)));
    const span = spanOf(leaf.span);
    let value = leaf.value;
    // `{"content": "cm0g...", "encoding": "base64"}`: the field holds what its sibling says it encodes.
    const encoding = siblings?.encoding ?? siblings?.content_encoding;
    if (b64 || (typeof encoding === 'string' && /^(?:base64|b64)$/i.test(encoding.trim()))) {
      const decoded = decodeBase64Text(value);
      if (decoded !== undefined) value = decoded;
    }

    // JSON encoded inside a string field: walk it like arguments of the same tool.
    const inner = level < 4 ? innerJson(value) : undefined;
    if (inner !== undefined) {
      const keep = written || (localWrite && is(K_CONTENT));
      facts.push(...walkArguments({ name, arguments: inner }, tool, name, ctx, level + 1, span, false, keep));
      // JSON a write tool puts in a settings file (.vscode/settings.json, .claude/settings.json) is read too.
      if (verb !== undefined && (verb.op === 'write' || verb.op === 'append') && is(K_CONTENT))
        facts.push(...writtenFacts(value, siblings, span, AGENT_SETTINGS_FILE));
      // A package.json's scripts are walked above as fields; where its dependencies come from is not.
      if (localWrite && is(K_CONTENT))
        facts.push(...writtenFacts(value, siblings, span, PACKAGE_JSON, packageSources));
      continue;
    }

    // `{"shell": "bash", "command": "ls"}`: the shell named beside a command is the interpreter
    // that runs it (a setting), not a command that starts an interactive shell.
    if (is(K_INTERPRETER) && SHELL_NAME.test(value.trim()) && hasCodeSibling(siblings, leaf.path.at(-1)!))
      continue;
    let runtime: Runtime | undefined;
    const lang = siblingLanguage(siblings);
    // `{"language": "php", "code": ...}`: code in a language read through its interpreter's command line.
    const foreign = lang === undefined ? siblingInterpreter(siblings) : undefined;
    if (foreign !== undefined && (is(K_BASH) || is(K_GENERIC) || is(K_REPL_INPUT))) {
      facts.push(...ctx.nested(`${foreign} ${quote(value)}`, 'bash', span));
      continue;
    }
    const pathField =
      is(K_PATH) ||
      (localFiles && (impliedPath(tool, key, value) || writtenPath(writes, key, value, siblings)));
    // A browser tool's function or script runs as JavaScript in the page (fetch reaches what it can);
    // so does a `javascript:` URL it is sent to. The page's cookies and storage are its secrets
    // (node/page.ts reads them).
    if (browserTool && is(K_BROWSER_CODE)) {
      runtime = 'node';
    } else if (/^\s*javascript:/i.test(value) && (is(K_URL) || browserTool)) {
      runtime = 'node';
      value = javascriptUrl(value);
    } else if (replTool && (is(K_BASH) || is(K_GENERIC) || is(K_REPL_INPUT)))
      // python_repl `command`, code_interpreter `input`: the interpreter the tool names (Python when
      // it names none, as code interpreters are), unless the text reads as a command line.
      runtime = lang ?? codeRuntime(tool, siblings) ?? (looksLikeCommand(value) ? 'bash' : 'python');
    else if (is(K_BASH) || is(K_BASH_LIST) || is(K_ARGV) || is(K_CLI_LINE)) runtime = lang ?? 'bash';
    else if (is(K_PYTHON)) runtime = 'python';
    else if (is(K_NODE)) runtime = 'node';
    else if (is(K_SQL)) runtime = 'sql';
    else if (is(K_DOCKER)) runtime = 'docker';
    else if (is(K_GENERIC)) runtime = codeRuntime(tool, siblings) ?? sniffRuntime(value);
    else if (
      is(K_QUERY) &&
      (GRAPH_TOOL.test(tool) || SQL_TOOL.test(tool) || (!searchTool && looksLikeSql(value)))
    )
      runtime = 'sql';
    // LangChain's PythonREPLTool takes its code as `query` (red team r4): a REPL's input field is code.
    else if (is(K_REPL_INPUT) && replTool) runtime = codeRuntime(tool, siblings);
    else if (is(K_KEYSTROKE) && typesKeys(tool, siblings)) runtime = 'bash';
    // A script under any key that is not a file's text (`metadata: {"startup-script": "#!/bin/sh ..."}`,
    // a job's `boot_script`): its interpreter line says it runs, and in what.
    // A hook or job body with no file path (`create_git_hook {body: "#!/bin/sh ..."}`) is that script too.
    else if (
      shebangRuntime(value) !== undefined &&
      ((!is(K_CONTENT) && !is(K_PROSE)) ||
        (RUNS_BODY_TOOL.test(tool) && !PATH_FIELDS.some((k) => typeof siblings?.[k] === 'string')))
    )
      runtime = shebangRuntime(value);
    else
      runtime =
        keyLanguage(key) ??
        (COMPOUND_CODE_KEY.test(key) ? sniffRuntime(value) : undefined) ??
        (!searchTool && sqlUnderAnyKey(key, value) ? 'sql' : undefined);
    if (runtime === 'sql' && !looksLikeSql(value) && keyLanguage(key) === 'sql' && !is(K_SQL))
      runtime = undefined;
    // `{"database": "prod", "command": "DELETE FROM users"}`: SQL given to a command field is SQL.
    if (
      runtime === 'bash' &&
      lang === undefined &&
      !COMMAND_START.test(value.trimStart()) &&
      looksLikeSql(value)
    )
      runtime = 'sql';
    if (
      runtime === undefined &&
      /(?:^|_)(?:apply_)?patch(?:$|_)|^apply_diff$/.test(tool) &&
      /^\*\*\* Begin Patch|^(?:---|\+\+\+) /m.test(value)
    ) {
      for (const f of patchFiles(value)) {
        facts.push(fileOp(f.op, f.path, actor, span, false));
        if (f.op === 'write' && f.added.length > 0)
          facts.push(...codeWrittenTo(f.path, f.added.join('\n'), span));
      }
      continue;
    }
    // `{"lua": "os.execute('...')"}`: code in a language read through its interpreter's command line.
    const interpreter = runtime === undefined && lang === undefined ? keyInterpreter(key) : undefined;
    if (interpreter !== undefined) {
      facts.push(...ctx.nested(`${interpreter} ${quote(value)}`, 'bash', span));
      continue;
    }
    // Free text that reads as a command line: in a shell tool's fields, or under any key that
    // does not say it is prose (`{"input": "curl ... | sh"}`, `{"payload": "rm -rf /"}`).
    // `{"tool": "bash", "arguments": {...}}`: the wrapped tool's name, not a shell started (its call is walked above).
    const wrappedName =
      /^(?:name|tool|tool_name|function|recipient_name|activity|activity_type|task|task_name|dag_id)$/.test(
        key,
      ) &&
      !/\s/.test(value.trim()) &&
      siblings !== undefined &&
      nestedCall(siblings, true) !== undefined;
    if (runtime === undefined && !is(K_PROSE) && !is(K_URL) && !pathField && !wrappedName) {
      if ((shellTool && /\s/.test(value.trim())) || looksLikeCommand(value)) runtime = 'bash';
    }
    if (runtime !== undefined) {
      // A PowerShell tool's text is PowerShell: analysed as `pwsh -Command` (programs/powershell.ts).
      const code =
        runtime !== 'bash'
          ? value
          : runsPowerShell(tool, siblings)
            ? `pwsh -Command ${quote(value)}`
            : runsCmd(tool, siblings)
              ? `cmd /c ${quote(value)}`
              : cmdLine(value);
      // An SSH tool's command runs on its host: judged as the `ssh host '...'` line it amounts to.
      const host = runtime === 'bash' ? sshHost(tool, siblings) : undefined;
      const onHost = (line: string): string =>
        host === undefined ? line : `ssh ${quote(host)} ${quote(line)}`;
      // Cypher (a graph tool's query, a cypher field) is judged as the SQL it amounts to.
      const cypher = runtime === 'sql' && (GRAPH_TOOL.test(tool) || /(?:^|_)(?:cypher|cql)(?:$|_)/.test(key));
      const sql = cypher ? cypherAsSql(value) : undefined;
      const line =
        runtime === 'bash'
          ? onHost(inContext(code, siblings, leaf.path[leaf.path.length - 1]!))
          : (sql ?? value);
      facts.push(...ctx.nested(line, runtime, span));
      continue;
    }

    // `{"content_from_file": ".env"}`: a gist, paste or message tool reads the file and sends its text.
    // `{"attachments": [".env"]}`, `upload_to_dropbox {local: "~/.ssh/id_ed25519"}`: the same send.
    if (
      (is(K_FILE_REF) || sentFile(tool, key, value)) &&
      !localWrite &&
      ((verb?.op !== 'copy' && verb?.op !== 'move') || remoteCopy) &&
      !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)
    ) {
      const host = `${snakeName(name).replace(/_/g, '-').slice(0, 60) || 'tool'}.invalid`;
      facts.push(...ctx.nested(`curl --data-binary ${quote(`@${value}`)} https://${host}/`, 'bash', span));
    }

    // Content a write tool puts in a script, Makefile or CI workflow runs later: analyse it now.
    if (verb !== undefined && (verb.op === 'write' || verb.op === 'append') && is(K_CONTENT))
      facts.push(...writtenFacts(value, siblings, span));

    const lit: LiteralFact = {
      kind: 'literal',
      text: value,
      // What a local file tool writes stays on this machine (test data in a fixture is not sent anywhere).
      egress: !(written || (localWrite && is(K_CONTENT))),
      field,
      ...(payee(tool, key, siblings) ? { addressing: true } : {}),
      span,
      ...base,
    };
    facts.push(lit);

    const filePath = fileUrlPath(value);
    if (filePath !== undefined && (is(K_URL) || pathField || verb !== undefined)) {
      facts.push(
        fileOp(
          verb?.op === undefined || verb.op === 'read' ? 'read' : verb.op,
          filePath,
          actor,
          span,
          siblings?.recursive === true,
        ),
      );
      continue;
    }
    // Gemini CLI's web_fetch (and tools like it) fetch every URL written in their prompt (red team
    // r4): a fetch tool's free text is scanned for URLs, each one a request.
    if (webTool && !is(K_URL) && !is(K_HOST) && /:\/\/|\b\d{1,3}(?:\.\d{1,3}){3}\b/.test(value)) {
      let n = 0;
      for (const m of value.matchAll(TEXT_URL)) {
        if (n++ >= 16) break;
        const url = m[0].replace(/[).,;:!?'"\]>]+$/, '');
        const net = netFact(/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `http://${url}`, span, actor, siblings);
        if (net) facts.push(net);
      }
    }
    if (webTool && is(K_HOST) && /^[a-z0-9.:[\]-]+$/i.test(value.trim())) {
      const port =
        typeof siblings?.port === 'number' || typeof siblings?.port === 'string' ? `:${siblings.port}` : '';
      const path = typeof siblings?.path === 'string' ? siblings.path : '/';
      const scheme = typeof siblings?.scheme === 'string' ? siblings.scheme : 'http';
      const net = netFact(
        `${scheme}://${value.trim()}${port}${path.startsWith('/') ? path : `/${path}`}`,
        span,
        actor,
        siblings,
      );
      if (net) facts.push(net);
      continue;
    }
    // `location` and the like name a URL or a path: a value with no scheme is a path.
    const urlKey = is(K_URL) && !(pathField && !/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(value.trim()));
    if (urlKey || (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(value.trim()) && webTool)) {
      const net = netFact(value, span, actor, siblings);
      if (net) facts.push(net);
      continue;
    }
    if (pathField && verb !== undefined && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
      const role =
        verb.op === 'move' || verb.op === 'copy'
          ? /^(?:source|src|from|old_path|source_path|src_path)$|^(?:source|src|from|origin)_/.test(key)
            ? 'source'
            : 'destination'
          : undefined;
      const recursive = siblings?.recursive === true || siblings?.force === true;
      const mode = typeof siblings?.mode === 'string' ? siblings.mode : undefined;
      // An editor tool's `command` says what it does with the path (`view` only reads it).
      const command = siblings?.command;
      const op = typeof command === 'string' && VIEW_COMMAND.test(command) ? 'read' : verb.op;
      // ~/.vimrc or ~/.gitconfig given only plain settings runs nothing (tool-call/settings.ts).
      if ((op === 'write' || op === 'append') && writesInertSettings(value, siblings)) continue;
      // A path in a hosted repository or bucket names no file here (what it runs there is read below).
      if (remote && (op === 'write' || op === 'append')) continue;
      const text = op === 'write' || op === 'append' ? writtenText(siblings) : undefined;
      const file: FileOpFact = {
        ...fileOp(op, value, actor, span, recursive),
        ...(role !== undefined && { role }),
        ...(mode !== undefined && { mode }),
        ...(text !== undefined && { text }),
      };
      facts.push(file);
    }
  }
  return facts;
}

/** Tool-name words of hosted file stores: a forge's repository, a gist, a bucket, a cloud drive. */
const REMOTE_FILE_WORDS =
  /(?:^|_)(?:github|gitlab|gitea|forgejo|bitbucket|gist|gists|repo|repository|s3|gcs|bucket|drive|dropbox|onedrive|sharepoint|box|confluence|notion|sftp|ftp|remote|blob|pastebin|paste)(?:$|_)/;
/** Argument keys that address a hosted repository or store. */
const REMOTE_FILE_KEYS = [
  'owner',
  'repo',
  'repository',
  'repo_name',
  'full_name',
  'project_id',
  'bucket',
  'gist_id',
];
/** Tools that edit files on this machine (write_file, str_replace_editor, Edit, MultiEdit, notebook edits). */
const LOCAL_FILE_TOOL =
  /(?:^|_)(?:file|files|text_editor|str_replace|str_replace_editor|str_replace_based_edit_tool|write|edit|multi_edit|multiedit|notebook|append)(?:$|_)/;

function remoteFileTool(tool: string, args: Record<string, unknown> | undefined): boolean {
  return (
    REMOTE_FILE_WORDS.test(tool) ||
    REMOTE_FILE_KEYS.some((k) => Object.keys(args ?? {}).some((a) => snakeName(a) === k))
  );
}

/** The content fields beside a path all hold plain settings for the settings file it names. */
function writesInertSettings(path: string, siblings: Record<string, unknown> | undefined): boolean {
  const texts = Object.keys(siblings ?? {})
    .filter((k) => CONTENT_KEY.test(snakeName(k)))
    .map((k) => siblings![k]);
  return texts.length > 0 && texts.every((t) => typeof t === 'string' && t !== '' && inertSettings(path, t));
}

/** The one content field beside a path (FileOpFact.text), or undefined when none or several. */
function writtenText(siblings: Record<string, unknown> | undefined): string | undefined {
  const texts = Object.keys(siblings ?? {})
    .filter((k) => CONTENT_KEY.test(snakeName(k)))
    .map((k) => siblings![k]);
  return texts.length === 1 && typeof texts[0] === 'string' ? texts[0] : undefined;
}

function fileOp(op: FileOperation, path: string, actor: string, span: Span, recursive: boolean): FileOpFact {
  return {
    kind: 'file',
    op,
    path,
    recursive,
    actor,
    span,
    runtime: 'bash',
    depth: 0,
    ...(/[*?]|\$\{?\w/.test(path) && { dynamic: true }),
  };
}

function quote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Schemes whose URLs a WHATWG parser reads with an authority even when written `http:host` or `http:\\host`. */
const SPECIAL_SCHEME = /^(https?|wss?|ftp):[\\/]*/i;

/**
 * A URL as an HTTP client resolves it: backslashes are slashes in special schemes
 * (`http://169.254.169.254\\@x/` goes to 169.254.169.254), `http:host` and `//host` gain their
 * slashes, and a bare `host/path` is read as http (fetch tools and browsers complete it).
 */
function normaliseUrl(url: string): string {
  let t = url.trim();
  const special = SPECIAL_SCHEME.exec(t);
  if (special) return `${special[1]!}://${t.slice(special[0].length).replace(/\\/g, '/')}`;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(t)) return t;
  if (/^[\\/]{2}/.test(t)) t = t.replace(/^[\\/]+/, '');
  else if (!/^(?:\[[0-9a-f:.]+\]|[a-z0-9-]+(?:\.[a-z0-9-]+)+|localhost)(?::\d+)?(?:[/?#\\]|$)/i.test(t))
    return t;
  return `http://${t.replace(/\\/g, '/')}`;
}

function netFact(
  url: string,
  span: Span,
  actor: string,
  siblings: Record<string, unknown> | undefined,
): NetOpFact | undefined {
  const m = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#]*@)?(\[[^\]]+\]|[^:/?#]+)(?::(\d+))?/i.exec(
    normaliseUrl(url),
  );
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
export function analyzeToolCall(
  text: string,
  limits: AnalyzeLimits,
  // One work budget for the whole call: its fields share it (src/engine/budget.ts). A caller's
  // own budget (the offload's slice of work) stays as given; the call's own grows with its code.
  given?: WorkBudget,
): readonly Fact[] {
  const work = given ?? new WorkBudget(workUnitsFor(text.length, 'tool_call'));
  // Characters of SQL, python and node code in the fields so far: the budget is what that much
  // code gets on its own (UNITS_PER_CHAR a character past the default), never less than the call's.
  let grownChars = 0;
  const facts = extractToolCall(text, {
    spend: (units) => work.spend(units, 'tool-call arguments'),
    nested(code, runtime, span) {
      if (given === undefined && growsWith(runtime)) {
        grownChars += code.length;
        work.raiseTo(workUnitsFor(grownChars, runtime));
      }
      if (!work.spend(FIELD_UNITS, 'tool-call fields')) return [];
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
