/**
 * Copy-on-write walk over a provider request body that scrubs every string the provider shows the
 * model or stores (issue 24): message text, tool descriptions and schemas, metadata, `user`, item
 * types this walker has never heard of, ids and member names. What keeps its bytes is listed, never
 * guessed: opaque tokens the provider verifies (encrypted reasoning, thinking-block signatures) and
 * base64 binary data. The input is never modified; unchanged subtrees are returned
 * by reference. Depth is bounded before the walk (proxy.maxJsonDepth in steps.ts parseJson).
 */

/** Returns the text with secrets replaced (the same string when nothing was found). */
export type ScrubFn = (text: string) => string;

export interface WalkSpec {
  /** Members whose string values are identifiers or opaque tokens, kept byte for byte. */
  readonly keepKeys: ReadonlySet<string>;
  /** Members whose string values are JSON text (tool-call arguments): the values inside are scrubbed. */
  readonly jsonTextKeys: ReadonlySet<string>;
  /** Objects whose `type` is one of these are kept whole (their text is covered by a signature). */
  readonly keepTypes: ReadonlySet<string>;
}

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `data:<type>;base64,...` for a type that is not text: image, audio or PDF bytes. */
const BINARY_DATA_URL = /^data:(?!text\/)[\w.+-]+\/[\w.+-]+(?:;[\w.+-]+=[\w.+-]+)*;base64,/i;

/** True for a `data:` URL of image, audio or PDF bytes: kept byte for byte, never scrubbed. */
export function isBinaryDataUrl(text: string): boolean {
  return text.startsWith('data:') && BINARY_DATA_URL.test(text);
}

/** An Anthropic `{type: base64, media_type, data}` source whose data is binary, not text. */
export function isBinarySource(node: Record<string, unknown>): boolean {
  const type = node.type;
  return type === 'base64' && !(typeof node.media_type === 'string' && node.media_type.startsWith('text/'));
}

/** Scrub every string anywhere below `node`, member names included (tool-call arguments: any shape). */
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
  if (isObject(node)) return scrubMembers(node, scrub, (value) => scrubAllStrings(value, scrub));
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

/** The object with its member names scrubbed and each value replaced by `child(value, key)`. */
function scrubMembers(
  node: Record<string, Json>,
  scrub: ScrubFn,
  child: (value: Json, key: string) => Json,
): Record<string, Json> {
  let renamed = false;
  const names: string[] = [];
  for (const key in node) {
    const name = scrub(key);
    if (name !== key) renamed = true;
    names.push(name);
  }
  let out: Record<string, Json> | null = null;
  let i = 0;
  for (const key in node) {
    const value = node[key];
    const next = child(value, key);
    if (renamed) {
      // Rebuild in order under the scrubbed names (a secret used as a metadata key, say).
      (out ??= {})[names[i]!] = next;
    } else if (next !== value) (out ??= { ...node })[key] = next;
    i++;
  }
  return out ?? node;
}

function walk(node: Json, key: string, spec: WalkSpec, scrub: ScrubFn): Json {
  if (typeof node === 'string') {
    if (spec.keepKeys.has(key)) return node;
    if (spec.jsonTextKeys.has(key)) return scrubArgumentsText(node, scrub);
    if (isBinaryDataUrl(node)) return node;
    return scrub(node);
  }
  if (Array.isArray(node)) {
    let out: Json[] | null = null;
    for (let i = 0; i < node.length; i++) {
      // Array elements inherit the member name: `prompt: ["a", "b"]`, `content: [{...}]`.
      const next = walk(node[i], key, spec, scrub);
      if (next !== node[i]) (out ??= node.slice())[i] = next;
    }
    return out ?? node;
  }
  if (!isObject(node)) return node;
  const type = node.type;
  if (typeof type === 'string' && spec.keepTypes.has(type)) return node;
  // A base64 source (Anthropic image/PDF `{type: base64, media_type, data}`): binary, not text.
  const binary = isBinarySource(node);
  return scrubMembers(node, scrub, (value, child) =>
    binary && child === 'data' ? value : walk(value, child, spec, scrub),
  );
}

/** Scrub the prompt-visible strings of a request body; returns the same reference when nothing changed. */
export function scrubPromptBody(body: Json, spec: WalkSpec, scrub: ScrubFn): Json {
  return walk(body, '', spec, scrub);
}
