/**
 * The Helm chart rendered by real helm 3 and helm 4 (issue 27): lint --strict, every object valid
 * at each supported Kubernetes version, native sidecars only from 1.29, byte-identical renders with
 * no key material, the injector's environment accepted by its own config loader and naming the
 * objects the chart creates, and the availability and network objects present.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { validateK8sObject } from '../../scripts/k8s-validate.js';
import { helmBinary, run, type HelmMajor } from '../../scripts/k8s-tools.js';

const CHART = join(import.meta.dirname, '../../helm/agent-guard');
const VARIANTS: [string, string[]][] = [
  ['defaults', []],
  ...readdirSync(join(CHART, 'ci')).map((f): [string, string[]] => [f, ['--values', join(CHART, 'ci', f)]]),
];
const KUBE_VERSIONS = ['1.25.0', '1.27.3', '1.28.9', '1.29.0', '1.31.2', '1.34.1'];
const HELMS: HelmMajor[] = [3, 4];

type Obj = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec?: Record<string, unknown>;
  [key: string]: unknown;
};

function template(major: HelmMajor, args: string[]): string {
  return run(helmBinary(major), ['template', 'agent-guard', CHART, '--namespace', 'agent-guard', ...args]);
}

function objects(text: string): Obj[] {
  return parseAllDocuments(text)
    .map((d) => d.toJS() as Obj | null)
    .filter((d): d is Obj => d !== null);
}

function find(objs: Obj[], kind: string, name?: string): Obj {
  const found = objs.find((o) => o.kind === kind && (name === undefined || o.metadata.name === name));
  if (!found) throw new Error(`no ${kind} ${name ?? ''} rendered`);
  return found;
}

interface Container {
  name: string;
  image: string;
  env: { name: string; value?: string }[];
}

function injectorEnv(objs: Obj[]): Record<string, string> {
  const deployment = find(objs, 'Deployment', 'agent-guard-injector');
  const pod = (deployment.spec as { template: { spec: { containers: Container[] } } }).template.spec;
  return Object.fromEntries(pod.containers[0]!.env.map((e) => [e.name, e.value ?? '']));
}

describe.each(HELMS)('helm %i', (major) => {
  it.each(VARIANTS)('lint --strict passes (%s)', (_name, args) => {
    expect(run(helmBinary(major), ['lint', '--strict', CHART, ...args])).toMatch(/0 chart\(s\) failed/);
  });

  it.each(VARIANTS)('every object is valid at every supported Kubernetes version (%s)', (_name, args) => {
    for (const version of KUBE_VERSIONS) {
      const objs = objects(template(major, [...args, '--kube-version', version]));
      expect(objs.length).toBeGreaterThan(5);
      expect(
        objs.flatMap((o) => validateK8sObject(o)),
        version,
      ).toEqual([]);
    }
  });

  it('refuses clusters older than the chart supports', () => {
    expect(() => template(major, ['--kube-version', '1.24.9'])).toThrow(/kubeVersion|incompatible/i);
  });

  it.each(KUBE_VERSIONS)('nativeSidecar auto follows the cluster version (%s)', (version) => {
    const [maj, min] = version.split('.').map(Number) as [number, number];
    const native = maj > 1 || min >= 29;
    const env = injectorEnv(objects(template(major, ['--kube-version', version])));
    expect(env.AGENT_GUARD_INJECT_NATIVE_SIDECAR).toBe(String(native));
    // An explicit value wins.
    const forced = injectorEnv(
      objects(template(major, ['--kube-version', version, '--set', 'sidecar.nativeSidecar=false'])),
    );
    expect(forced.AGENT_GUARD_INJECT_NATIVE_SIDECAR).toBe('false');
  });

  it.each(VARIANTS)('two renders are byte-identical and hold no key material (%s)', (_name, args) => {
    const a = template(major, args);
    const b = template(major, args);
    expect(a).toBe(b);
    expect(a).not.toMatch(/BEGIN [A-Z ]*(PRIVATE KEY|CERTIFICATE)/);
    const secrets = objects(a).filter((o) => o.kind === 'Secret');
    expect(secrets).toEqual([]);
    const webhook = find(objects(a), 'MutatingWebhookConfiguration');
    expect(JSON.stringify(webhook)).not.toContain('caBundle');
  });
});

describe('the rendered injector', () => {
  const objs = objects(template(3, ['--kube-version', '1.30.0']));
  const env = injectorEnv(objs);

  it('has an environment its own config loader accepts', () => {
    const config = loadConfig({ env, cwd: '/' }).inject;
    expect(config).toMatchObject({
      tlsMode: 'self-managed',
      nativeSidecar: true,
      signingKeyCreate: true,
      certFile: '/run/agent-guard/tls/tls.crt',
    });
    expect(config.excludedNamespaces).toEqual(expect.arrayContaining(['agent-guard', 'kube-system']));
  });

  it('names the Service, webhook configuration and Secrets the chart creates and lets it touch them', () => {
    const config = loadConfig({ env, cwd: '/' }).inject;
    expect(find(objs, 'Service', config.serviceName)).toBeDefined();
    const webhook = find(objs, 'MutatingWebhookConfiguration', config.webhookConfiguration);
    const hooks = webhook.webhooks as { clientConfig: { service: { name: string; namespace: string } } }[];
    for (const hook of hooks) expect(hook.clientConfig.service).toMatchObject({ name: config.serviceName });
    const role = find(objs, 'Role', 'agent-guard-injector') as unknown as {
      rules: { resourceNames?: string[]; verbs: string[] }[];
    };
    expect(role.rules.flatMap((r) => r.resourceNames ?? [])).toEqual(
      expect.arrayContaining([config.tlsSecret, config.signingKeySecret]),
    );
    const clusterRole = find(objs, 'ClusterRole', 'agent-guard-injector') as unknown as {
      rules: { resourceNames?: string[] }[];
    };
    expect(clusterRole.rules[0]!.resourceNames).toEqual([config.webhookConfiguration]);
    const deployment = find(objs, 'Deployment', 'agent-guard-injector');
    const pod = (deployment.spec as { template: { spec: Record<string, unknown> } }).template.spec;
    expect(pod.serviceAccountName).toBe('agent-guard-injector');
    expect(pod.automountServiceAccountToken).toBe(true);
  });

  it('stays available: spread, anti-affinity, priority class and PDB', () => {
    const deployment = find(objs, 'Deployment', 'agent-guard-injector');
    const pod = (deployment.spec as { template: { spec: Record<string, unknown> } }).template.spec;
    expect(pod.priorityClassName).toBe('agent-guard-injector');
    expect(find(objs, 'PriorityClass', 'agent-guard-injector')).toBeDefined();
    expect(JSON.stringify(pod.topologySpreadConstraints)).toContain('kubernetes.io/hostname');
    expect(JSON.stringify(pod.affinity)).toContain('podAntiAffinity');
    expect(find(objs, 'PodDisruptionBudget', 'agent-guard-injector').spec).toMatchObject({ minAvailable: 1 });
  });

  it('ships NetworkPolicies for the injector (and the gateway when enabled)', () => {
    const policy = find(objs, 'NetworkPolicy', 'agent-guard-injector');
    expect(JSON.stringify(policy.spec)).toContain('"port":8443');
    const withGateway = objects(
      template(3, ['--set', 'gateway.enabled=true', '--set', 'redis.existingSecret=redis']),
    );
    expect(find(withGateway, 'NetworkPolicy', 'agent-guard-gateway')).toBeDefined();
    const off = objects(template(3, ['--set', 'networkPolicy.enabled=false']));
    expect(off.filter((o) => o.kind === 'NetworkPolicy')).toEqual([]);
  });

  it('pins the image by digest and passes sidecar pull secrets', () => {
    const digest = `sha256:${'0123456789abcdef'.repeat(4)}`;
    const pinned = objects(
      template(3, ['--set', `image.digest=${digest}`, '--set', 'sidecar.imagePullSecrets={regcred}']),
    );
    const e = injectorEnv(pinned);
    expect(e.AGENT_GUARD_INJECT_IMAGE).toBe(`ghcr.io/agent-guard/agent-guard@${digest}`);
    expect(e.AGENT_GUARD_INJECT_IMAGE_PULL_SECRETS).toBe('regcred');
    const config = loadConfig({ env: e, cwd: '/' }).inject;
    expect(config.imagePullSecrets).toEqual(['regcred']);
  });

  it('copies the signing key into copyToNamespaces with a Role there, and renders nothing secret', () => {
    const copied = objects(template(3, ['--set', 'signingKey.copyToNamespaces={agents,ci}']));
    expect(injectorEnv(copied).AGENT_GUARD_INJECT_SIGNING_KEY_NAMESPACES).toBe('agents,ci');
    const roles = copied.filter((o) => o.kind === 'Role' && o.metadata.name.endsWith('-signing-key'));
    expect(roles.map((r) => r.metadata.namespace).sort()).toEqual(['agents', 'ci']);
  });
});
