/**
 * A bounded, incremental Server-Sent Events parser (WHATWG HTML "event stream interpretation"):
 * feed it text as it arrives, it calls back once per dispatched event. Lines longer than the bound
 * stop the parser (it reports overflow) instead of growing without limit.
 */

export interface SseEvent {
  readonly event: string;
  readonly data: string;
}

export interface SseParser {
  /** Feed decoded text; returns false once the parser has given up (overflow). */
  push(text: string): boolean;
  /** End of stream: a final event without its blank line is discarded, as the spec says. */
  end(): void;
}

export function createSseParser(onEvent: (event: SseEvent) => void, maxLineLength = 1 << 20): SseParser {
  let buffer = '';
  let eventName = '';
  let data: string[] = [];
  let dataLength = 0;
  let dead = false;
  // A \r at the end of one chunk may be the first half of \r\n.
  let skipLeadingLf = false;

  const line = (text: string): void => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: eventName || 'message', data: data.join('\n') });
      eventName = '';
      data = [];
      dataLength = 0;
      return;
    }
    if (text.charCodeAt(0) === 58 /* ':' comment */) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') {
      dataLength += value.length;
      if (dataLength > maxLineLength) {
        dead = true;
        return;
      }
      data.push(value);
    } else if (field === 'event') {
      eventName = value;
    }
  };

  return {
    push(text) {
      if (dead) return false;
      let input = text;
      if (skipLeadingLf && input.charCodeAt(0) === 10) input = input.slice(1);
      skipLeadingLf = false;
      buffer += input;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer.charCodeAt(i);
        if (c !== 10 && c !== 13) continue;
        line(buffer.slice(start, i));
        if (dead) return false;
        if (c === 13) {
          if (i + 1 < buffer.length) {
            if (buffer.charCodeAt(i + 1) === 10) i++;
          } else {
            skipLeadingLf = true;
          }
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      if (buffer.length > maxLineLength) {
        dead = true;
        buffer = '';
        return false;
      }
      return true;
    },
    end() {
      buffer = '';
      data = [];
    },
  };
}
