/**
 * Tells, one piece at a time, when streamed JSON text has closed its top-level object or array:
 * after that nothing more can validly follow, so a streamed tool call's arguments are complete and
 * can be judged without waiting for the end of the response. Work is linear in the text.
 */
export class JsonCloseScanner {
  #depth = 0;
  #started = false;
  #inString = false;
  #escape = false;
  #closed = false;

  /** Feed the next piece; returns true once the top-level value has closed. */
  push(text: string): boolean {
    for (let i = 0; i < text.length && !this.#closed; i++) {
      const c = text.charCodeAt(i);
      if (this.#inString) {
        if (this.#escape) this.#escape = false;
        else if (c === 92 /* \ */) this.#escape = true;
        else if (c === 34 /* " */) this.#inString = false;
        continue;
      }
      if (c === 34) {
        this.#inString = true;
      } else if (c === 123 /* { */ || c === 91 /* [ */) {
        this.#depth++;
        this.#started = true;
      } else if (c === 125 /* } */ || c === 93 /* ] */) {
        this.#depth--;
        if (this.#started && this.#depth <= 0) this.#closed = true;
      }
    }
    return this.#closed;
  }

  get closed(): boolean {
    return this.#closed;
  }
}
