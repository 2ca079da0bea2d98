/**
 * Dead-letter file: one JSON line per alert that could not be delivered, appended (mode 0600) and
 * never rewritten. A record holds the channel and the formatted body (PagerDuty's routing key
 * replaced by a marker), never the destination URL, so the file can be shared for replay.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { appendFile } from 'node:fs/promises';

export type DeadLetterReason = 'queue_full' | 'rejected' | 'retries_exhausted' | 'shutdown' | 'closed';

export interface DeadLetterRecord {
  readonly ts: string;
  readonly channel: string;
  readonly reason: DeadLetterReason;
  readonly attempts: number;
  /** Last HTTP status seen, when there was one. */
  readonly status: number | null;
  /** Last network error code (ECONNREFUSED, UND_ERR_..., TIMEOUT), when there was one. */
  readonly error: string | null;
  readonly alert_id: string;
  readonly body: unknown;
}

export class DeadLetterFile {
  readonly #path: string;
  readonly #onError: (code: string) => void;
  #stream: WriteStream | undefined;
  #closed = false;
  #pending: Promise<void>[] = [];

  constructor(path: string, onError: (code: string) => void) {
    this.#path = path;
    this.#onError = onError;
  }

  get path(): string {
    return this.#path;
  }

  /** Queue one record for appending; returns at once (the write is asynchronous). */
  append(record: DeadLetterRecord): void {
    const line = `${JSON.stringify(record)}\n`;
    if (this.#closed) {
      // After close: a plain append, still never dropped silently.
      const p = appendFile(this.#path, line, { mode: 0o600 }).catch((err: NodeJS.ErrnoException) =>
        this.#onError(err.code ?? 'write error'),
      );
      this.#pending.push(p);
      return;
    }
    if (!this.#stream) {
      this.#stream = createWriteStream(this.#path, { flags: 'a', mode: 0o600 });
      this.#stream.on('error', (err: NodeJS.ErrnoException) => this.#onError(err.code ?? 'write error'));
    }
    this.#stream.write(line);
  }

  /** Flush and close; later appends still reach the file. */
  async close(): Promise<void> {
    this.#closed = true;
    const stream = this.#stream;
    this.#stream = undefined;
    if (stream && !stream.destroyed) {
      await new Promise<void>((resolve) => {
        stream.once('error', () => resolve());
        stream.end(() => resolve());
      });
    }
    await Promise.all(this.#pending);
  }
}
