/**
 * One POSIX shell word for any string: words with nothing special to the shell stay bare, anything
 * else is single-quoted (`'` becomes `'\''`), the empty word is `''`. The text parses back to exactly
 * that word with no expansion. Used wherever a command is built from parts for the engine to judge
 * (the gate's synthetic commands, agent hooks, `agent-guard exec`).
 */
const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

export function shellQuote(word: string): string {
  return SAFE_WORD.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** An argv as one command line (see shellQuote). */
export function shellQuoteArgv(argv: readonly string[]): string {
  return argv.map(shellQuote).join(' ');
}
