/**
 * Content a file tool writes that something runs later without the agent running it: shell
 * scripts, Makefile recipes (`make` runs them), CI workflow steps (a push runs them, with the
 * repository's secrets) (red team r1), and files the next routine command runs (red team r3):
 * pytest's conftest.py and test files, Python's sitecustomize/.pth start-up hooks, setup.py and
 * noxfile.py, git and husky hooks, .npmrc settings, package.json scripts, pre-commit and tox
 * commands, Ruby's Gemfile/Rakefile shell-outs, build.rs and CMake commands, go:generate lines.
 * The code is returned so the caller analyses it like a command in the runtime that runs it.
 * Other files (source code, data, docs) are the agent's everyday output and are not analysed.
 */
import type { Fact } from '../../facts.js';
import type { Runtime } from '../../types.js';
import { AGENT_SETTINGS_FILE, INSTRUCTION_FILE, instructionCode, settingsCode } from './instructions.js';
import {
  BUILD_FILE,
  buildCommands,
  keyedCommands,
  NODE_CONFIG,
  PYTHON_STARTUP,
  pwnRequest,
} from './runs-later.js';

export interface WrittenCode {
  readonly code: string;
  readonly runtime: Runtime;
  /** Fact kinds of the code's analysis that do not apply where it runs (a test's SQL hits the test database). */
  readonly ignore?: readonly Fact['kind'][];
  /** Only the facts of the code's analysis that apply where it runs (what a product edit plants). */
  readonly keep?: (f: Fact) => boolean;
}

const SHELL_SHEBANG = /^#!\s*(?:\/usr)?\/bin\/(?:env\s+)?(?:ba|z|k|da)?sh\b/;
/** Shell scripts, and files a shell sources by itself (direnv's `.envrc` on `cd`, startup files). */
const SHELL_FILE =
  /\.(?:sh|bash|zsh|ksh|command)$|(?:^|\/)\.(?:envrc|env\.sh|bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|zlogin|kshrc)$/i;
const MAKEFILE = /(?:^|\/)(?:GNUmakefile|[Mm]akefile|[^/]+\.mk)$/;
/** GitHub Actions, GitLab CI, Azure Pipelines, CircleCI, Bitbucket, Drone, Buildkite, Woodpecker. */
const CI_FILE =
  /(?:^|\/)(?:\.github\/workflows\/[^/]+|\.github\/actions\/[^/]+\/action|\.gitlab-ci|azure-pipelines|\.circleci\/config|bitbucket-pipelines|\.drone|\.buildkite\/pipeline|\.woodpecker(?:\/[^/]+)?)\.ya?ml$/;

/** Recipe lines of a Makefile (tab-indented), without their @ - + prefixes. */
function makeRecipes(content: string): string {
  const out: string[] = [];
  for (const line of content.split('\n'))
    if (line.startsWith('\t')) out.push(line.slice(1).replace(/^[@+-]+/, ''));
  return out.join('\n');
}

/**
 * `run:` / `script:` values of a CI file (one-line and `|` / `>` blocks, list items), with
 * `${{ secrets.NAME }}` read as `$NAME` and `${{ toJSON(secrets) }}` as the environment (`$(env)`),
 * which is what the step sees.
 */
function ciSteps(content: string): string {
  const lines = content.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(?:-\s+)?(?:run|script|before_script|after_script|command|commands)\s*:\s*(.*)$/.exec(
      lines[i]!,
    );
    if (!m) continue;
    const indent = m[1]!.length;
    const rest = m[2]!.trim();
    if (rest !== '' && !/^[|>][+-]?\d*$/.test(rest)) {
      out.push(rest.replace(/^(["'])(.*)\1$/, '$2').replace(/^-\s+/, ''));
      continue;
    }
    // A block scalar or a list below the key: every deeper-indented line.
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j]!;
      if (line.trim() === '') continue;
      if (line.search(/\S/) <= indent) break;
      out.push(line.trim().replace(/^-\s+/, ''));
      i = j;
    }
  }
  return (
    out
      // The runner pastes `${{ }}` values into the script before the shell reads it, so single
      // quotes around one do not keep the secret out: read them as double quotes.
      .map((l) => (/\$\{\{[^}]*\bsecrets\b/i.test(l) ? l.replace(/'/g, '"') : l))
      .join('\n')
      .replace(/\$\{\{\s*toJSON\(\s*secrets\s*\)\s*\}\}/gi, '$(env)')
      .replace(
        /\$\{\{\s*secrets(?:\.([A-Za-z_]\w*)|\[\s*["']([A-Za-z_]\w*)["']\s*\])\s*\}\}/g,
        // Every repository secret is a secret, whatever its name (`DEPLOY_KEY` reads as `$DEPLOY_KEY_SECRET`).
        (_m, a?: string, b?: string) => {
          const name = a ?? b!;
          return /SECRET|TOKEN|PASS|PRIVATE|CREDENTIAL/i.test(name) ? `$${name}` : `$${name}_SECRET`;
        },
      )
      .replace(/\$\{\{[^}]*\}\}/g, 'x')
  );
}

/** Common leading indentation removed, so an edit tool's indented fragment parses on its own. */
export function dedent(content: string): string {
  const lines = content.split('\n');
  let min = Infinity;
  for (const line of lines) if (line.trim() !== '') min = Math.min(min, line.search(/\S/));
  return min === Infinity || min === 0 ? content : lines.map((l) => l.slice(min)).join('\n');
}

/** Words joined into one shell line, each single-quoted (an argv, not a shell string). */
const argvLine = (words: readonly string[]): string =>
  words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');

/** String literals ('...', "...") in `text`, with backslash escapes read. */
function stringLiterals(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g))
    out.push((m[1] ?? m[2]!).replace(/\\(.)/g, '$1'));
  return out;
}

/** A `.pth` file's lines that start with `import`, which Python runs at every start. */
function pthImports(content: string): string {
  return content
    .split('\n')
    .filter((l) => /^import[\s;]/.test(l))
    .join('\n');
}

/** `.npmrc` settings as the `npm config set` commands that make them (the npm rules judge those). */
function npmrcSettings(content: string): string {
  const out: string[] = [];
  for (const line of content.split('\n')) {
    const m = /^\s*([^\s#;=][^=]*?)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) out.push(`npm config set ${argvLine([m[1]!, m[2]!.replace(/^(["'])(.*)\1$/, '$2')])}`);
  }
  return out.join('\n');
}

/** `.yarnrc.yml` top-level settings as the `yarn config set` commands that make them. */
function yarnrcSettings(content: string): string {
  const out: string[] = [];
  for (const m of content.matchAll(/^([A-Za-z][\w-]*)\s*:\s*(\S.*?)\s*$/gm))
    out.push(`yarn config set ${argvLine([m[1]!, m[2]!.replace(/^(["'])(.*)\1$/, '$2')])}`);
  return out.join('\n');
}

/** pip.conf `index-url` / `extra-index-url` as the `pip config set` commands that make them. */
function pipConfSettings(content: string): string {
  const out: string[] = [];
  for (const m of content.matchAll(/^\s*((?:extra-)?index-url|find-links)\s*[=:]\s*(\S+)/gm))
    out.push(`pip config set ${argvLine([`global.${m[1]!}`, m[2]!])}`);
  return out.join('\n');
}

/** A dependency spec that names where the package comes from: a URL or git source, not a version. */
const SOURCE_SPEC = /^(?:git\+)?(?:https?|ssh|git):\/\/|^git@/i;
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

export const PACKAGE_JSON = /(?:^|\/)package\.json$/;

/** A package.json's dependencies taken from a URL or git source, as the `npm install name@source` lines. */
function dependencySources(rec: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const field of DEPENDENCY_FIELDS) {
    const deps = rec[field];
    if (deps === null || typeof deps !== 'object') continue;
    for (const [name, spec] of Object.entries(deps).slice(0, 512))
      if (typeof spec === 'string' && SOURCE_SPEC.test(spec.trim()))
        out.push(`npm install ${argvLine([`${name}@${spec.trim()}`])}`);
  }
  return out;
}

/** The dependency sources of a whole package.json text (its scripts are read elsewhere). */
export function packageSources(path: string, content: string): WrittenCode | undefined {
  if (!PACKAGE_JSON.test(path)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object') return undefined;
  const code = dependencySources(parsed as Record<string, unknown>).join('\n');
  return code === '' ? undefined : { code, runtime: 'bash' };
}

/**
 * Values of `package.json` `scripts` (npm runs them, the lifecycle ones on `npm install`), and its
 * dependencies taken from a URL or git source as the `npm install name@source` they amount to.
 */
function packageScripts(content: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    // An edit fragment or broken JSON: read `"name": "value"` pairs as they stand.
    return [...content.matchAll(/"([\w@/:.-]+)"\s*:\s*"((?:[^"\\]|\\.)*)"/g)]
      .map((m) => {
        const value = m[2]!.replace(/\\(.)/g, '$1');
        return SOURCE_SPEC.test(value) ? `npm install ${argvLine([`${m[1]!}@${value}`])}` : value;
      })
      .join('\n');
  }
  const rec = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  const out: string[] = [];
  const scripts = rec.scripts;
  if (scripts !== null && typeof scripts === 'object')
    out.push(...Object.values(scripts).filter((v): v is string => typeof v === 'string'));
  out.push(...dependencySources(rec));
  return out.join('\n');
}

/** A requirements line's options that name where packages come from. */
const REQUIREMENT_OPTION =
  /^(?:-i|--index-url|--extra-index-url|-f|--find-links|--trusted-host|-e|--editable)(?:=|\s|$)/;

/**
 * requirements/constraints files as the `pip install` lines `pip install -r` runs: index and
 * find-links options, and requirements that name a URL (`name @ https://...`, `git+https://...`).
 */
function requirementLines(content: string): string {
  const out: string[] = [];
  for (const raw of content.split('\n').slice(0, 4096)) {
    const line = raw.replace(/(?:^|\s)#.*$/, '').trim();
    if (line === '' || !(REQUIREMENT_OPTION.test(line) || line.includes('://') || /^git@/.test(line)))
      continue;
    out.push(`pip install ${argvLine(line.split(/\s+|=(?=\S*:\/\/)/).filter((w) => w !== ''))}`);
  }
  return out.join('\n');
}

/** TOML sections that list package indexes (uv, Poetry, PDM, Pipenv's `[[source]]`, uv.toml's `[[index]]`). */
const INDEX_SECTION = /^\[\[?\s*(?:tool\.(?:uv\.|poetry\.|pdm\.|hatch\.)?)?(?:index|source)\s*\]\]?$/;
/** TOML keys whose value is a package index or archive page, in any section. */
const INDEX_KEY = /^["']?(?:index-url|extra-index-url|default-index|find-links|url)["']?\s*=/;
/** A quoted URL, bare or as a `name @ URL` requirement (`"hooks @ https://…/hooks.tar.gz"`). */
const QUOTED_URL = /["'](?:[\w.[\], -]{1,100}@\s*)?((?:git\+)?(?:https?|ssh|git):\/\/[^"'\s]+)["']/g;

/**
 * pyproject.toml, uv.toml, poetry and Pipfile package sources as the `pip install` lines that
 * fetch from them: index URLs (uv's `[[tool.uv.index]]`, Poetry/PDM sources, `index-url`),
 * dependencies named with a URL (`"name @ https://..."`) and git/url sources (`{ git = "..." }`).
 * Other URLs (`[project.urls]` Homepage) are not package sources.
 */
function tomlSources(content: string): string {
  const out: string[] = [];
  let section = '';
  for (const raw of content.split('\n').slice(0, 8192)) {
    const line = raw.replace(/\s+#.*$/, '').trim();
    if (line.startsWith('[') && !line.includes('=')) {
      section = line;
      continue;
    }
    if (!line.includes('://')) continue;
    const urls = [...line.matchAll(QUOTED_URL)].map((m) => m[1]!);
    if (urls.length === 0) continue;
    if (INDEX_SECTION.test(section) || (INDEX_KEY.test(line) && !/^\[project\.urls\]$/.test(section)))
      out.push(...urls.map((u) => `pip install --index-url ${argvLine([u])} package`));
    // `{ git = "https://..." }`, `{ url = "https://..." }`, `"name @ https://..."`.
    else if (/\b(?:git|url)\s*=\s*["']|@\s*(?:git\+)?[a-z]+:\/\//.test(line))
      out.push(...urls.map((u) => `pip install ${argvLine([u])}`));
  }
  return out.join('\n');
}

/** setup.cfg keys whose URLs are package indexes or archive pages (`[easy_install] index_url`). */
const CFG_INDEX_KEY = /^(?:index[-_]url|find[-_]links|dependency[-_]links)\s*[=:]/;

/**
 * setup.cfg's package sources as the `pip install` lines that fetch them (red team r14: a
 * `setup_requires` entry from a look-alike of files.pythonhosted.org): requirements named with a URL
 * (`name @ https://...`, `git+https://...`, in `setup_requires`, `install_requires` and their
 * continuation lines) and index, find-links and dependency-links URLs. Other URLs (`url =`,
 * `project_urls`) are metadata.
 */
function cfgSources(content: string): string {
  const out: string[] = [];
  let key = '';
  for (const raw of content.split('\n').slice(0, 8192)) {
    const line = raw.replace(/(?:^|\s)[#;].*$/, '');
    if (/^\S/.test(line)) key = line.trim();
    if (!line.includes('://')) continue;
    const text = line.trim();
    if (CFG_INDEX_KEY.test(key))
      for (const m of text.matchAll(/(?:https?|git):\/\/[^\s,;"']+/g))
        out.push(`pip install --index-url ${argvLine([m[0]])} package`);
    else if (/@\s*(?:git\+)?[a-z]+:\/\/|^(?:[\w-]+\s*=\s*)?git\+/.test(text))
      for (const m of text.matchAll(/(?:git\+)?[a-z]+:\/\/[^\s,;"']+/g))
        out.push(`pip install ${argvLine([m[0]])}`);
  }
  return out.join('\n');
}

/** Yarn 1's `.yarnrc` (`registry "http://..."`) as the `yarn config set` commands that make it. */
function yarnrcV1Settings(content: string): string {
  const out: string[] = [];
  for (const m of content.matchAll(/^\s*([\w@:./-]*registry)\s+["']?([^"'\s]+)["']?\s*$/gm))
    out.push(`yarn config set ${argvLine([m[1]!, m[2]!])}`);
  return out.join('\n');
}

/** Bun's `bunfig.toml` `registry = "..."` (under `[install]` or a scope) as npm's registry setting. */
function bunfigSettings(content: string): string {
  const out: string[] = [];
  for (const m of content.matchAll(
    /^\s*(?:registry|["']?@[\w.-]+["']?)\s*=\s*(?:\{[^}\n]*url\s*=\s*)?["']([^"'\s]+)["']/gm,
  ))
    out.push(`npm config set registry ${argvLine([m[1]!])}`);
  return out.join('\n');
}

/** Values of `entry:` keys (pre-commit hooks: a local hook's entry is the command it runs). */
function yamlEntries(content: string): string {
  const out: string[] = [];
  for (const m of content.matchAll(/^\s*(?:-\s+)?entry\s*:\s*(.+)$/gm))
    out.push(m[1]!.trim().replace(/^(["'])(.*)\1$/, '$2'));
  return out.join('\n');
}

/**
 * tox's `commands`, `commands_pre` and `commands_post` (with their indented continuation lines),
 * without the `-` that ignores a failure; `{substitutions}` read as a plain word.
 */
function toxCommands(content: string): string {
  const out: string[] = [];
  const lines = content.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(?:commands|commands_pre|commands_post)\s*[=:]\s*(.*)$/.exec(lines[i]!);
    if (!m) continue;
    if (m[1]!.trim() !== '') out.push(m[1]!.trim());
    for (let j = i + 1; j < lines.length && /^\s+\S/.test(lines[j]!); j++, i++) out.push(lines[j]!.trim());
  }
  return out.map((l) => l.replace(/^-\s*/, '').replace(/\{[^{}]*\}/g, 'x')).join('\n');
}

/**
 * Ruby shell-outs (Gemfile, Rakefile, gemspec: Bundler and rake evaluate them): backticks, `%x()`,
 * and the string arguments of system/exec/spawn/sh/IO.popen/Open3 (one string runs in a shell,
 * several are an argv).
 */
function rubyCommands(content: string): string {
  const out: string[] = [];
  for (const m of content.matchAll(/`([^`]*)`|%x(?:\(([^)]*)\)|\{([^}]*)\}|\[([^\]]*)\])/g))
    out.push(m[1] ?? m[2] ?? m[3] ?? m[4]!);
  const call =
    /(?:\b(?:Kernel\.)?(?:system|exec|spawn|sh|IO\.popen|Open3\.(?:capture[23e]?|popen[23e]?|pipeline\w*)))\b\s*\(?\s*(%[qQ]?[({[][^\n]*|[^\n)]*)/g;
  for (const m of content.matchAll(call)) {
    const pct = /^\s*%[qQ]?(?:\(([^)]*)\)|\{([^}]*)\}|\[([^\]]*)\])/.exec(m[1]!);
    const words = pct ? [pct[1] ?? pct[2] ?? pct[3]!] : stringLiterals(m[1]!);
    if (words.length === 1) out.push(words[0]!);
    else if (words.length > 1) out.push(argvLine(words));
  }
  return out.join('\n');
}

/** Rust `Command::new("prog")` with its literal `.arg("..")` / `.args([..])` chain, as argv lines. */
function rustCommands(content: string): string {
  const out: string[] = [];
  for (const m of content.matchAll(/Command::new\(\s*("(?:[^"\\]|\\.)*")\s*\)([^;]*)/g)) {
    const words = stringLiterals(m[1]!);
    for (const a of m[2]!.matchAll(/\.args?\(([^)]*)\)/g)) words.push(...stringLiterals(a[1]!));
    out.push(argvLine(words));
  }
  return out.join('\n');
}

/** Keywords that end a CMake `COMMAND` list. */
const CMAKE_KEYWORD =
  /^(?:COMMAND|WORKING_DIRECTORY|TIMEOUT|RESULT_VARIABLE|RESULTS_VARIABLE|OUTPUT_VARIABLE|ERROR_VARIABLE|INPUT_FILE|OUTPUT_FILE|ERROR_FILE|OUTPUT_QUIET|ERROR_QUIET|COMMAND_ECHO|OUTPUT_STRIP_TRAILING_WHITESPACE|ERROR_STRIP_TRAILING_WHITESPACE|ENCODING|ECHO_OUTPUT_VARIABLE|ECHO_ERROR_VARIABLE|COMMAND_ERROR_IS_FATAL|OUTPUT|DEPENDS|BYPRODUCTS|COMMENT|VERBATIM|USES_TERMINAL|ALL|MAIN_DEPENDENCY|IMPLICIT_DEPENDS|DEPFILE|JOB_POOL|APPEND|SOURCES|PRE_BUILD|PRE_LINK|POST_BUILD|TARGET|ARGS)$/;

/**
 * CMake's `COMMAND` lists in execute_process (runs at configure time), add_custom_command and
 * add_custom_target (run at build time), and exec_program, as argv lines.
 */
function cmakeCommands(content: string): string {
  const out: string[] = [];
  const calls =
    /\b(?:execute_process|add_custom_command|add_custom_target|exec_program)\s*\(((?:[^()"]|"(?:[^"\\]|\\.)*"|\([^()]*\))*)\)/gi;
  for (const m of content.matchAll(calls)) {
    const words = [...m[1]!.matchAll(/"((?:[^"\\]|\\.)*)"|[^\s"()]+/g)].map((w) =>
      w[1] !== undefined ? w[1].replace(/\\(.)/g, '$1') : w[0],
    );
    let argv: string[] | undefined;
    for (const w of words) {
      if (CMAKE_KEYWORD.test(w)) {
        if (argv?.length) out.push(argvLine(argv));
        argv = w === 'COMMAND' || w === 'ARGS' ? [] : undefined;
      } else argv?.push(w);
    }
    if (argv?.length) out.push(argvLine(argv));
    // exec_program(prog ARGS ...): the program is the first word.
    if (/^exec_program/i.test(m[0]) && words[0] !== undefined) out.push(argvLine(words.slice(0, 1)));
  }
  return out.join('\n');
}

/**
 * Cargo config programs (`runner` runs every `cargo run`/`test` binary; `linker`, `rustc-wrapper`,
 * `rustc` run on every build): a string is a command line, an array an argv.
 */
function cargoPrograms(content: string): string {
  const out: string[] = [];
  for (const m of content.matchAll(
    /^\s*(?:runner|linker|rustc-wrapper|rustc-workspace-wrapper|rustc|rustdoc)\s*=\s*(\[[^\]\n]*\]|"(?:[^"\\]|\\.)*"|'[^'\n]*')/gm,
  )) {
    const v = m[1]!;
    if (v.startsWith('[')) out.push(argvLine(stringLiterals(v)));
    else out.push(v.startsWith('"') ? v.slice(1, -1).replace(/\\(.)/g, '$1') : v.slice(1, -1));
  }
  return out.join('\n');
}

/** `//go:generate` lines (`go generate` runs each as a command). */
function goGenerate(content: string): string {
  return [...content.matchAll(/^\/\/go:generate\s+(.+)$/gm)].map((m) => m[1]!).join('\n');
}

/** A justfile's recipe lines (indented under a `name:` header), without their `@` / `-` prefixes. */
function justRecipes(content: string): string {
  return content
    .split('\n')
    .filter((l) => /^\s+\S/.test(l))
    .map((l) => l.trim().replace(/^[@-]+/, ''))
    .join('\n');
}

/** Makefile recipes with `$$` read as `$` and `$(CC)` / `${CC}` as shell variables. */
function makeShell(content: string): string {
  return makeRecipes(content).replace(/\$\$|\$\((\w+)\)|\$\{(\w+)\}/g, (m, a?: string, b?: string) =>
    m === '$$' ? '$' : `\${${a ?? b}}`,
  );
}

interface WrittenFile {
  /** The file's path (relative or absolute) this entry covers. */
  readonly path: RegExp;
  /** What runs, pulled out of the content. */
  readonly code: (content: string) => string;
  readonly runtime: Runtime;
  readonly ignore?: readonly Fact['kind'][];
}

/** Package manager settings and manifests that name where installs fetch from (read for their sources). */
export const PACKAGE_SOURCE_FILE =
  /(?:^|\/)(?:\.npmrc|\.yarnrc(?:\.yml)?|pip\.conf|pip\.ini|(?:requirements|constraints)[^/]*\.(?:txt|in)|pyproject\.toml|uv\.toml|poetry\.toml|Pipfile|pdm\.toml|bunfig\.toml|setup\.cfg)$/;

/** Python files something runs without being asked to run them. */
const PYTHON_RUN =
  /(?:^|\/)(?:conftest|sitecustomize|usercustomize|setup|noxfile|fabfile|dodo|test_[^/]*|[^/]*_test)\.py$/;
/** pytest's conftest.py and the test modules it collects by default. */
const PYTEST_FILE = /(?:^|\/)(?:conftest|test_[^/]*|[^/]*_test)\.py$/;
const whole = (content: string): string => content;

/** A compose file's text, or an edit's indented fragment of one service put back under `services:`. */
function composeText(content: string): string {
  if (/^services\s*:/m.test(content) || content.length > 262144) return content;
  const lines = content.split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)![0].length));
  if (!Number.isFinite(indent) || !/^\s*[\w-]+\s*:/m.test(content)) return '';
  return `services:\n  edited:\n${lines.map((l) => `    ${l.slice(indent)}`).join('\n')}\n`;
}

/** Files run later and how to read them, first match wins. */
const WRITTEN_FILES: readonly WrittenFile[] = [
  // The agent's standing instructions, memory and settings: what they order the next session runs.
  { path: INSTRUCTION_FILE, code: instructionCode, runtime: 'bash' },
  { path: AGENT_SETTINGS_FILE, code: settingsCode, runtime: 'bash' },
  { path: SHELL_FILE, code: whole, runtime: 'bash' },
  // Git hooks (any file under .git/hooks, .githooks or .husky, but not husky's own helper dir).
  { path: /(?:^|\/)(?:\.git\/hooks|\.githooks|\.husky)\/(?!_\/)[^/]+$/, code: whole, runtime: 'bash' },
  { path: MAKEFILE, code: makeShell, runtime: 'bash' },
  // A compose file: the next `docker compose up` runs its services as written (R15: privileged and
  // host-root mounts added by an edit). An edit's fragment is read as one service's keys.
  { path: /(?:^|\/)(?:docker-)?compose(?:\.[\w-]+)?\.ya?ml$/, code: composeText, runtime: 'docker' },
  // A Dockerfile: the next `docker build` runs its RUN lines, and a build line in the shell does not
  // show them (R16: `curl … | sh` added to a RUN line by MultiEdit). An edit's fragment is read as
  // instructions, as the docker runtime reads a partial file.
  {
    path: /(?:^|\/)(?:Dockerfile|Containerfile)(?:\.[\w.-]+)?$|\.(?:dockerfile|containerfile)$/i,
    code: whole,
    runtime: 'docker',
  },
  // A workflow's steps, and a pull request's code run with the repository's secrets (runs-later.ts).
  {
    path: CI_FILE,
    code: (c) => [ciSteps(c), pwnRequest(c)].filter((x) => x !== undefined && x !== '').join('\n'),
    runtime: 'bash',
  },
  // Git hook managers and task runners whose steps the next commit or task run runs.
  // lefthook's `commands:` is a map of named hooks, not a list of commands: only `run:` counts.
  {
    path: /(?:^|\/)\.?lefthook(?:-local)?\.ya?ml$/,
    code: (c) => ciSteps(c.replace(/^(\s*)commands\s*:/gm, '$1hook_commands:')),
    runtime: 'bash',
  },
  {
    path: /(?:^|\/)Taskfile(?:\.dist)?\.ya?ml$/,
    code: (c) => ciSteps(c.replace(/^(\s*(?:-\s+)?)cmds?:/gm, '$1commands:')),
    runtime: 'bash',
  },
  { path: /(?:^|\/)(?:\.?[Jj]ustfile|[^/]+\.just)$/, code: justRecipes, runtime: 'bash' },
  // pytest files: fixtures that empty or drop tables run against the test database, so their SQL
  // is not judged; what they run, delete or send outside it is.
  { path: PYTEST_FILE, code: dedent, runtime: 'python', ignore: ['sql'] },
  { path: PYTHON_RUN, code: dedent, runtime: 'python' },
  // An installed dependency's code runs whenever the project imports it (red team r10: code
  // appended to node_modules/express/index.js): what is written there is judged as that code.
  {
    path: /(?:^|\/)node_modules\/(?!\.cache\/)[^/]+(?:\/[^/]+)*\.(?:js|cjs|mjs)$/,
    code: whole,
    runtime: 'node',
  },
  // A build or lint tool's config is a program the tool runs on every build, test or lint
  // (vite.config.js, jest.config.ts, .eslintrc.js, gulpfile.js): judged as that code.
  {
    path: /(?:^|\/)(?:[\w-]+(?:\.[\w-]+)*\.config|\.[\w-]+rc|gulpfile|Gruntfile|Jakefile)\.(?:js|cjs|mjs|ts|cts|mts)$/,
    code: whole,
    runtime: 'node',
  },
  // A test runner's setup and global setup/teardown files (jest `setupFiles`, CRA's setupTests,
  // vitest `setupFiles`, Playwright `globalSetup`): every `npm test` runs them before any test.
  {
    path: /(?:^|\/)(?:(?:jest|vitest|mocha|ava|test|tests|karma|playwright|cypress)[.-]setup|setup[-_.]?[Tt]ests?|[Tt]est[-_.]?[Ss]etup|global[-_.]?(?:[Ss]etup|[Tt]eardown))\.(?:js|cjs|mjs|jsx|ts|cts|mts|tsx)$/,
    code: whole,
    runtime: 'node',
  },
  // A package's __init__.py runs whenever the package is imported.
  { path: /(?:^|\/)__init__\.py$/, code: dedent, runtime: 'python' },
  { path: /(?:^|\/)(?:site|dist)-packages\/[^/]+(?:\/[^/]+)*\.py$/, code: dedent, runtime: 'python' },
  { path: /\.pth$/, code: pthImports, runtime: 'python' },
  { path: /(?:^|\/)\.npmrc$/, code: npmrcSettings, runtime: 'bash' },
  { path: /(?:^|\/)\.yarnrc\.yml$/, code: yarnrcSettings, runtime: 'bash' },
  { path: /(?:^|\/)(?:pip\.conf|pip\.ini)$/, code: pipConfSettings, runtime: 'bash' },
  { path: PACKAGE_JSON, code: packageScripts, runtime: 'bash' },
  // Package manifests whose sources the next install fetches from (and runs the build code of).
  {
    path: /(?:^|\/)(?:requirements|constraints)[^/]*\.(?:txt|in)$|(?:^|\/)requirements\/[^/]+\.(?:txt|in)$/,
    code: requirementLines,
    runtime: 'bash',
  },
  {
    path: /(?:^|\/)(?:pyproject\.toml|uv\.toml|poetry\.toml|Pipfile|pdm\.toml)$/,
    code: tomlSources,
    runtime: 'bash',
  },
  { path: /(?:^|\/)setup\.cfg$/, code: cfgSources, runtime: 'bash' },
  { path: /(?:^|\/)\.yarnrc$/, code: yarnrcV1Settings, runtime: 'bash' },
  { path: /(?:^|\/)bunfig\.toml$/, code: bunfigSettings, runtime: 'bash' },
  { path: /(?:^|\/)\.pre-commit-(?:config|hooks)\.ya?ml$/, code: yamlEntries, runtime: 'bash' },
  { path: /(?:^|\/)tox\.ini$/, code: toxCommands, runtime: 'bash' },
  { path: /(?:^|\/)(?:Gemfile|Rakefile|[^/]+\.(?:rake|gemspec))$/, code: rubyCommands, runtime: 'bash' },
  { path: /(?:^|\/)build\.rs$/, code: rustCommands, runtime: 'bash' },
  { path: /(?:^|\/)\.cargo\/config(?:\.toml)?$/, code: cargoPrograms, runtime: 'bash' },
  { path: /(?:^|\/)(?:CMakeLists\.txt|[^/]+\.cmake)$/i, code: cmakeCommands, runtime: 'bash' },
  { path: /\.go$/, code: goGenerate, runtime: 'bash' },
  // Configs a bundler, test runner or linter imports; Python a package import or a framework starts;
  // programs a Gradle or Maven build execs (tool-call/runs-later.ts).
  { path: NODE_CONFIG, code: whole, runtime: 'node' },
  { path: PYTHON_STARTUP, code: dedent, runtime: 'python' },
  { path: BUILD_FILE, code: buildCommands, runtime: 'bash' },
  // A Procfile's processes: `web: gunicorn app:app` runs `gunicorn app:app`.
  { path: /(?:^|\/)Procfile(?:\.[\w-]+)?$/, code: (c) => c.replace(/^[\w-]+:[ \t]*/gm, ''), runtime: 'bash' },
];

/**
 * Files whose commands nothing runs by itself: documents (an install line in a README is for a
 * reader) and source code (its strings are judged when the program runs). Dockerfiles have their
 * own entry above; the pattern keeps a Dockerfile variant no entry names from the config reader.
 */
const NOT_CONFIG =
  /\.(?:md|markdown|mdx|rst|txt|adoc|asciidoc|html?|org|tex|ipynb|py|pyi|js|mjs|cjs|jsx|ts|tsx|go|rs|java|kt|kts|scala|rb|php|c|h|cc|cpp|hpp|cs|swift|m|lua|pl|r|jl|dart|ex|exs|erl|hs|clj|vue|svelte|sql|csv|tsv|log|lock|patch|diff)$|(?:^|\/)(?:Dockerfile|Containerfile)(?:\.[\w.-]+)?$|\.(?:dockerfile|containerfile)$/i;
/** An inline program in a setting's value: `sh -c '...'`, `bash -c "..."`, `python3 -c "..."`, `node -e '...'`. */
const INLINE_PROGRAM =
  /(?:^|[\s"'=[,(:])((?:\/[\w./-]*\/)?(?:(?:ba|z|da|k)?sh|python[\d.]*|node|perl|ruby)\s+-[ce]\s+(?:'[^'\n]*'|"(?:[^"\\\n]|\\.)*"))/g;
/** A download piped into a shell or interpreter, wherever it is written (a setting, an argv element, a hook). */
const FETCH_RUN =
  /\b(?:curl|wget)\s[^\n"'`|;]*\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:\S*\/)?(?:(?:ba|z|da|k)?sh|python[\d.]*|node|perl|ruby)\b/g;

/**
 * Commands in a configuration file no entry above knows (red team r10): a credential helper
 * (`credential_process = sh -c '...'`), a kubeconfig `exec` plugin, a tool's `[hooks]`, a desktop
 * entry's `Exec=`, a Procfile. Whatever format, a setting whose value is an inline program or a
 * download piped to a shell is there to be run by whatever reads the file.
 */
function configCommands(content: string): string {
  // A container's command (a Kubernetes manifest, a compose file) runs in the container, not here.
  const container = /^\s*apiVersion\s*:/m.test(content) || /^services\s*:/m.test(content);
  const out: string[] = container ? [] : [keyedCommands(content)];
  for (const m of content.matchAll(INLINE_PROGRAM)) if (out.length < 32) out.push(m[1]!);
  for (const m of content.matchAll(FETCH_RUN)) if (out.length < 64) out.push(m[0]);
  return out.join('\n');
}

/**
 * Database migrations: the next deploy or `migrate` runs their up step against the real database
 * (R17: a "cleanup" migration dropping customers, orders and payments). A down or rollback file
 * undoes a migration's own tables and is not read; nor is the down part of a file.
 */
const MIGRATION_FILE =
  /(?:^|\/)(?:migrations?|migrate|versions|flyway|liquibase|changelogs?|changesets?)\/(?:[^/]+\/)?[^/]+\.(?:sql|py|rb|js|ts|cjs|mjs|php)$|(?:^|\/)V\d+(?:[._]\d+)*__[^/]+\.sql$/i;
const DOWN_FILE = /(?:^|[/._-])(?:down|rollback|revert|undo)(?:[/._-][^/]*)?$/i;
/** Where a migration's down part starts. */
const DOWN_PART =
  /^\s*--\s*\+(?:migrate|goose)\s+down\b|^\s*--\s*migrate:down\b|^\s*(?:async\s+)?def\s+(?:downgrade|down)\b|^\s*(?:exports\.down|module\.exports\.down)\b|^\s*(?:public\s+)?(?:async\s+)?(?:function\s+)?down\s*\(|^\s*down\s*[:=]/im;
/** Statements that remove a whole table, schema or database, or every row of a table. */
const LOSS_STATEMENT =
  /\b(?:DROP\s+(?:TABLE|DATABASE|SCHEMA|COLLECTION)\b[^;"'`]*|TRUNCATE\b[^;"'`]*|DELETE\s+FROM\s+[\w."\x60]+\s*(?=;|["'\x60]|$))/gim;
/** ORM and migration-tool calls that drop a table (Alembic, Rails, Knex, TypeORM, Laravel, Django). */
const DROP_CALL =
  /\b(?:drop_table|dropTable|dropTableIfExists|dropIfExists|drop_collection|dropCollection|Schema::drop(?:IfExists)?)\s*\(?\s*:?["'\x60]?(\w+)|\bDeleteModel\(\s*(?:name\s*=\s*)?["'](\w+)["']/g;

/** A migration's up part, as the statements of loss it runs (the SQL rules judge what is lost). */
function migrationLoss(content: string): string {
  const down = DOWN_PART.exec(content);
  const up = down === null ? content : content.slice(0, down.index);
  const out: string[] = [];
  for (const m of up.matchAll(LOSS_STATEMENT)) if (out.length < 64) out.push(`${m[0].trim()};`);
  for (const m of up.matchAll(DROP_CALL)) if (out.length < 64) out.push(`DROP TABLE ${m[1] ?? m[2]!};`);
  return out.join('\n');
}

/**
 * Source files of the program itself: it sends what it sends whenever it runs (R17: a Next.js
 * instrumentation hook posting DATABASE_URL and the Stripe key to an outside host). Only the
 * flows of data are judged here (a secret to a host, downloaded code run), not what the program
 * runs, deletes or calls, which is its ordinary work.
 */
const SOURCE_FILES: readonly (readonly [RegExp, Runtime])[] = [
  [/\.(?:js|mjs|cjs|jsx|ts|mts|cts|tsx)$/i, 'node'],
  [/\.py$/i, 'python'],
];
/** Cheap tests that a source file can send something it read (most files do neither). */
const SENDS =
  /fetch|https?:\/\/|axios|request|urllib|socket|WebSocket|XMLHttpRequest|sendBeacon|smtp|dns|http/;
const READS_SECRET =
  /process\.env|import\.meta\.env|(?:Deno|Bun)\.env|os\.environ|getenv|document\.cookie|localStorage|credentials|\.ssh\b|\.aws\b|\.env\b|id_rsa|\.npmrc|\.netrc|kubeconfig|homedir|expanduser/;
const FLOWS_ONLY: readonly Fact['kind'][] = [
  'exec',
  'file',
  'net',
  'sql',
  'loop',
  'container',
  'literal',
  'unparsed',
  'budget',
];

/** The code in `content` written to `path` that runs later, or undefined. */
export function writtenCode(path: string, content: string): WrittenCode | undefined {
  if (content.trim() === '') return undefined;
  if (SHELL_SHEBANG.test(content)) return { code: content, runtime: 'bash' };
  const file = WRITTEN_FILES.find((f) => f.path.test(path));
  if (file === undefined) {
    if (MIGRATION_FILE.test(path)) {
      const loss = DOWN_FILE.test(path) || content.length > 262144 ? '' : migrationLoss(content);
      if (loss !== '') return { code: loss, runtime: 'sql' };
    }
    const source = SOURCE_FILES.find(([re]) => re.test(path));
    if (source !== undefined && content.length <= 262144 && SENDS.test(content) && READS_SECRET.test(content))
      return { code: content, runtime: source[1], ignore: FLOWS_ONLY };
    if (NOT_CONFIG.test(path) || content.length > 262144) return undefined;
    const code = configCommands(content);
    return code === '' ? undefined : { code, runtime: 'bash' };
  }
  const code = file.code(content);
  if (code.trim() === '') return undefined;
  return file.ignore ? { code, runtime: file.runtime, ignore: file.ignore } : { code, runtime: file.runtime };
}
