/**
 * Copy-on-write walk over a provider request body that scrubs prompt strings: only strings under
 * prompt-bearing keys are touched, so ids, model names, image data and signatures keep their bytes.
 * The input is never modified; unchanged subtrees are returned by reference.
 */

/** Returns the text with secrets replaced (the same string when nothing was found). */
export type ScrubFn = (text: string) => string;

export interface WalkSpec {
  /** Top-level members that hold prompt text (others, such as `tools` or `metadata`, are left alone). */
  readonly roots: readonly string[];
  /** Members whose string values (or arrays of strings) are prompt text. */
  readonly textKeys: ReadonlySet<string>;
}

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Scrub every string anywhere below `node` (tool-call arguments: the agent's data, any shape). */
export function scrubAllStrings(node: Json, scrub: ScrubFn): Json {
  if (typeof node === 'string') return scrub(node);
  if (Array.isArray(node)) {
    let out: Json[] | null = null;
    for (let i = 0; i < node.length; i++) {
      const next = scrubAllStrings(node[i], scrub);
      if (next !== node[i]) (out ??= node.slice())[i] = next;
    }
    return out ?? node;
  }
  if (isObject(node)) {
    let out: Record<string, Json> | null = null;
    for (const key in node) {
      const next = scrubAllStrings(node[key], scrub);
      if (next !== node[key]) (out ??= { ...node })[key] = next;
    }
    return out ?? node;
  }
  return node;
}

/**
 * Function-call `arguments` are JSON text: scrub the values inside (so a marker never breaks the
 * JSON) and re-serialise only when something changed; text that is not JSON is scrubbed as text.
 */
export function scrubArgumentsText(text: string, scrub: ScrubFn): string {
  let parsed: Json;
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    return scrub(text);
  }
  const next = scrubAllStrings(parsed, scrub);
  return next === parsed ? text : JSON.stringify(next);
}

function walk(node: Json, key: string, spec: WalkSpec, scrub: ScrubFn, nested: boolean): Json {
  if (typeof node === 'string') {
    if (!spec.textKeys.has(key)) return node;
    return key === 'arguments' ? scrubArgumentsText(node, scrub) : scrub(node);
  }
  if (Array.isArray(node)) {
    let out: Json[] | null = null;
    for (let i = 0; i < node.length; i++) {
      // Array elements inherit the member name: `prompt: ["a", "b"]`, `content: [{...}]`.
      const next = walk(node[i], key, spec, scrub, nested);
      if (next !== node[i]) (out ??= node.slice())[i] = next;
    }
    return out ?? node;
  }
  if (!isObject(node)) return node;
  let out: Record<string, Json> | null = null;
  for (const child in node) {
    const value = node[child];
    let next: Json;
    if (nested && child === 'input' && isObject(value)) {
      // A tool call in the history (Anthropic tool_use.input): arguments of any shape.
      next = scrubAllStrings(value, scrub);
    } else if (child === 'data' && node.type === 'text' && typeof value === 'string') {
      // A plain-text document source (Anthropic document block): its data is prompt text.
      next = scrub(value);
    } else {
      next = walk(value, child, spec, scrub, true);
    }
    if (next !== value) (out ??= { ...node })[child] = next;
  }
  return out ?? node;
}

/** Scrub the prompt text of a request body; returns the same reference when nothing changed. */
export function scrubPromptBody(body: Json, spec: WalkSpec, scrub: ScrubFn): Json {
  if (!isObject(body)) return body;
  let out: Record<string, Json> | null = null;
  for (const root of spec.roots) {
    if (!Object.hasOwn(body, root)) continue;
    const value = body[root];
    const next = walk(value, root, spec, scrub, false);
    if (next !== value) (out ??= { ...body })[root] = next;
  }
  return out ?? body;
}
