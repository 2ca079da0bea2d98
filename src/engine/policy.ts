/**
 * The policy an evaluation runs under. It is part of every decision-cache key (through `digest`),
 * so two policies that differ in any field never share a cached decision.
 */
import type { InvariantMode, InvariantName } from './types.js';

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
  /** Hex SHA-256 of the canonical policy; committed to by receipts and cache keys. */
  readonly digest: string;
}
