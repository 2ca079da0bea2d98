/**
 * Globs of policy files (docs/policy.md), compiled once to anchored regular expressions.
 * Command globs run over a program run's normalised argv joined by single spaces: `*` matches any
 * text (spaces and slashes too), `?` one character, `[...]` a class, `\` escapes. Path globs
 * (cwd, paths): `**` any text, `*` and `?` stop at `/`.
 */

export type GlobKind = 'command' | 'path';

export class GlobError extends Error {
  constructor(
    readonly pattern: string,
    reason: string,
  ) {
    super(`bad glob ${JSON.stringify(pattern)}: ${reason}`);
    this.name = 'GlobError';
  }
}

export interface Glob {
  readonly pattern: string;
  readonly regex: RegExp;
}

const SPECIAL = /[.+^${}()|\\]/;

/** Compile a glob; throws GlobError on an empty pattern, an unclosed class or a trailing escape. */
export function compileGlob(pattern: string, kind: GlobKind): Glob {
  if (pattern.length === 0) throw new GlobError(pattern, 'empty pattern');
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next === undefined) throw new GlobError(pattern, 'ends with an escape (\\)');
      out += SPECIAL.test(next) || '*?[]'.includes(next) ? `\\${next}` : next;
      i++;
    } else if (c === '*') {
      const double = pattern[i + 1] === '*';
      if (double) i++;
      out += kind === 'command' || double ? '[\\s\\S]*' : '[^/]*';
    } else if (c === '?') {
      out += kind === 'command' ? '[\\s\\S]' : '[^/]';
    } else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) throw new GlobError(pattern, `unclosed [ at position ${i + 1}`);
      let body = pattern.slice(i + 1, end);
      if (body.startsWith('!')) body = `^${body.slice(1)}`;
      out += `[${body.replace(/\\/g, '\\\\')}]`;
      i = end;
    } else {
      out += SPECIAL.test(c) ? `\\${c}` : c;
    }
  }
  let regex: RegExp;
  try {
    regex = new RegExp(`^${out}$`, 'u');
  } catch (err) {
    throw new GlobError(pattern, err instanceof Error ? err.message : 'invalid');
  }
  return Object.freeze({ pattern, regex });
}

export function globMatches(glob: Glob, text: string): boolean {
  return glob.regex.test(text);
}
