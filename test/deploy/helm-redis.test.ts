/**
 * The gateway's shared state in the Helm chart (issue 28), rendered by real helm 3: redis.url and
 * redis.existingSecret become AGENT_GUARD_REDIS_URL (accepted by the config loader), and the chart
 * refuses a gateway with more than one replica and no shared store unless gateway.allowLocalState.
 */
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { helmBinary, run } from '../../scripts/k8s-tools.js';

const CHART = join(import.meta.dirname, '../../helm/agent-guard');
const REFUSAL = /more than one replica needs shared state/;

function template(...sets: string[]): string {
  const args = [
    'template',
    'agent-guard',
    CHART,
    '--namespace',
    'agent-guard',
    '--set',
    'gateway.enabled=true',
  ];
  for (const s of sets) args.push('--set', s);
  return run(helmBinary(3), args);
}

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}

function gatewayEnv(text: string): EnvVar[] {
  const deployment = parseAllDocuments(text)
    .map((d) => d.toJS() as { kind?: string; metadata?: { name?: string }; spec?: unknown } | null)
    .find((o) => o?.kind === 'Deployment' && o.metadata?.name === 'agent-guard-gateway');
  if (!deployment) throw new Error('no gateway Deployment rendered');
  const spec = deployment.spec as { template: { spec: { containers: { env: EnvVar[] }[] } } };
  return spec.template.spec.containers[0]!.env;
}

describe('helm: gateway shared state', () => {
  it.each<[string, string[]]>([
    ['two replicas (the default)', []],
    ['autoscaling up to several', ['gateway.replicas=1', 'gateway.autoscaling.enabled=true']],
  ])('refuses %s without Redis', (_name, sets) => {
    expect(() => template(...sets)).toThrow(REFUSAL);
  });

  it.each<[string, string[]]>([
    ['one replica', ['gateway.replicas=1']],
    ['allowLocalState', ['gateway.allowLocalState=true']],
  ])('renders without Redis for %s, with no Redis variable', (_name, sets) => {
    expect(gatewayEnv(template(...sets)).some((e) => e.name === 'AGENT_GUARD_REDIS_URL')).toBe(false);
  });

  it('passes redis.url as AGENT_GUARD_REDIS_URL, which the config loader accepts', () => {
    const env = gatewayEnv(template('redis.url=rediss://default:pw@redis.example:6380/2'));
    const url = env.find((e) => e.name === 'AGENT_GUARD_REDIS_URL');
    expect(url?.value).toBe('rediss://default:pw@redis.example:6380/2');
    const config = loadConfig({ env: { AGENT_GUARD_REDIS_URL: url!.value! }, cwd: '/' });
    expect(config.redis.url).toBe('rediss://default:pw@redis.example:6380/2');
  });

  it('reads the URL from an existing Secret (which wins over redis.url)', () => {
    const env = gatewayEnv(
      template(
        'redis.existingSecret=shared-redis',
        'redis.existingSecretKey=url',
        'redis.url=redis://ignored:6379',
      ),
    );
    const urls = env.filter((e) => e.name === 'AGENT_GUARD_REDIS_URL');
    expect(urls).toHaveLength(1);
    expect(urls[0]!.valueFrom?.secretKeyRef).toEqual({ name: 'shared-redis', key: 'url' });
  });

  it('rejects a URL that is not redis:// or rediss:// (values schema)', () => {
    expect(() => template('redis.url=http://redis:6379')).toThrow(/redis\.url/);
  });
});
