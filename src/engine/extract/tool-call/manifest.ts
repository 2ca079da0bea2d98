/**
 * Kubernetes manifests given to an apply tool (`kubectl_apply {manifest}`, `apply_manifest {yaml}`,
 * an object under `resource`) rewritten as `kubectl run --overrides=<the object>`, whose reading in
 * the docker runtime turns privileged, hostPID/hostNetwork/hostIPC, hostPath volumes and added
 * capabilities into a ContainerFact for the DKR rules (red team r3, issue #22).
 */
import { parseAllDocuments } from 'yaml';
import { bash, quote, type CliEquivalent } from './cli.js';

/** Fields that hold a manifest as YAML/JSON text or as an object. */
const MANIFEST_KEYS = [
  'manifest',
  'manifests',
  'yaml',
  'yaml_content',
  'json',
  'content',
  'body',
  'spec',
  'resource',
  'resources',
  'definition',
  'object',
  'document',
  'template',
];
/** Largest manifest text read (bigger ones are left to the generic field walk). */
const MAX_MANIFEST = 65536;

/** The first `image` string anywhere in the object (the pod's first container), depth-bounded. */
function firstImage(v: unknown, depth = 0): string | undefined {
  if (v === null || typeof v !== 'object' || depth > 16) return undefined;
  if (Array.isArray(v)) {
    for (const x of v) {
      const i = firstImage(x, depth + 1);
      if (i !== undefined) return i;
    }
    return undefined;
  }
  const rec = v as Record<string, unknown>;
  if (typeof rec.image === 'string') return rec.image;
  for (const x of Object.values(rec)) {
    const i = firstImage(x, depth + 1);
    if (i !== undefined) return i;
  }
  return undefined;
}

function documents(value: unknown): unknown[] {
  if (value !== null && typeof value === 'object') return Array.isArray(value) ? value : [value];
  if (typeof value !== 'string' || value.length > MAX_MANIFEST || !/\bkind\s*["']?\s*:/.test(value))
    return [];
  try {
    return parseAllDocuments(value)
      .slice(0, 32)
      .map((d) => d.toJS() as unknown);
  } catch {
    return [];
  }
}

export function manifestLines(f: Map<string, unknown>): CliEquivalent[] {
  const out: CliEquivalent[] = [];
  for (const key of MANIFEST_KEYS) {
    for (const doc of documents(f.get(key))) {
      if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) continue;
      const json = JSON.stringify(doc);
      if (json.length > MAX_MANIFEST) continue;
      // The docker runtime reads kubectl run (docker/cli.ts); the bash one does not.
      const line = bash([
        'kubectl run manifest',
        `--image=${quote(firstImage(doc) ?? 'image')}`,
        `--overrides=${quote(json)}`,
      ]);
      out.push({ code: line.code, runtime: 'docker' });
    }
  }
  return out;
}
