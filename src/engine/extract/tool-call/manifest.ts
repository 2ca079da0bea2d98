/**
 * Kubernetes manifests given to an apply tool (`kubectl_apply {manifest}`, `apply_manifest {yaml}`,
 * an object under `resource`) rewritten as `kubectl run --overrides=<the object>`, whose reading in
 * the docker runtime turns privileged, hostPID/hostNetwork/hostIPC, hostPath volumes and added
 * capabilities into a ContainerFact for the DKR rules (red team r3, issue #22).
 */
import { parseAllDocuments } from 'yaml';
import { bash, quote, type CliEquivalent } from './cli.js';
import { ACTION_PROGRAM } from './saas.js';

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

/**
 * A (Cluster)RoleBinding as the `kubectl create (cluster)rolebinding` line that makes it, so the
 * rules that judge that line (cluster-admin bound, the anonymous group let in) judge the manifest.
 */
function bindingLines(doc: Record<string, unknown>): CliEquivalent[] {
  const kind = doc.kind;
  if (kind !== 'ClusterRoleBinding' && kind !== 'RoleBinding') return [];
  const role = doc.roleRef as { kind?: unknown; name?: unknown } | undefined;
  if (role === null || typeof role !== 'object' || typeof role.name !== 'string') return [];
  const flag = { Group: '--group', User: '--user', ServiceAccount: '--serviceaccount' } as const;
  const subjects = (Array.isArray(doc.subjects) ? doc.subjects : []).slice(0, 32).flatMap((s: unknown) => {
    const r = s as { kind?: unknown; name?: unknown; namespace?: unknown } | null;
    if (r === null || typeof r !== 'object' || typeof r.name !== 'string') return [];
    const f = flag[r.kind as keyof typeof flag];
    if (f === undefined) return [];
    const name =
      f === '--serviceaccount'
        ? `${typeof r.namespace === 'string' ? r.namespace : 'default'}:${r.name}`
        : r.name;
    return [`${f}=${quote(name)}`];
  });
  const meta = doc.metadata as { name?: unknown } | undefined;
  const name = typeof meta?.name === 'string' ? meta.name : 'binding';
  const roleFlag = role.kind === 'Role' ? '--role' : '--clusterrole';
  const out = [
    bash([
      `kubectl create ${kind.toLowerCase()}`,
      quote(name),
      `${roleFlag}=${quote(role.name)}`,
      ...subjects,
    ]),
  ];
  // Any role bound to the anonymous or unauthenticated group is that role for everyone who can reach the API.
  if (subjects.some((s) => /^--(?:group|user)=system:(?:unauthenticated|anonymous)$/.test(s)))
    out.push(
      bash([
        ACTION_PROGRAM,
        'expose',
        quote(`${kind} ${name}`),
        quote(`${role.name} bound to the anonymous public`),
      ]),
    );
  return out;
}

export function manifestLines(f: Map<string, unknown>): CliEquivalent[] {
  const out: CliEquivalent[] = [];
  for (const key of MANIFEST_KEYS) {
    for (const doc of documents(f.get(key))) {
      if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) continue;
      out.push(...bindingLines(doc as Record<string, unknown>));
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
