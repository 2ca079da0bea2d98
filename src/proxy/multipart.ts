/**
 * multipart/form-data bodies on provider routes (file uploads, audio, batch input): every part that
 * is UTF-8 text (its headers and content) goes through the scrubber, so a chat body relabelled as
 * multipart, or a JSONL batch file, cannot carry a secret past it (issue 24). Parts that are not
 * UTF-8 (images, audio) hold no text a model reads as such and keep their bytes. The delimiters are
 * kept byte for byte (RFC 7578, RFC 2046 section 5.1.1).
 */
import { isUtf8 } from 'node:buffer';
import { AgentGuardError } from '../errors.js';

/** The boundary parameter of a multipart Content-Type (quoted or not), or null. */
export function boundaryOf(contentType: string): string | null {
  const m = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

function malformed(): AgentGuardError {
  return new AgentGuardError('AG_ERR_PROXY_BODY_MALFORMED', { format: 'multipart/form-data' });
}

/**
 * The body with each text part scrubbed, or the same Buffer when nothing changed. Throws
 * AG_ERR_PROXY_BODY_MALFORMED when the body does not follow its declared boundary.
 */
export function scrubMultipart(body: Buffer, contentType: string, scrub: (text: string) => string): Buffer {
  const boundary = boundaryOf(contentType);
  if (boundary === null) throw malformed();
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const crlfDelimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  // The first delimiter may open the body; every later one follows a CRLF.
  let at = body.subarray(0, delimiter.length).equals(delimiter) ? 0 : body.indexOf(crlfDelimiter);
  if (at === -1) throw malformed();
  const out: Buffer[] = [body.subarray(0, at)];
  let changed = false;
  for (;;) {
    const markerLength = at === 0 && body[0] === 0x2d ? delimiter.length : crlfDelimiter.length;
    const afterMarker = at + markerLength;
    // `--` after the delimiter closes the body; what follows (the epilogue) is ignored by readers.
    if (body[afterMarker] === 0x2d && body[afterMarker + 1] === 0x2d) {
      out.push(body.subarray(at));
      break;
    }
    const lineEnd = body.indexOf('\r\n', afterMarker, 'latin1');
    if (lineEnd === -1) throw malformed();
    const partStart = lineEnd + 2;
    const next = body.indexOf(crlfDelimiter, partStart);
    if (next === -1) throw malformed(); // no closing delimiter: the body was cut
    out.push(body.subarray(at, partStart));
    const part = body.subarray(partStart, next);
    if (isUtf8(part)) {
      const text = part.toString('utf8');
      const scrubbed = scrub(text);
      if (scrubbed !== text) {
        changed = true;
        out.push(Buffer.from(scrubbed, 'utf8'));
      } else out.push(part);
    } else out.push(part);
    at = next;
  }
  return changed ? Buffer.concat(out) : body;
}
