/**
 * Content a file tool writes that something runs later without the agent running it (red team
 * r1): shell scripts, Makefile recipes (`make` runs them) and CI workflow steps (a push runs them,
 * with the repository's secrets). The code is returned so the caller analyses it like a command.
 * Other files (source code, data, docs) are the agent's everyday output and are not analysed.
 */
import type { Runtime } from '../../types.js';

export interface WrittenCode {
  readonly code: string;
  readonly runtime: Runtime;
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
  return out
    .join('\n')
    .replace(/\$\{\{\s*(?:toJSON|tojson)\(\s*secrets\s*\)\s*\}\}/g, '$(env)')
    .replace(/\$\{\{\s*secrets\.([A-Za-z_]\w*)\s*\}\}/g, '$$$1')
    .replace(/\$\{\{[^}]*\}\}/g, 'x');
}

/** The code in `content` written to `path` that runs later, or undefined. */
export function writtenCode(path: string, content: string): WrittenCode | undefined {
  if (content.trim() === '') return undefined;
  if (SHELL_SHEBANG.test(content) || SHELL_FILE.test(path)) return { code: content, runtime: 'bash' };
  if (MAKEFILE.test(path)) {
    const code = makeRecipes(content);
    // `$$` is a literal `$` to make; `$(CC)` and `${CC}` are make variables (read as shell variables).
    const shell = code.replace(/\$\$|\$\((\w+)\)|\$\{(\w+)\}/g, (m, a?: string, b?: string) =>
      m === '$$' ? '$' : `\${${a ?? b}}`,
    );
    return code.trim() === '' ? undefined : { code: shell, runtime: 'bash' };
  }
  if (CI_FILE.test(path)) {
    const code = ciSteps(content);
    return code.trim() === '' ? undefined : { code, runtime: 'bash' };
  }
  return undefined;
}
