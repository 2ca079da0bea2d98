/**
 * The workspace a hook's check runs against: the agent's project directory when the agent names
 * one (payload `project_dir`/`workspace_roots`, or the project variable the agent sets for its
 * hooks), else the payload's `cwd`, else the hook process's own directory. The hook process is
 * started wherever the agent happens to be, so its own cwd would make the same `rm -rf
 * <project>/build` allowed or denied depending on that (issue 25). A configured
 * engine.workspaceRoot still wins (it is the default this only fills in).
 */
import path from 'node:path';

/** Environment variables agents set for their hooks, naming the project root. */
export const PROJECT_DIR_ENV: Readonly<Record<string, readonly string[]>> = {
  'claude-code': ['CLAUDE_PROJECT_DIR'],
  'gemini-cli': ['GEMINI_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'],
};

function absolute(value: unknown, source: string): string | { error: string } | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value === '' || !path.isAbsolute(value))
    return { error: `${source} must be an absolute path` };
  return path.normalize(value);
}

export function hookWorkspace(
  agent: string,
  payload: Readonly<Record<string, unknown>>,
  env: Readonly<Record<string, string | undefined>>,
  fallback: string,
): string | { error: string } {
  const roots = payload.workspace_roots;
  const candidates: Array<[unknown, string]> = [
    [payload.project_dir, '"project_dir"'],
    [Array.isArray(roots) ? roots[0] : roots, '"workspace_roots"'],
  ];
  for (const name of PROJECT_DIR_ENV[agent] ?? []) {
    // The variable comes from the agent; an empty one is as good as unset.
    if (env[name] !== undefined && env[name] !== '') candidates.push([env[name], name]);
  }
  candidates.push([payload.cwd, '"cwd"']);
  for (const [value, source] of candidates) {
    const dir = absolute(value, source);
    if (dir !== undefined) return dir;
  }
  return fallback;
}
