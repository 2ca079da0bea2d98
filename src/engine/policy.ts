/**
 * The policy an evaluation runs under. It is part of every decision-cache key (through `digest`),
 * so two policies that differ in any field never share a cached decision.
 */
import type { RuleDefinition } from './invariants/define-rule.js';
import type { Glob } from './glob.js';
import type { InvariantMode, InvariantName, PackName } from './types.js';

export interface Policy {
  /** Absolute path of the agent's workspace; paths inside it are the agent's own. */
  readonly workspaceRoot: string;
  /** Absolute path `~` stands for. */
  readonly homeDir: string;
  /** Extra hosts (names or IPs) treated like the metadata service. */
  readonly protectedHosts: readonly string[];
  /** Loopback ports the policy protects (admin APIs: 2375 docker, 10250 kubelet, ...). */
  readonly protectedPorts: readonly number[];
  /** Per-invariant mode; an invariant not listed is enforced. */
  readonly modes: Readonly<Partial<Record<InvariantName, InvariantMode>>>;
  /** What a policy file adds (packs switched off, own rules, exceptions); absent without one. */
  readonly rules?: PolicyRules;
  /** Hex SHA-256 of the canonical policy; committed to by receipts and cache keys. */
  readonly digest: string;
}

/** An exception: findings of `rule` are dropped when the run and the workspace match. */
export interface AllowEntry {
  readonly rule: string;
  /** Over the normalised argv of the run the finding is about (docs/policy.md). */
  readonly command?: Glob;
  /** Over the workspace directory (Policy.workspaceRoot). */
  readonly cwd?: Glob;
}

/** The compiled content of a policy file (src/engine/policy-rules.ts builds it). */
export interface PolicyRules {
  /** Packs whose rules do not run. */
  readonly disabledPacks: readonly PackName[];
  /** The file's own deny rules, already as rule definitions. */
  readonly custom: readonly RuleDefinition[];
  readonly allow: readonly AllowEntry[];
  /** Hex SHA-256 of the compiled content (part of the policy digest). */
  readonly digest: string;
}
