/**
 * Reads a request body that must be inspected: bounded by a byte limit (before and after
 * decompression, so a small gzip bomb cannot expand past it), Content-Encoding decoded with node:zlib
 * or refused. A body that cannot be read whole is never forwarded.
 */
import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import { AgentGuardError } from '../errors.js';

export interface ReadBodyOptions {
  readonly limit: number;
  /** decode: gzip/deflate/br are decoded; refuse: any Content-Encoding but identity answers 415. */
  readonly compressed: 'decode' | 'refuse';
}

const ACCEPTED = 'identity, gzip, deflate or br';

type Decoder = () => Transform;

const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  // RFC 9110 8.4.1.2: "deflate" is the zlib format; some clients send raw deflate, which
  // createUnzip does not take either, so raw deflate is refused as undecodable.
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/** Content codings in the order they must be undone (the header lists them in the order applied). */
export function decodingChain(header: string | undefined, mode: 'decode' | 'refuse'): string[] {
  if (header === undefined) return [];
  const codings = header
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  for (const coding of codings) {
    if (mode === 'refuse' || !Object.hasOwn(DECODERS, coding)) {
      throw new AgentGuardError('AG_ERR_PROXY_ENCODING_UNSUPPORTED', {
        encoding: coding.slice(0, 40),
        accepted: mode === 'refuse' ? 'an uncompressed body' : ACCEPTED,
      });
    }
  }
  return codings.reverse();
}

function tooLarge(limit: number): AgentGuardError {
  return new AgentGuardError('AG_ERR_PROXY_BODY_TOO_LARGE', { limit });
}

/** Collect a stream into one Buffer, failing once more than `limit` bytes have come. */
function collect(
  stream: NodeJS.ReadableStream & { destroy(err?: Error): void },
  limit: number,
  overflow: 'pause' | 'destroy',
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (err: Error): void => {
      if (settled) return;
      settled = true;
      reject(err);
    };
    stream.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        fail(tooLarge(limit));
        // A request is paused, not destroyed: the socket must stay writable for the 413, which is
        // sent with Connection: close so the unread rest is discarded with the connection.
        if (overflow === 'pause') stream.pause();
        else stream.destroy();
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    });
    stream.on('error', fail);
    // 'close' also follows a normal 'end': build the error (a stack capture) only when it is needed.
    stream.on('close', () => {
      if (!settled)
        fail(new AgentGuardError('AG_ERR_PROXY_BODY_UNDECODABLE', { encoding: 'a complete body' }));
    });
  });
}

/**
 * Read the whole body, decoded. Throws AgentGuardError: 413 over the limit, 415 for a coding that is
 * not accepted, 400 when a coding does not decode.
 */
export async function readInspectedBody(req: IncomingMessage, options: ReadBodyOptions): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > options.limit) throw tooLarge(options.limit);
  const chain = decodingChain(req.headers['content-encoding'], options.compressed);
  const raw = await collect(req, options.limit, 'pause');
  if (chain.length === 0) return raw;
  let body = raw;
  for (const coding of chain) {
    const decoder = DECODERS[coding]!();
    const result = collect(decoder, options.limit, 'destroy').catch((err: unknown) => {
      if (err instanceof AgentGuardError && err.code === 'AG_ERR_PROXY_BODY_TOO_LARGE') throw err;
      throw new AgentGuardError('AG_ERR_PROXY_BODY_UNDECODABLE', { encoding: coding }, { cause: err });
    });
    decoder.end(body);
    body = await result;
  }
  return body;
}
