/**
 * Which settings switch off the user's approval of an agent's actions, read by what a key means
 * rather than by each agent's spelling (red team r8: Codex `approval_policy = "never"`, opencode
 * `permission: {bash: allow}`, Gemini `autoAccept`, Aider `yes-always`, Goose `GOOSE_MODE: auto`,
 * Zed `always_allow_tool_actions`). A key is compared with its separators and case removed.
 */

type Json = unknown;

/** Keys whose true value lets the agent act without asking. */
const UNGUARD_ON =
  /autoapprov|autoaccept|autoconfirm|autoallow|autorun|autoexecut|alwaysallow|alwaysapprov|alwaysaccept|alwaysyes|yesalways|yolo|bypass|skip(?:all)?(?:permission|approval|confirm|prompt|sandbox|safety)|dangerous|allowall|trustall|noconfirm|unattended|fullauto|disable(?:sandbox|approval|confirm|permission|safety|guard)|allowautomatictasks|enableallprojectmcpservers|^workspacetrustenabled$/;

/** Keys whose false or "never" value stops the agent asking (approval, confirmation, sandbox). */
const ASK =
  /approv|confirm|sandbox|permissionprompt|askfor|asktorun|askuser|requireconsent|safemode|safetycheck/;
/** Values that mean "do not ask" or "no sandbox" for an ASK key. */
const NO_ASK =
  /^(?:false|never|off|none|no|disabled?|danger[\w-]*|full[-_]?access|unrestricted|bypass\w*|yolo)$/i;

/** Editor confirmations (explorer.confirmDelete, git.confirmSync) are not about the agent. */
const AGENT_CONTEXT =
  /chat|agent|copilot|claude|cline|roo|cursor|codex|gemini|terminal|mcp|assistant|aider|continue|windsurf|cascade|composer|opencode|goose|tool|amp|kiro|junie|qwen|crush/;

/** Modes that run every action unasked. */
const AUTO_MODE =
  /^(?:auto|yolo|bypass\w*|full[-_]?auto|autonomous|danger[\w-]*|unrestricted|approve[-_]?all)$/i;

/** What a permission map grants when its entry is "allow": shells and everything. */
const EVERYTHING = /^(?:\*|bash|shell|sh|command|commands|exec|execute|terminal|all|run|runcommand|tools?)$/;

/** Allow-list entries that grant every shell command (`Bash(*)`, `Shell(*:*)`, `*`). */
const ALLOW_ALL_ENTRY = /^(?:\*|(?:bash|shell|terminal|exec|command|run_command)(?:\((?:\*|:\*|\*:\*)\))?)$/i;

/** Values that are themselves an unguarded mode or flag wherever they stand. */
const UNGUARD_VALUE =
  /^(?:bypassPermissions|danger-full-access|yolo|--dangerously-skip-permissions|--yolo|--full-auto|--dangerously-bypass-approvals-and-sandbox)$/i;

const norm = (k: string): string => k.toLowerCase().replace(/[^a-z0-9*]/g, '');

const truthy = (v: Json): boolean =>
  v === true || (typeof v === 'string' && /^(?:on|true|always|yes|1|all)$/i.test(v.trim()));

/** The setting (as `key value`) in one [key path, value] pair that unguards the agent, or null. */
export function unguarding(path: readonly string[], value: Json): string | null {
  const key = path[path.length - 1] ?? '';
  const k = norm(key);
  const dotted = norm(path.join('.'));
  const shown = (v: Json): string => `${key} ${typeof v === 'string' ? v : JSON.stringify(v)}`;
  if (typeof value === 'string' && UNGUARD_VALUE.test(value.trim())) return shown(value);
  if (k === 'workspacetrustenabled' || dotted.endsWith('workspacetrustenabled'))
    return value === false ? shown(value) : null;
  if (UNGUARD_ON.test(k) || UNGUARD_ON.test(dotted)) {
    if (truthy(value)) return `${key} on`;
    // `autoApprove: {"*": true}` and lists of tools approved ahead of time.
    if (value !== null && typeof value === 'object' && Object.values(value).some(truthy)) return `${key} on`;
  }
  if (ASK.test(k) && (!/confirm/.test(k) || AGENT_CONTEXT.test(dotted))) {
    const v = typeof value === 'boolean' ? String(value) : value;
    if (typeof v === 'string' && NO_ASK.test(v.trim())) return shown(value);
  }
  if (
    k.endsWith('mode') &&
    AGENT_CONTEXT.test(dotted) &&
    typeof value === 'string' &&
    AUTO_MODE.test(value.trim())
  )
    return shown(value);
  // Permission maps (`permission: {bash: allow}`) and allow lists (`allow: ["Bash(*)"]`).
  const parent = norm(path[path.length - 2] ?? '');
  if (
    typeof value === 'string' &&
    /^(?:allow|always)$/i.test(value.trim()) &&
    EVERYTHING.test(k) &&
    path.some((p) => /^permissions?$/.test(norm(p)))
  )
    return `permission ${key} ${value}`;
  if (typeof value === 'string' && /^allow(?:ed)?$/.test(parent) && ALLOW_ALL_ENTRY.test(value.trim()))
    return `allow ${value}`;
  return null;
}

/**
 * [key path, value] pairs of TOML or YAML settings read line by line (`[section]` headers,
 * indentation for YAML nesting, `key = value` and `key: value`), enough to find flat switches.
 */
export function looseEntries(content: string): [string[], Json][] {
  const out: [string[], Json][] = [];
  let section: string[] = [];
  const stack: { indent: number; key: string }[] = [];
  for (const raw of content.split('\n').slice(0, 4096)) {
    const line = raw.replace(/\s+#.*$/, '');
    if (/^\s*(?:#|$)/.test(line)) continue;
    const header = /^\s*\[+([^\]]+)\]+\s*$/.exec(line);
    if (header) {
      section = header[1]!.split('.').map((s) => s.trim().replace(/^["']|["']$/g, ''));
      stack.length = 0;
      continue;
    }
    const m = /^(\s*)(?:-\s+)?["']?([\w.*-]+)["']?\s*[:=]\s*(.*)$/.exec(line);
    if (!m) continue;
    const indent = m[1]!.length;
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const path = [...section, ...stack.map((s) => s.key), m[2]!];
    const text = m[3]!.trim().replace(/,$/, '');
    if (text === '') {
      stack.push({ indent, key: m[2]! });
      continue;
    }
    const unquoted = text.replace(/^(["'])(.*)\1$/, '$2');
    out.push([path, unquoted === 'true' ? true : unquoted === 'false' ? false : unquoted]);
    if (out.length > 2048) break;
  }
  return out;
}
