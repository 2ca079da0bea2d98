/**
 * Engine configuration section → Policy: resolves the workspace and home directories and computes
 * the policy digest (SHA-256 of a sorted-key JSON form) that cache keys and receipts commit to.
 */
import { hash } from 'node:crypto';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { z } from 'zod';
import type { engineSection } from '../config/sections/engine.js';
import type { Policy, PolicyRules } from './policy.js';
import { INVARIANT_NAMES, type InvariantMode, type InvariantName } from './types.js';

export type EngineConfig = z.output<typeof engineSection>;
export type EngineConfigInput = z.input<typeof engineSection>;

export interface PolicyDefaults {
  /** Directory a missing workspaceRoot defaults to (the process cwd). */
  readonly cwd?: string;
  /** Directory a missing homeDir defaults to (the process home). */
  readonly home?: string;
}

/**
 * `rules`: the compiled policy file (src/policy/load.ts), if any; its digest joins the policy
 * digest, so decisions cached or signed under one file never pass for another.
 */
export function buildPolicy(
  config: EngineConfig,
  defaults: PolicyDefaults = {},
  rules?: PolicyRules,
): Policy {
  const cwd = defaults.cwd ?? process.cwd();
  const workspaceRoot = trimSlash(resolve(cwd, config.workspaceRoot ?? cwd));
  const homeDir = trimSlash(resolve(config.homeDir ?? defaults.home ?? homedir()));
  const modes: Partial<Record<InvariantName, InvariantMode>> = {};
  for (const name of INVARIANT_NAMES) {
    const mode = config.modes[name];
    if (mode !== undefined && mode !== 'enforce') modes[name] = mode;
  }
  const protectedHosts = [...new Set(config.protectedHosts.map((h) => h.trim().toLowerCase()))].sort();
  const protectedPorts = [...new Set(config.protectedPorts)].sort((a, b) => a - b);
  const body =
    rules === undefined
      ? { homeDir, modes, protectedHosts, protectedPorts, workspaceRoot }
      : { homeDir, modes, policyFile: rules.digest, protectedHosts, protectedPorts, workspaceRoot };
  // Keys are written in sorted order at every level, so equal policies give equal digests.
  const digest = hash(
    'sha256',
    JSON.stringify(body, Object.keys(body).concat(INVARIANT_NAMES).sort()),
    'hex',
  );
  return Object.freeze({
    workspaceRoot,
    homeDir,
    protectedHosts: Object.freeze(protectedHosts),
    protectedPorts: Object.freeze(protectedPorts),
    modes: Object.freeze(modes),
    ...(rules !== undefined ? { rules } : {}),
    digest,
  });
}

function trimSlash(p: string): string {
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}
