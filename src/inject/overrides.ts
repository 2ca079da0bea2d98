/**
 * Per-pod overrides read from `agent-guard.io/*` annotations, validated: a typo such as
 * `agent-guard.io/mode: enforcing` rejects the pod with a message naming the annotation, rather
 * than silently running a sidecar the user did not ask for.
 */
import type { Config } from '../config/schema.js';
import { KEYS } from './annotations.js';
import type { Pod } from './pod.js';

export interface SidecarSettings {
  readonly image: string;
  readonly imagePullPolicy: string;
  readonly port: number;
  readonly mode: 'enforce' | 'audit';
  readonly policyConfigMap: string;
  readonly signingKeySecret: string;
  readonly cpuRequest: string;
  readonly cpuLimit: string;
  readonly memoryRequest: string;
  readonly memoryLimit: string;
  readonly nativeSidecar: boolean;
  readonly overrideEnv: boolean;
  readonly httpProxy: boolean;
  readonly meshOrder: 'after' | 'before';
  readonly imagePullSecrets: readonly string[];
}

export type OverrideResult =
  | { readonly ok: true; readonly settings: SidecarSettings }
  | { readonly ok: false; readonly problems: readonly string[] };

const QUANTITY = /^[0-9]+(\.[0-9]+)?(m|Ki|Mi|Gi|Ti|k|M|G|T)?$/;
// DNS-1123 subdomain, the rule for ConfigMap names.
const OBJECT_NAME = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;

type InjectConfig = Config['inject'];

export function sidecarSettings(pod: Pod, config: InjectConfig): OverrideResult {
  const annotations = pod.metadata?.annotations ?? {};
  const problems: string[] = [];

  const pick = <T>(key: string, fallback: T, parse: (raw: string) => T | undefined, expected: string): T => {
    const raw = annotations[key];
    if (raw === undefined) return fallback;
    const value = parse(raw.trim());
    if (value === undefined) {
      problems.push(`annotation ${key} must be ${expected}`);
      return fallback;
    }
    return value;
  };
  const bool = (raw: string): boolean | undefined =>
    raw === 'true' ? true : raw === 'false' ? false : undefined;
  const quantity = (raw: string): string | undefined => (QUANTITY.test(raw) ? raw : undefined);

  const settings: SidecarSettings = {
    image: config.image,
    imagePullPolicy: config.imagePullPolicy,
    port: config.sidecarPort,
    mode: pick(
      KEYS.mode,
      config.mode,
      (raw) => (raw === 'enforce' || raw === 'audit' ? raw : undefined),
      'enforce or audit',
    ),
    policyConfigMap: pick(
      KEYS.policy,
      config.policyConfigMap,
      (raw) => (OBJECT_NAME.test(raw) ? raw : undefined),
      'a ConfigMap name',
    ),
    signingKeySecret: config.signingKeySecret,
    cpuRequest: pick(KEYS.cpuRequest, config.cpuRequest, quantity, 'a CPU quantity such as 100m'),
    cpuLimit: pick(KEYS.cpuLimit, config.cpuLimit, quantity, 'a CPU quantity such as 500m'),
    memoryRequest: pick(KEYS.memoryRequest, config.memoryRequest, quantity, 'a memory quantity such as 64Mi'),
    memoryLimit: pick(KEYS.memoryLimit, config.memoryLimit, quantity, 'a memory quantity such as 256Mi'),
    nativeSidecar: pick(KEYS.nativeSidecar, config.nativeSidecar, bool, '"true" or "false"'),
    overrideEnv: pick(KEYS.overrideEnv, false, bool, '"true" or "false"'),
    httpProxy: pick(KEYS.httpProxy, config.setProxyEnv, bool, '"true" or "false"'),
    meshOrder: pick(
      KEYS.meshOrder,
      'after' as const,
      (raw) => (raw === 'after' || raw === 'before' ? raw : undefined),
      'after or before',
    ),
    imagePullSecrets: config.imagePullSecrets,
  };
  return problems.length > 0 ? { ok: false, problems } : { ok: true, settings };
}
