/**
 * The plain manifests under deploy/ are valid Kubernetes objects (kubernetes-models schemas), each
 * kustomization lists files that exist, and every file is listed by a kustomization.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { validateK8sObject } from '../../scripts/k8s-validate.js';

const DEPLOY = join(import.meta.dirname, '../../deploy');
const OVERLAYS = ['base', 'gateway'];

function yamlObjects(path: string): unknown[] {
  return parseAllDocuments(readFileSync(path, 'utf8'))
    .map((doc) => doc.toJS() as unknown)
    .filter((o) => o !== null);
}

describe('deploy/ manifests', () => {
  for (const overlay of OVERLAYS) {
    const dir = join(DEPLOY, overlay);
    const kustomization = parseYaml(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as {
      resources: string[];
    };
    const files = kustomization.resources.filter((r) => r.endsWith('.yaml'));

    it(`${overlay}: every listed resource exists and every manifest is listed`, () => {
      for (const r of kustomization.resources) expect(existsSync(join(dir, r)), r).toBe(true);
      const present = readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
      expect(present.sort()).toEqual([...files].sort());
    });

    it.each(files)(`${overlay}/%s validates against the Kubernetes schemas`, (file) => {
      const objects = yamlObjects(join(dir, file));
      expect(objects.length).toBeGreaterThan(0);
      for (const object of objects) expect(validateK8sObject(object)).toEqual([]);
    });
  }

  it('the validator catches a schema error', () => {
    const broken = yamlObjects(join(DEPLOY, 'base/injector-deployment.yaml'))[0] as {
      spec: { replicas: unknown };
    };
    broken.spec.replicas = 'two';
    expect(validateK8sObject(broken).join()).toContain('replicas');
  });

  it('the injector and gateway run as non-root with a read-only root filesystem', () => {
    for (const file of ['base/injector-deployment.yaml', 'gateway/gateway-deployment.yaml']) {
      const deployment = yamlObjects(join(DEPLOY, file))[0] as {
        spec: { template: { spec: { containers: { securityContext: Record<string, unknown> }[] } } };
      };
      for (const c of deployment.spec.template.spec.containers) {
        expect(c.securityContext).toMatchObject({
          runAsNonRoot: true,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
      }
    }
  });
});
