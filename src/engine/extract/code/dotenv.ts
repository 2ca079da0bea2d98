/**
 * dotenv loaders that hand the program a .env file's variables as a value (python-dotenv
 * dotenv_values, node dotenv.config().parsed): the value is that file's content, so SEC-AST-010
 * judges where it goes as for `open('.env').read()` (issue 22 r7: dotenv_values posted).
 */
import type { CallHandler, CodeCall } from './calls.js';
import { constText, pathOf, refVal, strVal, UNKNOWN, type Val } from './value.js';
import type { CodeWalker } from './walker.js';

type AnyHandler = CallHandler<CodeWalker, CodeCall>;

/**
 * The variables read from the path given, or `.env` (what the loaders look for when given none or
 * a search): a mapping that reads like the environment (`cfg['API_URL']` is that variable, judged
 * by its name), and whole is the file's content.
 */
function dotenvRead(w: CodeWalker, c: CodeCall, given: Val | undefined, env: string): Val {
  const named = given !== undefined && constText(given) !== null ? given : strVal('.env');
  const { path, dynamic } = pathOf(named);
  w.col.file(c.span, 'read', path, c.name || 'dotenv', { dynamic });
  return { ...refVal(env, 'dotenv'), sources: [{ kind: 'file', path }, ...w.col.contentSources(path)] };
}

/** python-dotenv: dotenv_values(dotenv_path=None, stream=None, ...) reads like os.environ. */
const pyValues: AnyHandler = (w, c) => {
  const kw = (c as { kw?: ReadonlyMap<string, Val> }).kw;
  return dotenvRead(w, c, c.args[0] ?? kw?.get('dotenv_path'), 'os.environ');
};

/** node dotenv / dotenvx: config({ path }) returns `{ parsed }`, read like process.env. */
const jsConfig: AnyHandler = (w, c) => {
  const path = c.args[0]?.fields?.get('path');
  const parsed = dotenvRead(w, c, path?.items?.[0] ?? path, 'process.env');
  return { ...UNKNOWN, sources: parsed.sources, fields: new Map([['parsed', parsed]]) };
};

export const PY_DOTENV: readonly (readonly [readonly string[], AnyHandler])[] = [
  [['dotenv.dotenv_values', 'dotenv.main.dotenv_values'], pyValues],
];

export const JS_DOTENV: readonly (readonly [readonly string[], AnyHandler])[] = [
  [['dotenv.config', 'dotenv.configDotenv', '@dotenvx/dotenvx.config'], jsConfig],
];
