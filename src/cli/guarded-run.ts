/**
 * Shared by `agent-guard exec` and `agent-guard-sh`: check a command (in-process engine, or a remote
 * agent-guard through GuardClient), print the SPEC 7 block message, and run a child with inherited
 * stdio, passing its exit status and terminating signal through. Every failure to check is a block
 * (exit 126): a command that could not be checked is not run.
 */
import { spawn, type StdioOptions } from 'node:child_process';
import { constants } from 'node:os';
import { loadConfig } from '../config/load.js';
import { isAgentGuardError } from '../errors.js';
import { createCliGuard } from './cli-guard.js';
import { GuardClient } from '../library/guard-client.js';
import type { CliIo } from './command.js';

export interface CheckOutcome {
  readonly allowed: boolean;
  readonly ruleId: string | null;
  readonly invariant: string | null;
  readonly reason: string | null;
  readonly suggestedAlternative: string | null;
  readonly remediationHint: string | null;
  /** Set when the check itself failed (the command is then blocked, fail closed). */
  readonly failure?: string;
}

export interface CheckOptions {
  readonly runtime?: string;
  /** Base URL of a remote agent-guard; default: evaluate in-process. */
  readonly remote?: string | undefined;
  readonly configFile?: string | undefined;
}

function failed(failure: string): CheckOutcome {
  return {
    allowed: false,
    ruleId: null,
    invariant: null,
    reason: null,
    suggestedAlternative: null,
    remediationHint: null,
    failure,
  };
}

/** Evaluate `command`; never throws (a failed check is a blocked outcome). */
export async function checkCommand(
  command: string,
  io: CliIo,
  options: CheckOptions = {},
): Promise<CheckOutcome> {
  const runtime = options.runtime ?? 'bash';
  try {
    if (options.remote !== undefined) {
      const timeout = Number(io.env.AGENT_GUARD_TIMEOUT_MS ?? 2000);
      const client = new GuardClient({
        baseUrl: options.remote,
        ...(io.env.AGENT_GUARD_FAILOVER_URL ? { failoverUrl: io.env.AGENT_GUARD_FAILOVER_URL } : {}),
        ...(io.env.AGENT_GUARD_API_KEY ? { apiKey: io.env.AGENT_GUARD_API_KEY } : {}),
        timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 2000,
      });
      try {
        const r = await client.validate({ command, runtime });
        const first = Array.isArray(r.findings)
          ? (r.findings[0] as { invariant?: string } | undefined)
          : undefined;
        return {
          allowed: r.allowed === true,
          ruleId: r.rule_id ?? null,
          invariant: first?.invariant ?? null,
          reason: r.reason ?? null,
          suggestedAlternative: r.suggested_alternative ?? null,
          remediationHint: r.remediation_hint ?? null,
        };
      } finally {
        await client.close();
      }
    }
    const config = loadConfig({ file: options.configFile, env: io.env, cwd: io.cwd });
    const guard = await createCliGuard(config, io.cwd, 'exec');
    const r = guard.validate({ command, runtime });
    await guard.close();
    return {
      allowed: r.allowed,
      ruleId: r.ruleId,
      invariant: r.findings[0]?.invariant ?? null,
      reason: r.reason,
      suggestedAlternative: r.suggestedAlternative,
      remediationHint: r.remediationHint,
    };
  } catch (err) {
    return failed(
      isAgentGuardError(err)
        ? `${err.code}: ${err.message}`
        : err instanceof Error
          ? err.message
          : String(err),
    );
  }
}

/** The SPEC 7 block message (stderr): rule, reason, suggested alternative, hint. */
export function blockMessage(prog: string, outcome: CheckOutcome): string {
  if (outcome.failure !== undefined) {
    return `${prog}: BLOCKED: the command could not be checked, so it was not run (fail closed)\n  error: ${outcome.failure}\n`;
  }
  const lines = [
    `${prog}: BLOCKED by ${outcome.ruleId ?? 'policy'}${outcome.invariant ? ` (${outcome.invariant})` : ''}`,
  ];
  if (outcome.reason) lines.push(`  reason: ${outcome.reason}`);
  if (outcome.suggestedAlternative) lines.push(`  suggested alternative: ${outcome.suggestedAlternative}`);
  if (outcome.remediationHint) lines.push(`  hint: ${outcome.remediationHint}`);
  lines.push('  the command was not run (exit 126)');
  return `${lines.join('\n')}\n`;
}

export interface ChildResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** ENOENT, EACCES, ... when the program could not be started. */
  readonly spawnError?: string;
}

const FORWARDED: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR1', 'SIGUSR2'];

/**
 * Run `file args` with the caller's stdio (inherited when io is the real process, piped into io
 * otherwise) and wait. Signals sent to this process are forwarded to the child while it runs.
 */
export function runChild(
  file: string,
  args: readonly string[],
  io: CliIo,
  options: { readonly stdinData?: Buffer; readonly argv0?: string } = {},
): Promise<ChildResult> {
  const real = io.stdout === process.stdout && io.stderr === process.stderr;
  const stdio: StdioOptions = [
    options.stdinData !== undefined ? 'pipe' : real && io.stdin === process.stdin ? 'inherit' : 'pipe',
    real ? 'inherit' : 'pipe',
    real ? 'inherit' : 'pipe',
  ];
  return new Promise((resolve) => {
    const child = spawn(file, [...args], {
      stdio,
      cwd: io.cwd,
      env: io.env,
      ...(options.argv0 !== undefined ? { argv0: options.argv0 } : {}),
    });
    const forward = (sig: NodeJS.Signals) => () => {
      child.kill(sig);
    };
    const handlers = FORWARDED.map((sig) => [sig, forward(sig)] as const);
    for (const [sig, h] of handlers) process.on(sig, h);
    const cleanup = () => {
      for (const [sig, h] of handlers) process.off(sig, h);
    };
    if (!real) {
      child.stdout?.pipe(io.stdout, { end: false });
      child.stderr?.pipe(io.stderr, { end: false });
    }
    if (child.stdin) {
      child.stdin.on('error', () => undefined); // the child may exit without reading its input
      if (options.stdinData !== undefined) child.stdin.end(options.stdinData);
      else io.stdin.pipe(child.stdin);
    }
    child.once('error', (err: NodeJS.ErrnoException) => {
      cleanup();
      resolve({ code: null, signal: null, spawnError: err.code ?? err.message });
    });
    child.once('close', (code, signal) => {
      cleanup();
      if (io.stdin !== process.stdin || options.stdinData !== undefined)
        io.stdin.unpipe?.(child.stdin ?? undefined);
      resolve({ code, signal });
    });
  });
}

/** Exit status for a finished child: its code, or 128 + the signal number (the shell convention). */
export function exitStatus(result: ChildResult): number {
  if (result.spawnError !== undefined) return result.spawnError === 'ENOENT' ? 127 : 126;
  if (result.signal !== null) return 128 + (constants.signals[result.signal] ?? 0);
  return result.code ?? 1;
}

/**
 * When this is the real process, die of the same signal the child died of, so a parent sees the
 * signal (WIFSIGNALED) and not an exit code; main's exit code (128 + n) is the fallback when the
 * signal is ignored or cannot be re-raised.
 */
export function reraise(result: ChildResult, io: CliIo): void {
  if (result.signal === null || io.stdout !== process.stdout) return;
  process.removeAllListeners(result.signal);
  try {
    process.kill(process.pid, result.signal);
  } catch {
    // fall back to the exit status
  }
}
