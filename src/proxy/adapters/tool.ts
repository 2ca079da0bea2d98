/**
 * Generic tool routes: a JSON body that carries the text a tool will run, under `command` (shell),
 * `code` (with `runtime` or `language`: python, node, bash) or `sql`. Every such string is judged;
 * one denial vetoes the request.
 */
import { isRuntime, type Runtime } from '../../engine/types.js';
import { JSON_BODIES, type EvaluatedCall, type Inspection, type RequestAdapter } from './types.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const LANGUAGE_ALIASES: Readonly<Record<string, Runtime>> = {
  sh: 'bash',
  shell: 'bash',
  bash: 'bash',
  py: 'python',
  python: 'python',
  python3: 'python',
  js: 'node',
  javascript: 'node',
  node: 'node',
  nodejs: 'node',
  sql: 'sql',
  postgres: 'sql',
  postgresql: 'sql',
  docker: 'docker',
  dockerfile: 'docker',
};

function runtimeHint(body: Record<string, unknown>, fallback: Runtime): Runtime {
  for (const key of ['runtime', 'language', 'lang']) {
    const value = body[key];
    if (typeof value === 'string') {
      const lower = value.toLowerCase();
      if (isRuntime(lower)) return lower;
      const alias = LANGUAGE_ALIASES[lower];
      if (alias) return alias;
    }
  }
  return fallback;
}

/** The (text, runtime) pairs a tool body asks to run. */
export function toolPayloads(body: unknown): Array<{ text: string; runtime: Runtime }> {
  if (!isObject(body)) return [];
  const out: Array<{ text: string; runtime: Runtime }> = [];
  if (typeof body.command === 'string') out.push({ text: body.command, runtime: runtimeHint(body, 'bash') });
  if (typeof body.code === 'string') out.push({ text: body.code, runtime: runtimeHint(body, 'python') });
  if (typeof body.sql === 'string') out.push({ text: body.sql, runtime: 'sql' });
  return out;
}

export const toolAdapter: RequestAdapter = {
  name: 'tool',
  bodies: JSON_BODIES,
  async inspect(body, ctx): Promise<Inspection> {
    const vetoes: EvaluatedCall[] = [];
    for (const payload of toolPayloads(body)) {
      const call = await ctx.evaluateText(payload.text, payload.runtime);
      if (!call.decision.allowed) vetoes.push(call);
    }
    return vetoes.length === 0 ? { kind: 'forward' } : { kind: 'veto', vetoes };
  },
};
