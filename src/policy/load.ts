/**
 * Reads a policy file (YAML or JSON; JSON is read as YAML, which it is a subset of), validates it
 * against the schema, compiles it, and reports every problem at once as AG_ERR_POLICY_INVALID,
 * each naming the key and the line: "policy.yaml:7: rules.0.match.command: bad glob ...".
 */
import { readFileSync } from 'node:fs';
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { AgentGuardError } from '../errors.js';
import type { PolicyRules } from '../engine/policy.js';
import { compilePolicy, PolicyCompileError, type PolicyProblem } from './compile.js';
import { policySchema } from './schema.js';

/** Largest policy file read, in bytes (a policy is a few KiB; this bounds a mistaken path). */
export const MAX_POLICY_BYTES = 1024 * 1024;

interface Located {
  readonly line: number | null;
  readonly key: string;
  readonly message: string;
}

/** Line (1-based) of the node at `path`, or of the nearest ancestor that exists. */
function lineOf(
  doc: Document,
  counter: LineCounter,
  path: readonly (string | number)[],
  keyOnly?: string,
): number | null {
  for (let n = path.length; n >= 0; n--) {
    const at = path.slice(0, n);
    const node = at.length === 0 ? doc.contents : doc.getIn(at, true);
    if (node === undefined || node === null || typeof node !== 'object') continue;
    if (keyOnly !== undefined && n === path.length && isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && p.key.value === keyOnly);
      const range = pair !== undefined && isScalar(pair.key) ? pair.key.range : undefined;
      if (range) return counter.linePos(range[0]).line;
    }
    const range = (node as { range?: [number, number, number] }).range;
    if (range) return counter.linePos(range[0]).line;
  }
  return null;
}

function fromZod(issues: readonly z.core.$ZodIssue[], doc: Document, counter: LineCounter): Located[] {
  const out: Located[] = [];
  for (const issue of issues) {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({
          line: lineOf(doc, counter, path, key),
          key: [...path, key].join('.'),
          message: `unknown key ${JSON.stringify(key)}`,
        });
      }
      continue;
    }
    out.push({ line: lineOf(doc, counter, path), key: path.join('.') || '(root)', message: issue.message });
  }
  return out;
}

function fromCompile(problems: readonly PolicyProblem[], doc: Document, counter: LineCounter): Located[] {
  return problems.map((p) => ({
    line: lineOf(doc, counter, p.path),
    key: p.path.join('.'),
    message: p.message,
  }));
}

function fail(path: string, problems: readonly Located[]): never {
  const text = problems
    .map((p) => `  ${path}${p.line !== null ? `:${p.line}` : ''}: ${p.key}: ${p.message}`)
    .join('\n');
  throw new AgentGuardError('AG_ERR_POLICY_INVALID', { path, problems: text });
}

/** Parse, validate and compile policy text; `path` only names the file in errors. */
export function parsePolicy(text: string, path: string): PolicyRules {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    fail(
      path,
      doc.errors.map((e) => ({
        line: counter.linePos(e.pos[0]).line,
        key: '(syntax)',
        message: e.message.split('\n')[0] ?? e.code,
      })),
    );
  }
  const parsed = policySchema.safeParse(doc.toJS({ maxAliasCount: 100 }));
  if (!parsed.success) fail(path, fromZod(parsed.error.issues, doc, counter));
  try {
    return compilePolicy(parsed.data);
  } catch (err) {
    if (err instanceof PolicyCompileError) fail(path, fromCompile(err.problems, doc, counter));
    throw err;
  }
}

/** Read and compile a policy file (synchronously: start-up, CLI, and the reload watcher). */
export function loadPolicyFile(path: string): PolicyRules {
  let text: string;
  try {
    const buf = readFileSync(path);
    if (buf.length > MAX_POLICY_BYTES)
      fail(path, [{ line: null, key: '(file)', message: `larger than ${MAX_POLICY_BYTES} bytes` }]);
    text = buf.toString('utf8');
  } catch (err) {
    if (err instanceof AgentGuardError) throw err;
    const reason = (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : 'unreadable');
    fail(path, [{ line: null, key: '(file)', message: `cannot read the file (${reason})` }]);
  }
  return parsePolicy(text, path);
}
