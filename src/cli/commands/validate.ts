/**
 * `agent-guard validate`: evaluate one command (`-- COMMAND`) or a JSON-lines stream of them
 * (`--jsonl [FILE|-]`) and print decisions in the SPEC 2.5 wire shape. Exit 0 allowed, 1 denied,
 * 2 usage or input error.
 */
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { loadConfig } from '../../config/load.js';
import { createEngine, type Engine } from '../../engine/engine.js';
import { toWireDecision, type WireDecision } from '../../engine/wire.js';
import { AgentGuardError, isAgentGuardError } from '../../errors.js';
import { RUNTIMES } from '../../engine/types.js';
import { EXIT, UsageError, type CliCommand, type CliIo } from '../command.js';
import { jsonlDefaultsToStdin, parseOptions } from '../input.js';
import { POLICY_OPTION_HELP, withPolicy } from '../policy-option.js';

const USAGE = `Usage: agent-guard validate [--runtime R] [--json] [--config FILE] [--policy FILE] -- COMMAND...
       agent-guard validate --jsonl [FILE|-] [--config FILE] [--policy FILE]

Evaluate a command against the 15 invariants and print the decision.

  --runtime R     ${RUNTIMES.join(', ')}, tool_call (default bash). tool_call: COMMAND is the
                  JSON of {"name", "arguments"}.
  --json          Print the decision as one JSON object (SPEC 2.5 fields in snake_case plus findings).
  --jsonl [FILE]  Read one JSON object per line ({"id", "command", "runtime"}) from FILE or stdin (-)
                  and write one decision per line with the same id. A malformed line gets an
                  {"id", "error": {"code", "message"}} line; blank lines are skipped.
  --config FILE   Configuration file (YAML or JSON); default AGENT_GUARD_CONFIG.
${POLICY_OPTION_HELP}

Exit codes: 0 allowed; 1 denied (--jsonl: any line denied); 2 usage or input error
(--jsonl: no line denied and at least one line was malformed).`;

interface JsonlError {
  readonly id: unknown;
  readonly error: { readonly code: string; readonly message: string };
}

/** Split a stream into lines without ever holding more than `maxBytes` of one line in memory. */
export async function* boundedLines(
  stream: Readable,
  maxBytes: number,
): AsyncGenerator<{ readonly text: string; readonly tooLong: boolean; readonly bytes: number }> {
  let parts: Buffer[] = [];
  let held = 0;
  let bytes = 0;
  let tooLong = false;
  const emit = () => {
    const line = {
      text: tooLong ? '' : Buffer.concat(parts).toString('utf8').replace(/\r$/, ''),
      tooLong,
      bytes,
    };
    parts = [];
    held = 0;
    bytes = 0;
    tooLong = false;
    return line;
  };
  for await (const chunk of stream) {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    while (buf.length > 0) {
      const nl = buf.indexOf(0x0a);
      const piece = nl < 0 ? buf : buf.subarray(0, nl);
      bytes += piece.length;
      if (!tooLong) {
        if (held + piece.length > maxBytes) {
          tooLong = true;
          parts = [];
          held = 0;
        } else {
          parts.push(Buffer.from(piece));
          held += piece.length;
        }
      }
      if (nl < 0) break;
      yield emit();
      buf = buf.subarray(nl + 1);
    }
  }
  if (bytes > 0 || parts.length > 0) yield emit();
}

function errorLine(id: unknown, code: string, message: string): JsonlError {
  return { id: id ?? null, error: { code, message } };
}

/**
 * Evaluate `text` in `runtime`; `tool_call` takes the text as the JSON of `{ name, arguments }`
 * (an MCP tools/call params object) and decides it like engine.validateToolCall.
 */
function evaluateIn(engine: Engine, text: string, runtime: string): ReturnType<Engine['evaluate']> {
  if (runtime !== 'tool_call') return engine.evaluate({ text, runtime });
  let call: unknown;
  try {
    call = JSON.parse(text);
  } catch {
    throw new AgentGuardError('AG_ERR_INPUT_INVALID', {
      problems: 'a tool_call command must be the JSON of {"name", "arguments"}',
    });
  }
  const c = call as { name?: unknown; arguments?: unknown } | null;
  if (c === null || typeof c !== 'object' || Array.isArray(c) || typeof c.name !== 'string')
    throw new AgentGuardError('AG_ERR_INPUT_INVALID', {
      problems: 'a tool_call command must be a JSON object with a string "name"',
    });
  return engine.validateToolCall({ name: c.name, arguments: c.arguments });
}

function evaluateLine(
  engine: Engine,
  raw: string,
): { out: (WireDecision & { id: unknown }) | JsonlError; denied: boolean } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { out: errorLine(null, 'AG_ERR_INPUT_INVALID', 'line is not valid JSON'), denied: false };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { out: errorLine(null, 'AG_ERR_INPUT_INVALID', 'line must be a JSON object'), denied: false };
  }
  const obj = parsed as Record<string, unknown>;
  const id = obj.id ?? null;
  // A tool call's command may be its JSON text or the object itself.
  const command =
    obj.runtime === 'tool_call' && obj.command !== null && typeof obj.command === 'object'
      ? JSON.stringify(obj.command)
      : obj.command;
  if (typeof command !== 'string') {
    return { out: errorLine(id, 'AG_ERR_INPUT_INVALID', '"command" must be a string'), denied: false };
  }
  try {
    const evaluation = evaluateIn(
      engine,
      command,
      typeof obj.runtime === 'string'
        ? obj.runtime
        : obj.runtime === undefined
          ? 'bash'
          : JSON.stringify(obj.runtime),
    );
    const wire = toWireDecision(evaluation);
    return { out: { id, ...wire }, denied: !wire.allowed };
  } catch (err) {
    if (isAgentGuardError(err)) return { out: errorLine(id, err.code, err.message), denied: false };
    throw err;
  }
}

function human(wire: WireDecision): string {
  if (wire.allowed && wire.findings.length === 0)
    return `ALLOW (${wire.runtime}, ${wire.eval_latency_us} µs)\n`;
  const lines = [`${wire.verdict} (${wire.runtime}, ${wire.eval_latency_us} µs)`];
  for (const f of wire.findings) {
    lines.push(`  ${f.mode === 'audit' ? '[audit] ' : ''}${f.rule_id} ${f.invariant}: ${f.reason}`);
  }
  if (wire.suggested_alternative !== null) lines.push(`  suggested: ${wire.suggested_alternative}`);
  if (wire.remediation_hint !== null) lines.push(`  hint: ${wire.remediation_hint}`);
  if (!wire.allowed) lines.push(`  tokens conserved: ${wire.tokens_conserved}`);
  return `${lines.join('\n')}\n`;
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const dashes = argv.indexOf('--');
  const optionArgs = dashes < 0 ? argv : argv.slice(0, dashes);
  const commandWords = dashes < 0 ? [] : argv.slice(dashes + 1);
  const { values, positionals } = parseOptions({
    args: jsonlDefaultsToStdin(optionArgs),
    options: {
      runtime: { type: 'string' },
      json: { type: 'boolean' },
      jsonl: { type: 'string' },
      config: { type: 'string' },
      policy: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const config = loadConfig({ file: values.config, env: withPolicy(io, values.policy).env, cwd: io.cwd });
  const engine = await createEngine({ config: config.engine, defaults: { cwd: io.cwd } });

  if (values.jsonl !== undefined) {
    if (commandWords.length > 0 || positionals.length > 0)
      throw new UsageError('--jsonl reads commands from a file or stdin, not from arguments');
    const stream = values.jsonl === '-' ? io.stdin : createReadStream(resolve(io.cwd, values.jsonl));
    let anyDenied = false;
    let anyError = false;
    // A line may hold the largest command the engine accepts, JSON-escaped (up to 6 bytes per byte).
    const maxLine = config.engine.maxInputBytes * 6 + 4096;
    for await (const line of boundedLines(stream, maxLine)) {
      if (!line.tooLong && line.text.trim() === '') continue;
      const result = line.tooLong
        ? {
            out: errorLine(
              null,
              'AG_ERR_INPUT_TOO_LARGE',
              `line is ${line.bytes} bytes, over the limit of ${maxLine} bytes`,
            ),
            denied: false,
          }
        : evaluateLine(engine, line.text);
      if ('error' in result.out) anyError = true;
      anyDenied ||= result.denied;
      io.stdout.write(`${JSON.stringify(result.out)}\n`);
    }
    return anyDenied ? EXIT.denied : anyError ? EXIT.usage : EXIT.ok;
  }

  const words = [...positionals, ...commandWords];
  if (words.length === 0) throw new UsageError('no command given (agent-guard validate -- COMMAND)');
  const evaluation = evaluateIn(engine, words.join(' '), values.runtime ?? 'bash');
  const wire = toWireDecision(evaluation);
  io.stdout.write(values.json === true ? `${JSON.stringify(wire)}\n` : human(wire));
  return wire.allowed ? EXIT.ok : EXIT.denied;
}

export const validateCommand: CliCommand = {
  name: 'validate',
  usage: USAGE,
  run,
};
