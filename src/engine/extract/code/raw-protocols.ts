/**
 * Commands spoken over a raw socket (issue 22 r5): Redis reads its inline commands (`FLUSHALL\r\n`)
 * and RESP arrays (`*1\r\n$8\r\nFLUSHALL\r\n`) from any TCP client, so text written to a socket
 * that is a Redis command sequence is the `redis-cli` lines it amounts to, judged by DB-AST-001
 * (FLUSHALL) and the file rules (CONFIG SET dir ~/.ssh + dbfilename authorized_keys).
 */
import { type Collector, shellJoin } from './collector.js';
import { render, strVal, type Val } from './value.js';
import type { Span } from '../../types.js';

/** Commands no application sends over a hand-made socket: their presence marks the text as Redis. */
const ADMIN =
  /^(?:FLUSHALL|FLUSHDB|CONFIG|SLAVEOF|REPLICAOF|MODULE|SHUTDOWN|DEBUG|SCRIPT|ACL|MIGRATE|BGSAVE|SAVE)$/i;
/** Most commands read from one write. */
const MAX_COMMANDS = 32;

/** RESP arrays (`*2\r\n$3\r\nGET\r\n$1\r\nk\r\n`) or inline lines, as argument lists. */
function commands(text: string): string[][] {
  const out: string[][] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length && out.length < MAX_COMMANDS; i++) {
    const line = lines[i]!;
    const array = /^\*(\d{1,2})$/.exec(line);
    if (array) {
      const args: string[] = [];
      for (let n = Number(array[1]); n > 0 && i + 2 < lines.length; n--) {
        if (!/^\$\d+$/.test(lines[i + 1]!)) break;
        args.push(lines[i + 2]!);
        i += 2;
      }
      if (args.length > 0) out.push(args);
      continue;
    }
    const words = line.match(/"(?:[^"\\]|\\.)*"|'[^']*'|\S+/g);
    if (words) out.push(words.map((w) => (/^["']/.test(w) ? w.slice(1, -1) : w)));
  }
  return out;
}

/** The `via` of the redis-cli lines a raw socket write amounts to (DB-AST-001 reads it). */
export const RAW_SOCKET_VIA = 'a raw socket';

/** `data` written to a socket connected to `host`: Redis commands run there, when it is a Redis command sequence. */
export function rawSocketWrite(col: Collector, span: Span, host: string, data: string | null): void {
  if (data === null || !/\r\n/.test(data)) return;
  const cmds = commands(data);
  if (!cmds.some((c) => ADMIN.test(c[0] ?? ''))) return;
  for (const c of cmds)
    col.nested(
      shellJoin([strVal('redis-cli'), strVal('-h'), strVal(host), ...c.map((a) => strVal(a))]),
      'bash',
      span,
      RAW_SOCKET_VIA,
    );
}

/** An HTTP request line and headers with no blank line after them: the server waits for the rest. */
const OPEN_HEAD = /^[A-Z]{3,7} \S+ HTTP\/1\.[01]\r\n(?:[^\s:]+:[^\r\n]*\r\n)*$/;
/** Header lines alone, no blank line: more of a head already begun. */
const MORE_HEADERS = /^(?:[^\s:]+:[^\r\n]*\r\n)+$/;
/** Hosts sent a request head left open, per input. */
const openHeads = new WeakMap<Collector, Set<string>>();

/**
 * Slowloris (issue 22 r13-r15): a request head left open on a socket, then a header line written
 * to it over and over in a loop, so the server holds the connection for ever. Written as the
 * `slowloris HOST` run it amounts to; RUN-AST-007 judges the host (this machine's own server stays allowed).
 */
export function slowHeaders(col: Collector, span: Span, host: string, value: Val): void {
  // Unknown parts (a random header name each turn) stand in as text without line breaks.
  const data = render(value);
  let hosts = openHeads.get(col);
  if (OPEN_HEAD.test(data)) {
    if (hosts === undefined) openHeads.set(col, (hosts = new Set()));
    hosts.add(host);
    return;
  }
  if (hosts?.has(host) !== true || col.loops.length === 0 || !MORE_HEADERS.test(data)) return;
  hosts.delete(host);
  col.nested(shellJoin([strVal('slowloris'), strVal(host)]), 'bash', span, RAW_SOCKET_VIA);
}
