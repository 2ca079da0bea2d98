/**
 * What a one-statement print program writes, when it prints only string literals
 * (`python3 -c 'print("rm -rf ~")'`, `perl -e 'print "id"'`, `awk 'BEGIN{print "x"}'`), so a pipe
 * into a shell is analysed like `echo ... | sh`. Null for anything else.
 */

const LITERAL = String.raw`(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')`;
const PRINT = new RegExp(
  String.raw`^\s*(print|puts|console\.log|say)\s*\(?\s*(${LITERAL}(?:\s*[+.,]?\s*${LITERAL})*)\s*\)?\s*;?\s*$`,
);

function unquote(literal: string): string {
  const body = literal.slice(1, -1);
  return body.replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

export function printedText(code: string, program: string): string | null {
  let text = code;
  if (program === 'awk' || program === 'gawk' || program === 'mawk' || program === 'nawk') {
    const m = /^\s*BEGIN\s*\{([^{}]*)\}\s*$/.exec(code);
    if (m === null) return null;
    text = m[1]!;
  }
  const m = PRINT.exec(text);
  if (m === null) return null;
  const parts = m[2]!.match(new RegExp(LITERAL, 'g')) ?? [];
  const joined = parts.map(unquote).join(m[2]!.includes(',') && m[1] === 'print' ? ' ' : '');
  // perl's print adds no newline; the others end the line.
  return /^perl/.test(program) && m[1] === 'print' ? joined : joined + '\n';
}
