/**
 * Splits an event stream into whole events and keeps each event's original text, so events the
 * proxy does not change are relayed byte for byte (WHATWG HTML "event stream interpretation" for
 * the fields; a block without data, such as a comment, is relayed as it came). Bounded: an event
 * longer than the limit stops the splitter (the caller fails closed).
 */

export interface SseFrame {
  /** The event's text as received, including its terminating blank line. */
  readonly raw: string;
  /** The `event:` field, '' when absent. */
  readonly event: string;
  /** The data lines joined with \n; null when the block had no data field. */
  readonly data: string | null;
}

export interface SseSplitter {
  /** Feed decoded text; returns false once an event exceeded the bound. */
  push(text: string): boolean;
  /** Text left over after the last complete event (a truncated event, '' normally). */
  rest(): string;
}

export function createSseSplitter(onFrame: (frame: SseFrame) => void, maxEventChars: number): SseSplitter {
  let buffer = '';
  let scanned = 0;
  let blockStart = 0;
  let lineStart = 0;
  let event = '';
  let data: string[] | null = null;
  let dead = false;

  const field = (line: string): void => {
    if (line.charCodeAt(0) === 58 /* ':' */) return;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (name === 'data') (data ??= []).push(value);
    else if (name === 'event') event = value;
  };

  return {
    push(text) {
      if (dead) return false;
      buffer += text;
      let i = scanned;
      while (i < buffer.length) {
        const c = buffer.charCodeAt(i);
        if (c !== 10 && c !== 13) {
          i++;
          continue;
        }
        // A \r at the very end may be the first half of \r\n: wait for the next chunk.
        if (c === 13 && i + 1 === buffer.length) break;
        const end = c === 13 && buffer.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
        const line = buffer.slice(lineStart, i);
        if (line === '') {
          onFrame({
            raw: buffer.slice(blockStart, end),
            event,
            data: data === null ? null : data.join('\n'),
          });
          event = '';
          data = null;
          blockStart = end;
        } else {
          field(line);
        }
        lineStart = end;
        i = end;
      }
      scanned = i;
      if (blockStart > 0) {
        buffer = buffer.slice(blockStart);
        scanned -= blockStart;
        lineStart -= blockStart;
        blockStart = 0;
      }
      if (buffer.length > maxEventChars) {
        dead = true;
        buffer = '';
        return false;
      }
      return true;
    },
    rest: () => buffer,
  };
}

/** An event as text: `event:` line when named, one `data:` line (JSON never holds a raw newline). */
export function frameText(event: string, data: string): string {
  return event === '' ? `data: ${data}\n\n` : `event: ${event}\ndata: ${data}\n\n`;
}
