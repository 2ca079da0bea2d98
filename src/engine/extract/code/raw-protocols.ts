/**
 * Commands spoken over a raw socket (issue 22 r5): Redis reads its inline commands (`FLUSHALL\r\n`)
 * and RESP arrays (`*1\r\n$8\r\nFLUSHALL\r\n`) from any TCP client, so text written to a socket
 * that is a Redis command sequence is the `redis-cli` lines it amounts to, judged by DB-AST-001
 * (FLUSHALL) and the file rules (CONFIG SET dir ~/.ssh + dbfilename authorized_keys).
 */
import { type Collector, shellJoin } from './collector.js';
import { strVal } from './value.js';
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
