/**
 * Files a tool runs on its next routine use, read for what they run (red team r12 runs-later): a
 * JavaScript/TypeScript config a bundler, test runner or linter imports (`vite.config.ts`,
 * `.eslintrc.cjs`, `jest.config.js`), a Python module something imports or starts (`__init__.py`,
 * Sphinx's `conf.py`, Django's `manage.py` and `settings.py`), Gradle and Maven build steps that
 * exec a program, and the command-valued settings of any config file (`command:`, `init:`,
 * `run = "..."`, `postCreateCommand`, `[hooks] enter = "..."`). Also the GitHub workflow shape
 * that hands a pull request's code the repository's secrets (`pull_request_target` checking out
 * the pull request's head and running it). What they run is judged in the runtime that runs it.
 */
/** saas.ts's ACTION_PROGRAM, spelled here: importing saas.ts from written.ts closes an import cycle through cli.ts. */
const ACTION_PROGRAM = 'agent-guard-action';

/** JS/TS a tool imports when it starts: `*.config.*`, `.*rc.*`, `*.conf.*`, task runner files. */
export const NODE_CONFIG =
  /(?:^|\/)(?:[^/]+\.config|\.[\w-]+rc|[\w-]+\.conf|[Gg]ulpfile|[Gg]runtfile|[Jj]akefile|webpack\.[\w.-]+)\.(?:js|cjs|mjs|ts|cts|mts)$/;
/** Python modules something imports or starts without being asked: package inits, Sphinx, Django. */
export const PYTHON_STARTUP =
  /(?:^|\/)(?:__init__|__main__|conf|manage|settings|wsgi|asgi|celery|gunicorn\.conf|[\w-]+_settings)\.py$/;
/** Gradle and Maven build files. */
export const BUILD_FILE = /(?:^|\/)(?:build|settings)\.gradle(?:\.kts)?$|(?:^|\/)pom\.xml$/;

/** Single- or double-quoted literals (Groovy/Kotlin/XML attribute values), escapes read. */
function literals(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g))
    out.push((m[1] ?? m[2]!).replace(/\\(.)/g, '$1'));
  return out;
}

const argv = (words: readonly string[]): string =>
  words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');

/**
 * Programs a Gradle or Maven build runs: Gradle `commandLine(...)` / `commandLine '...'`,
 * `executable` with `args`, `"...".execute()`, `ProcessBuilder(...)`; Maven exec-maven-plugin's
 * `<executable>` with its `<argument>`s, antrun's `<exec executable=...>` with `<arg value|line>`.
 */
export function buildCommands(content: string): string {
  const out: string[] = [];
  for (const m of content.matchAll(/\b(?:commandLine|ProcessBuilder|listOf)\s*\(?([^)\n]*)\)?/g)) {
    const words = literals(m[1]!);
    if (words.length > 0 && out.length < 64) out.push(argv(words));
  }
  for (const m of content.matchAll(/(["'])((?:(?!\1)[^\\\n]|\\.)*)\1\s*\.execute\(\)/g))
    if (out.length < 64) out.push(m[2]!);
  for (const m of content.matchAll(
    /<executable>\s*([^<]+?)\s*<\/executable>([\s\S]{0,4000}?)(?=<executable>|$)/g,
  )) {
    const args = [...m[2]!.matchAll(/<argument>\s*([^<]*?)\s*<\/argument>/g)].map((a) => xmlText(a[1]!));
    if (out.length < 64) out.push(argv([xmlText(m[1]!), ...args]));
  }
  for (const m of content.matchAll(
    /<exec\b[^>]*\bexecutable\s*=\s*"([^"]*)"[^>]*>([\s\S]{0,4000}?)<\/exec>/g,
  )) {
    const args: string[] = [];
    for (const a of m[2]!.matchAll(/<arg\s+(value|line)\s*=\s*"([^"]*)"/g))
      if (a[1] === 'value') args.push(xmlText(a[2]!));
      else
        args.push(
          ...xmlText(a[2]!)
            .split(/\s+/)
            .filter((w) => w !== ''),
        );
    if (out.length < 64) out.push(argv([xmlText(m[1]!), ...args]));
  }
  return out.join('\n');
}

function xmlText(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Keys whose value is a command line in any config format: `run`, `command`, `cmd`, `script`,
 * `init`, `before`, `exec`, `entrypoint`, hooks' `enter`/`leave`, and any `*Command` / `*_cmd`
 * (devcontainer `postCreateCommand`, Netlify `command`, Vercel `buildCommand`, Replit `onBoot`).
 */
const COMMAND_KEY =
  /^(?:run|runs|command|commands|cmd|cmds|script|scripts|init|before|after|prebuild|postbuild|exec|execute|entrypoint|entry_point|enter|leave|on_?boot|on_?start|start|setup|install|[\w-]*?_?commands?|[\w-]*?_cmd|[\w-]*Command|[\w-]*Cmd)$/i;
/** `key: value` / `key = value` / `"key": "value"` on one line (YAML, TOML, INI, JSON). */
const KEY_VALUE = /^\s*(?:\{\s*)?(?:-\s+)?["']?([A-Za-z_][\w.-]*)["']?\s*[:=]\s*(.*?)\s*,?\s*$/;

/** Command-keyed values of a config file, one-line or a block/list below the key. */
export function keyedCommands(content: string): string {
  const lines = content.split('\n', 4096);
  const out: string[] = [];
  for (let i = 0; i < lines.length && out.length < 64; i++) {
    const m = KEY_VALUE.exec(lines[i]!);
    if (!m || !COMMAND_KEY.test(m[1]!.split('.').at(-1)!)) continue;
    const value = m[2]!;
    if (value.startsWith('[')) {
      // A JSON/TOML array: an argv (`["sh", "-c", "..."]`).
      const words = literals(value);
      if (words.length > 0) out.push(argv(words));
      continue;
    }
    if (value !== '' && !/^[|>][+-]?\d*$/.test(value) && !value.startsWith('{')) {
      out.push(unquote(value));
      continue;
    }
    // A YAML block scalar or list below the key: every deeper-indented line.
    const indent = lines[i]!.search(/\S/);
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j]!;
      if (line.trim() === '') continue;
      if (line.search(/\S/) <= indent) break;
      out.push(unquote(line.trim().replace(/^-\s+/, '')));
      i = j;
    }
  }
  return out.join('\n');
}

function unquote(v: string): string {
  const m = /^"((?:[^"\\]|\\.)*)"$/.exec(v);
  if (m) return m[1]!.replace(/\\(["\\/])/g, '$1').replace(/\\n/g, '\n');
  return v.replace(/^'(.*)'$/, '$1');
}

/** A workflow trigger that runs with the base repository's secrets for a fork's pull request. */
const PRIVILEGED_TRIGGER =
  /^\s*(?:on\s*:\s*\[?[^\n]*\b(?:pull_request_target|workflow_run)\b|\s*(?:pull_request_target|workflow_run)\s*:)/m;
/** A checkout of the pull request's own code (its head commit, branch or merge ref). */
const PR_HEAD =
  /\$\{\{\s*(?:github\.event\.pull_request\.head\.(?:sha|ref)|github\.head_ref|github\.event\.workflow_run\.head_(?:sha|branch))\s*\}\}|refs\/pull\//;

/**
 * A GitHub workflow that checks out a pull request's code under `pull_request_target` or
 * `workflow_run` and runs it (GitHub Security Lab, "preventing pwn requests"): whoever opens a
 * pull request runs code with the repository's secrets and a write token.
 */
export function pwnRequest(content: string): string | undefined {
  if (!PRIVILEGED_TRIGGER.test(content) || !PR_HEAD.test(content)) return undefined;
  if (!/^\s*(?:-\s+)?(?:run\s*:|uses\s*:\s*\.\/)/m.test(content)) return undefined;
  return `${ACTION_PROGRAM} expose 'repository secrets' 'pull_request_target runs the code of a pull request with them'`;
}
