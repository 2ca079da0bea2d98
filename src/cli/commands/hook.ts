/**
 * `agent-guard hook <agent>`: a coding agent's pre-tool-use hook. Reads the hook JSON on stdin,
 * evaluates what the tool would run, read, write or fetch, and answers in that agent's documented
 * format (src/cli/hooks/agents.ts). Malformed input blocks (fail closed) with the agent's blocking
 * exit code and the problem on stderr.
 */
import { loadConfig } from '../../config/load.js';
import { isAgentGuardError } from '../../errors.js';
import { createCliGuard } from '../cli-guard.js';
import { evaluateInputs, evaluateToolCall, type ToolCallEvaluation } from '../../library/tool-call.js';
import { EXIT, UsageError, type CliCommand, type CliIo } from '../command.js';
import { HOOK_AGENTS, type HookAgent, type HookPayload } from '../hooks/agents.js';
import { hookWorkspace } from '../hooks/workspace.js';
import { parseOptions, readBounded } from '../input.js';
import { POLICY_OPTION_HELP, withPolicy } from '../policy-option.js';

const MAX_INPUT = 8 * 1024 * 1024;

const USAGE = `Usage: agent-guard hook <agent> [--config FILE] [--policy FILE]

Pre-tool-use hook for a coding agent: reads the hook's JSON on stdin and denies tool calls that
break an invariant, with the rule, reason and a suggested alternative for the model.

Agents:
  claude-code   Claude Code PreToolUse hook. Checks Bash (command), Write/Edit/MultiEdit/NotebookEdit
                (the file written), Read (the file read), WebFetch (the URL), other tools (MCP
                included) by their arguments. Deny: {"hookSpecificOutput":{"hookEventName":
                "PreToolUse","permissionDecision":"deny","permissionDecisionReason":...}} on stdout,
                exit 0. Allowed: no output, exit 0 (Claude Code's own permission rules apply).
  gemini-cli    Gemini CLI BeforeTool hook. Checks run_shell_command, write_file/replace, read_file,
                web_fetch (each URL in the prompt), other tools by their arguments. Deny:
                {"decision":"deny","reason":...} on stdout, exit 0. Allowed: {} on stdout, exit 0.

  --config FILE   Configuration file (YAML or JSON); default AGENT_GUARD_CONFIG.
${POLICY_OPTION_HELP}

Installation: docs/library.md ("Coding-agent hooks").

Exit codes: 0 answered (allow or deny, as above); 2 malformed hook input (both agents read exit 2
as "block", with stderr as the reason); 1 the hook is registered under another event than the
agent's pre-tool event (reported, nothing blocked); 2 usage error.`;

function parsePayload(raw: string): HookPayload | string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return 'stdin is not valid JSON';
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return 'stdin must be a JSON object';
  const v = value as Record<string, unknown>;
  if (typeof v.tool_name !== 'string' || v.tool_name.length === 0)
    return '"tool_name" must be a non-empty string';
  if (v.tool_input === null || typeof v.tool_input !== 'object' || Array.isArray(v.tool_input))
    return '"tool_input" must be a JSON object';
  return v as unknown as HookPayload;
}

function denyReason(tool: string, evaluation: ToolCallEvaluation): string {
  const first = evaluation.decision.findings[0];
  if (first === undefined) return `agent-guard blocked ${tool}`;
  const parts = [`agent-guard blocked ${tool}: ${first.ruleId} (${first.invariant}): ${first.reason}.`];
  if (first.suggestedAlternative !== null) parts.push(`Suggested alternative: ${first.suggestedAlternative}`);
  parts.push(`Hint: ${first.remediationHint}`);
  return parts.join(' ');
}

function answer(io: CliIo, out: { stdout: string; exitCode: number }): number {
  if (out.stdout !== '') io.stdout.write(out.stdout);
  return out.exitCode;
}

function block(io: CliIo, agent: HookAgent, message: string): number {
  io.stderr.write(`agent-guard hook ${agent.name}: blocked: ${message}\n`);
  return agent.blockExitCode;
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions({
    args: [...argv],
    options: { config: { type: 'string' }, policy: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const names = HOOK_AGENTS.map((a) => a.name).join(', ');
  if (positionals.length !== 1) throw new UsageError(`name one agent: ${names}`);
  const agent = HOOK_AGENTS.find((a) => a.name === positionals[0]);
  if (agent === undefined) throw new UsageError(`unknown agent "${positionals[0]}"; known: ${names}`);
  // A malformed --policy file is refused before any input is read (exit 2, a block for both agents).
  const policyEnv = withPolicy(io, values.policy).env;

  const raw = await readBounded(io.stdin, MAX_INPUT);
  if (raw === null)
    return block(io, agent, `AG_ERR_HOOK_INPUT_INVALID: hook input is larger than ${MAX_INPUT} bytes`);
  const payload = parsePayload(raw.toString('utf8'));
  if (typeof payload === 'string') return block(io, agent, `AG_ERR_HOOK_INPUT_INVALID: ${payload}`);
  if (payload.hook_event_name !== undefined && payload.hook_event_name !== agent.event) {
    io.stderr.write(
      `agent-guard hook ${agent.name}: this hook answers ${agent.event}, but was called for ${JSON.stringify(payload.hook_event_name)}; register it under ${agent.event}\n`,
    );
    return EXIT.denied;
  }
  const wanted = agent.inputsFor(payload);
  if ('error' in wanted) return block(io, agent, `AG_ERR_HOOK_INPUT_INVALID: ${wanted.error}`);
  // The agent's project (or the payload's cwd), not wherever the hook process was started.
  const workspace = hookWorkspace(agent.name, payload as unknown as Record<string, unknown>, io.env, io.cwd);
  if (typeof workspace !== 'string') return block(io, agent, `AG_ERR_HOOK_INPUT_INVALID: ${workspace.error}`);

  let evaluation: ToolCallEvaluation;
  try {
    const config = loadConfig({ file: values.config, env: policyEnv, cwd: io.cwd });
    const guard = await createCliGuard(config, workspace, `hook ${agent.name}`);
    evaluation =
      'generic' in wanted
        ? evaluateToolCall(guard, payload.tool_name, payload.tool_input)
        : evaluateInputs(guard, wanted.inputs, payload.tool_name);
    await guard.close();
  } catch (err) {
    // The check itself failed: deny (fail closed), saying why.
    const why = isAgentGuardError(err)
      ? `${err.code}: ${err.message}`
      : err instanceof Error
        ? err.message
        : String(err);
    return answer(
      io,
      agent.deny(`agent-guard could not check this ${payload.tool_name} call, so it is denied: ${why}`),
    );
  }
  if (evaluation.decision.allowed) return answer(io, agent.allow());
  return answer(io, agent.deny(denyReason(payload.tool_name, evaluation)));
}

export const hookCommand: CliCommand = {
  name: 'hook',
  usage: USAGE,
  run,
};
