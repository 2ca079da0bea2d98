/** Decision-engine policy and limits. */
import { z } from 'zod';
import { INVARIANT_NAMES } from '../../engine/types.js';
import { setting } from '../setting.js';

const modeSchema = z.enum(['enforce', 'audit', 'off']);

export const engineSection = z
  .object({
    workspaceRoot: setting(z.string().min(1).optional(), {
      env: 'AGENT_GUARD_WORKSPACE_ROOT',
      description: "The agent's workspace (absolute path). Default: the current directory at start.",
    }),
    homeDir: setting(z.string().min(1).optional(), {
      env: 'AGENT_GUARD_HOME_DIR',
      description:
        'The directory `~` stands for in analysed commands. Default: the home directory of the process.',
    }),
    latencyBudgetUs: setting(z.number().positive().default(35), {
      env: 'AGENT_GUARD_LATENCY_BUDGET_US',
      description:
        'Evaluations slower than this (microseconds) are counted and logged by digest; the decision is unchanged. Default 35.',
    }),
    maxInputBytes: setting(
      z
        .number()
        .int()
        .min(64)
        .max(16 * 1024 * 1024)
        .default(256 * 1024),
      {
        env: 'AGENT_GUARD_MAX_INPUT_BYTES',
        description:
          'Largest command, code or SQL text the engine analyses, in bytes. Default 262144 (256 KiB).',
      },
    ),
    maxDepth: setting(z.number().int().min(1).max(64).default(8), {
      env: 'AGENT_GUARD_MAX_DEPTH',
      description: 'Deepest nesting of code inside code (bash -c inside python -c ...). Default 8 levels.',
    }),
    cacheEntries: setting(z.number().int().min(0).max(1_000_000).default(10_000), {
      env: 'AGENT_GUARD_CACHE_ENTRIES',
      description: 'Decision cache size (LRU entries); 0 disables the cache. Default 10000.',
    }),
    modes: setting(z.partialRecord(z.enum(INVARIANT_NAMES), modeSchema).default({}), {
      env: 'AGENT_GUARD_INVARIANT_MODES',
      description:
        'Per-invariant mode: enforce, audit or off, as an object (JSON in the environment). Default: every invariant enforced.',
    }),
    policyFile: setting(z.string().min(1).optional(), {
      env: 'AGENT_GUARD_POLICY_FILE',
      description:
        'Policy file (YAML or JSON, docs/policy.md): packs, own deny rules, exceptions. A running server re-reads it on change and keeps the last good one. Default none.',
    }),
    protectedHosts: setting(z.array(z.string().min(1)).default([]), {
      env: 'AGENT_GUARD_PROTECTED_HOSTS',
      description:
        'Extra hosts treated like cloud metadata services (comma-separated in the environment). Default none.',
    }),
    protectedPorts: setting(
      z.array(z.number().int().min(1).max(65535)).default([2375, 2376, 10250, 10255, 6443, 2379]),
      {
        env: 'AGENT_GUARD_PROTECTED_PORTS',
        description:
          'Loopback ports whose admin APIs are protected. Default 2375,2376 (docker), 10250,10255 (kubelet), 6443 (kube-apiserver), 2379 (etcd).',
      },
    ),
  })
  .strict();
