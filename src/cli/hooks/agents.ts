/**
 * Coding agents' pre-tool-use hook contracts, one table entry each: which tool inputs carry
 * something to check, and how a deny, an allow and a malformed input are answered. Sources:
 * Claude Code hooks reference (PreToolUse, `hookSpecificOutput.permissionDecision`), Gemini CLI
 * hooks reference (BeforeTool, `decision`/`reason`); both: exit 2 blocks with stderr as the reason.
 */
import { shellQuote } from '../../engine/shell-quote.js';
import type { ToolInput } from '../../library/tool-call.js';

export interface HookPayload {
  readonly hook_event_name?: unknown;
  readonly tool_name: string;
  readonly tool_input: Record<string, unknown>;
}

/** What to evaluate for a tool call: explicit inputs, or `generic` (read the arguments as /gate TOOL_CALL). */
export type HookInputs = { readonly inputs: readonly ToolInput[] } | { readonly generic: true };

export interface HookAnswer {
  readonly stdout: string;
  readonly exitCode: number;
}

export interface HookAgent {
  readonly name: string;
  /** The hook event this answers; another event name in the payload is a configuration mistake. */
  readonly event: string;
  inputsFor(payload: HookPayload): HookInputs | { readonly error: string };
  deny(reason: string): HookAnswer;
  /** Allowed: leave the decision to the agent's own permission flow. */
  allow(): HookAnswer;
  /** Exit code that blocks the tool call with stderr as the reason (malformed input, fail closed). */
  readonly blockExitCode: number;
}

const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

function shell(text: string, source: string): ToolInput {
  return { text, runtime: 'bash', source };
}

/** A file the tool writes, as the equivalent shell (the same reading as /gate FILE_WRITE). */
function writes(path: unknown, source: string): ToolInput[] | { error: string } {
  if (!str(path)) return { error: `${source} must be a non-empty string` };
  return [shell(`: > ${shellQuote(path)}`, source)];
}

/** A file the tool reads: `cat` of it, so credential stores are caught (NO_SECRET_FILE_READ). */
function reads(path: unknown, source: string): ToolInput[] | { error: string } {
  if (!str(path)) return { error: `${source} must be a non-empty string` };
  return [shell(`cat -- ${shellQuote(path)}`, source)];
}

function fetches(url: string, source: string): ToolInput {
  return shell(`curl -X GET -- ${shellQuote(url)}`, source);
}

function wrap(result: ToolInput[] | { error: string }): HookInputs | { error: string } {
  return Array.isArray(result) ? { inputs: result } : result;
}

export const CLAUDE_CODE: HookAgent = {
  name: 'claude-code',
  event: 'PreToolUse',
  blockExitCode: 2,
  inputsFor({ tool_name: tool, tool_input: input }) {
    switch (tool) {
      case 'Bash':
        return str(input.command)
          ? { inputs: [shell(input.command, 'tool_input.command')] }
          : { error: 'tool_input.command must be a non-empty string' };
      case 'Write':
      case 'Edit':
      case 'MultiEdit':
        return wrap(writes(input.file_path, 'tool_input.file_path'));
      case 'NotebookEdit':
        return wrap(writes(input.notebook_path, 'tool_input.notebook_path'));
      case 'Read':
        return wrap(reads(input.file_path, 'tool_input.file_path'));
      case 'WebFetch':
        return str(input.url)
          ? { inputs: [fetches(input.url, 'tool_input.url')] }
          : { error: 'tool_input.url must be a non-empty string' };
      default:
        return { generic: true };
    }
  },
  deny(reason) {
    const out = {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: reason,
      },
    };
    return { stdout: `${JSON.stringify(out)}\n`, exitCode: 0 };
  },
  allow() {
    // No output, exit 0: Claude Code carries on with its normal permission rules. An explicit
    // "allow" would skip the user's permission prompt, which is not ours to grant.
    return { stdout: '', exitCode: 0 };
  },
};

const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>`]+/gi;

export const GEMINI_CLI: HookAgent = {
  name: 'gemini-cli',
  event: 'BeforeTool',
  blockExitCode: 2,
  inputsFor({ tool_name: tool, tool_input: input }) {
    switch (tool) {
      case 'run_shell_command':
        return str(input.command)
          ? { inputs: [shell(input.command, 'tool_input.command')] }
          : { error: 'tool_input.command must be a non-empty string' };
      case 'write_file':
      case 'replace':
        return wrap(writes(input.file_path, 'tool_input.file_path'));
      case 'read_file':
        return wrap(
          reads(
            input.file_path ?? input.absolute_path,
            str(input.file_path) ? 'tool_input.file_path' : 'tool_input.absolute_path',
          ),
        );
      case 'web_fetch': {
        if (!str(input.prompt)) return { error: 'tool_input.prompt must be a non-empty string' };
        // web_fetch takes a prompt naming up to 20 URLs: each is checked as a fetch.
        const urls = input.prompt.match(URL_IN_TEXT) ?? [];
        return { inputs: urls.slice(0, 20).map((u) => fetches(u, 'tool_input.prompt')) };
      }
      default:
        return { generic: true };
    }
  },
  deny(reason) {
    return { stdout: `${JSON.stringify({ decision: 'deny', reason })}\n`, exitCode: 0 };
  },
  allow() {
    // Exit 0 with an empty JSON object: no decision, the CLI's own confirmation rules apply.
    return { stdout: '{}\n', exitCode: 0 };
  },
};

export const HOOK_AGENTS: readonly HookAgent[] = [CLAUDE_CODE, GEMINI_CLI];
