/**
 * Input helpers the CLI commands share: option parsing whose errors are usage errors, the optional
 * `--jsonl` value, and reading a stream up to a byte limit.
 */
import type { Readable } from 'node:stream';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './command.js';

/** node:util parseArgs; an unknown or malformed option is a UsageError (exit 2 with the usage hint). */
export function parseOptions<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

/** `--jsonl` takes an optional value: alone (or followed by another option) it means stdin, `-`. */
/** A `--port` value: decimal 0-65535 (0 picks a free port). */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`--port must be 0-65535, got "${value}"`);
  return port;
}

export function jsonlDefaultsToStdin(argv: readonly string[]): string[] {
  return argv.flatMap((a, i) =>
    a === '--jsonl' && (argv[i + 1] === undefined || argv[i + 1]!.startsWith('--')) ? ['--jsonl', '-'] : [a],
  );
}

/** All of `stream`, or null as soon as it passes `limit` bytes (the stream is then destroyed). */
export async function readBounded(stream: Readable, limit: number): Promise<Buffer | null> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) return null;
    parts.push(buf);
  }
  return Buffer.concat(parts);
}
