/**
 * `--policy FILE` of validate, exec, hook and explain: checked at once (a malformed file is a usage
 * error, exit 2, naming key and line), then handed on as AGENT_GUARD_POLICY_FILE so every later
 * configuration load sees it.
 */
import { resolve } from 'node:path';
import { loadPolicyFile } from '../policy/load.js';
import type { CliIo } from './command.js';

export const POLICY_OPTION_HELP =
  '  --policy FILE   Policy file (YAML or JSON, docs/policy.md); default AGENT_GUARD_POLICY_FILE.';

export function withPolicy(io: CliIo, file: string | undefined): CliIo {
  if (file === undefined) return io;
  const path = resolve(io.cwd, file);
  loadPolicyFile(path);
  return { ...io, env: { ...io.env, AGENT_GUARD_POLICY_FILE: path } };
}
