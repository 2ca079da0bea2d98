/**
 * `agent-guard sanitize`: scrub secrets from a file or stdin and print the result (the text, or the
 * SPEC 2.2 JSON with --json), or scrub a JSON-lines stream of `{"id","payload","strict"}` requests
 * (--jsonl). Exit 0 clean or scrubbed, 2 usage or input error (--jsonl: any malformed line).
 */
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { loadConfig } from '../../config/load.js';
import { AgentGuardError, isAgentGuardError } from '../../errors.js';
import { createScrubber, type Scrubber } from '../../scrub/scrubber.js';
import { toWire, type SanitizeWire } from '../../scrub/wire.js';
import { EXIT, UsageError, type CliCommand, type CliIo } from '../command.js';
import { jsonlDefaultsToStdin, parseOptions, readBounded } from '../input.js';
import { boundedLines } from './validate.js';

const USAGE = `Usage: agent-guard sanitize [--no-strict] [--json] [--config FILE] [FILE|-]
       agent-guard sanitize --jsonl [FILE|-] [--config FILE]

Remove credentials from text and print it with [REDACTED_<KIND>_KEY_<TAG>] markers.

  FILE|-          Read FILE, or stdin when absent or "-".
  --no-strict     Only the high-confidence prefix-anchored patterns (default: strict, all 12 families).
  --json          Print the SPEC 2.2 response (status, sanitized, redactions_count, redacted_keys,
                  latency_us, engine_version) as one JSON object.
  --jsonl [FILE]  Read one JSON object per line ({"id", "payload", "strict"}) and write one response
                  per line with the same id; a malformed line gets {"id", "error": {"code", "message"}}.
  --config FILE   Configuration file (YAML or JSON); default AGENT_GUARD_CONFIG.

Exit codes: 0 clean or scrubbed; 2 usage or input error (--jsonl: at least one malformed line).`;

async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const bytes = await readBounded(stream, limit);
  if (bytes === null)
    throw new AgentGuardError('AG_ERR_INPUT_TOO_LARGE', { what: 'input', size: `more than ${limit}`, limit });
  return bytes;
}

type JsonlOut = (SanitizeWire & { id: unknown }) | { id: unknown; error: { code: string; message: string } };

function sanitizeLine(scrubber: Scrubber, raw: string): JsonlOut {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // Never echo the line: it may hold the very secret it was meant to scrub.
    return { id: null, error: { code: 'AG_ERR_INPUT_INVALID', message: 'line is not valid JSON' } };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { id: null, error: { code: 'AG_ERR_INPUT_INVALID', message: 'line must be a JSON object' } };
  }
  const obj = parsed as Record<string, unknown>;
  const id = obj['id'] ?? null;
  if (typeof obj['payload'] !== 'string') {
    return { id, error: { code: 'AG_ERR_INPUT_INVALID', message: '"payload" must be a string' } };
  }
  if (obj['strict'] !== undefined && typeof obj['strict'] !== 'boolean') {
    return { id, error: { code: 'AG_ERR_INPUT_INVALID', message: '"strict" must be a boolean' } };
  }
  try {
    const result = scrubber.sanitize({
      payload: obj['payload'],
      strict: obj['strict'],
    });
    return { id, ...toWire(result) };
  } catch (err) {
    if (isAgentGuardError(err)) return { id, error: { code: err.code, message: err.message } };
    throw err;
  }
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions({
    args: jsonlDefaultsToStdin(argv),
    options: {
      strict: { type: 'boolean' },
      'no-strict': { type: 'boolean' },
      json: { type: 'boolean' },
      jsonl: { type: 'string' },
      config: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.strict === true && values['no-strict'] === true)
    throw new UsageError('--strict and --no-strict conflict');
  const config = loadConfig({ file: values.config, env: io.env, cwd: io.cwd });
  const strict = values['no-strict'] === true ? false : values.strict === true ? true : config.scrub.strict;
  const scrubber = createScrubber({
    strict,
    salt: config.scrub.salt,
    maxPayloadBytes: config.scrub.maxPayloadBytes,
  });

  if (values.jsonl !== undefined) {
    if (positionals.length > 0)
      throw new UsageError('--jsonl reads requests from a file or stdin, not from arguments');
    if (values.json === true) throw new UsageError('--json and --jsonl conflict');
    const stream = values.jsonl === '-' ? io.stdin : createReadStream(resolve(io.cwd, values.jsonl));
    // A payload may be JSON-escaped (up to 6 bytes per byte).
    const maxLine = config.scrub.maxPayloadBytes * 6 + 4096;
    let anyError = false;
    for await (const line of boundedLines(stream, maxLine)) {
      if (!line.tooLong && line.text.trim() === '') continue;
      const out: JsonlOut = line.tooLong
        ? {
            id: null,
            error: {
              code: 'AG_ERR_INPUT_TOO_LARGE',
              message: `line is ${line.bytes} bytes, over the limit of ${maxLine} bytes`,
            },
          }
        : sanitizeLine(scrubber, line.text);
      if ('error' in out) anyError = true;
      io.stdout.write(`${JSON.stringify(out)}\n`);
    }
    return anyError ? EXIT.usage : EXIT.ok;
  }

  if (positionals.length > 1) throw new UsageError('give at most one FILE');
  const file = positionals[0];
  const stream = file === undefined || file === '-' ? io.stdin : createReadStream(resolve(io.cwd, file));
  let bytes: Buffer;
  try {
    bytes = await readAll(stream, config.scrub.maxPayloadBytes);
  } catch (err) {
    if (isAgentGuardError(err)) throw err;
    throw new UsageError(`cannot read ${file ?? 'stdin'}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  const result = scrubber.scrub(bytes);
  io.stdout.write(values.json === true ? `${JSON.stringify(toWire(result))}\n` : result.sanitized);
  return EXIT.ok;
}

export const sanitizeCommand: CliCommand = {
  name: 'sanitize',
  usage: USAGE,
  run,
};
