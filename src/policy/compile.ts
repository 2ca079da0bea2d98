/**
 * Policy document → PolicyRules (pure): globs compiled, rule ids and pack names checked against
 * the registry, the team's own rules turned into rule definitions the engine runs like built-in
 * ones. Problems are collected with the document path they concern, so the loader can name the
 * key and line.
 */
import { hash } from 'node:crypto';
import { compileGlob, GlobError, globMatches, type Glob } from '../engine/glob.js';
import type { FactIndex, RuleDefinition, RuleHit } from '../engine/invariants/define-rule.js';
import { normalisedArgv } from '../engine/invariants/command-line.js';
import { packOf } from '../engine/invariants/catalog.js';
import { RULES } from '../engine/invariants/registry.js';
import { resolvePath } from '../engine/paths.js';
import type { AllowEntry, Policy, PolicyRules } from '../engine/policy.js';
import type { FactKind } from '../engine/facts.js';
import { PACKS, RULE_PREFIXES, type PackName } from '../engine/types.js';
import type { CustomRuleDocument, PolicyDocument } from './schema.js';

export interface PolicyProblem {
  /** Where in the document, e.g. ['rules', 0, 'match', 'command']. */
  readonly path: readonly (string | number)[];
  readonly message: string;
}

export class PolicyCompileError extends Error {
  constructor(readonly problems: readonly PolicyProblem[]) {
    super(problems.map((p) => `${p.path.join('.')}: ${p.message}`).join('\n'));
    this.name = 'PolicyCompileError';
  }
}

/** The engine's fail-closed rules stay on whatever a policy says. */
const LOCKED_PACK: PackName = 'core.engine';
const ENGINE_RULES = new Set(['ENG-AST-000']);

function packsMatching(pattern: string): PackName[] {
  if (pattern.endsWith('.*') || pattern.endsWith('*')) {
    const prefix = pattern.replace(/\*$/, '');
    return PACKS.filter((p) => p.startsWith(prefix));
  }
  return PACKS.filter((p) => p === pattern);
}

const list = <T>(v: T | readonly T[] | undefined): readonly T[] =>
  v === undefined ? [] : Array.isArray(v) ? (v as readonly T[]) : [v as T];

/** A custom rule as a rule definition: each given match key must be met by some fact. */
function customRule(doc: CustomRuleDocument, globs: CompiledMatch): RuleDefinition {
  const kinds: FactKind[] = [];
  if (globs.command.length > 0) kinds.push('exec');
  if (globs.path.length > 0) kinds.push('file');
  if (globs.host.length > 0) kinds.push('net');
  if (globs.sql.length > 0) kinds.push('sql');
  const reason = doc.reason;
  return Object.freeze({
    id: doc.id as RuleDefinition['id'],
    invariant: doc.invariant ?? 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
    pack: 'custom',
    summary: reason,
    remediationHint: doc.remediation_hint ?? reason,
    kinds,
    *check(facts: FactIndex, policy: Policy): Iterable<RuleHit> {
      let hit: RuleHit | undefined;
      if (globs.command.length > 0) {
        const exec = facts
          .of('exec')
          .find((e) => globs.command.some((g) => globMatches(g, normalisedArgv(e).join(' '))));
        if (exec === undefined) return;
        hit = { span: exec.span, reason, exec };
      }
      if (globs.path.length > 0) {
        const file = facts.of('file').find((f) => {
          const abs = resolvePath(f.path, policy);
          return globs.path.some((g) => globMatches(g, f.path) || globMatches(g, abs));
        });
        if (file === undefined) return;
        hit ??= { span: file.span, reason };
      }
      if (globs.host.length > 0) {
        const net = facts.of('net').find((n) => globs.host.some((g) => globMatches(g, n.host)));
        if (net === undefined) return;
        hit ??= { span: net.span, reason };
      }
      if (globs.sql.length > 0) {
        const stmt = facts.of('sql').find((s) => globs.sql.includes(s.statement));
        if (stmt === undefined) return;
        hit ??= { span: stmt.span, reason };
      }
      if (hit === undefined) return;
      yield doc.suggested_alternative !== undefined
        ? { ...hit, suggestedAlternative: doc.suggested_alternative }
        : hit;
    },
    examples: { deny: [], allow: [] },
  });
}

interface CompiledMatch {
  readonly command: readonly Glob[];
  readonly path: readonly Glob[];
  readonly host: readonly Glob[];
  readonly sql: readonly string[];
}

/** Compile a validated document; throws PolicyCompileError listing every problem. */
export function compilePolicy(doc: PolicyDocument): PolicyRules {
  const problems: PolicyProblem[] = [];
  const glob = (pattern: string, kind: 'command' | 'path', path: (string | number)[]): Glob | undefined => {
    try {
      return compileGlob(pattern, kind);
    } catch (err) {
      problems.push({ path, message: err instanceof GlobError ? err.message : String(err) });
      return undefined;
    }
  };

  // Packs: every pack is on unless disabled; an enable entry wins.
  const disabled = new Set<PackName>();
  const enabled = new Set<PackName>();
  for (const [key, target] of [
    ['disable', disabled],
    ['enable', enabled],
  ] as const) {
    list(doc.packs?.[key]).forEach((name, i) => {
      const packs = packsMatching(name);
      if (packs.length === 0)
        problems.push({
          path: ['packs', key, i],
          message: `unknown pack ${JSON.stringify(name)} (known: ${PACKS.join(', ')})`,
        });
      else if (key === 'disable' && packs.includes(LOCKED_PACK) && !name.includes('*'))
        problems.push({
          path: ['packs', key, i],
          message: `${LOCKED_PACK} (fail-closed rules) cannot be disabled`,
        });
      for (const p of packs) if (p !== LOCKED_PACK) target.add(p);
    });
  }
  for (const p of enabled) disabled.delete(p);

  // The team's own rules.
  const builtinIds = new Set<string>(RULES.map((r) => r.id));
  const customIds = new Set<string>();
  const custom: RuleDefinition[] = [];
  list(doc.rules).forEach((rule, i) => {
    const prefix = rule.id.slice(0, rule.id.indexOf('-AST-'));
    if ((RULE_PREFIXES as readonly string[]).includes(prefix))
      problems.push({
        path: ['rules', i, 'id'],
        message: `${rule.id}: the prefix ${prefix} is reserved for built-in rules; use your own (TEAM-AST-001)`,
      });
    else if (customIds.has(rule.id))
      problems.push({ path: ['rules', i, 'id'], message: `duplicate rule id ${rule.id}` });
    customIds.add(rule.id);
    const compiled: CompiledMatch = {
      command: list(rule.match.command).flatMap(
        (g, j) => glob(g, 'command', ['rules', i, 'match', 'command', j]) ?? [],
      ),
      path: list(rule.match.path).flatMap((g, j) => glob(g, 'path', ['rules', i, 'match', 'path', j]) ?? []),
      host: list(rule.match.host).flatMap(
        (g, j) => glob(g.toLowerCase(), 'command', ['rules', i, 'match', 'host', j]) ?? [],
      ),
      sql: list(rule.match.sql),
    };
    custom.push(customRule(rule, compiled));
  });

  // Exceptions.
  const allow: AllowEntry[] = [];
  list(doc.allow).forEach((entry, i) => {
    if (!builtinIds.has(entry.rule) && !customIds.has(entry.rule) && !ENGINE_RULES.has(entry.rule))
      problems.push({ path: ['allow', i, 'rule'], message: `unknown rule id ${JSON.stringify(entry.rule)}` });
    else if (ENGINE_RULES.has(entry.rule) || entry.rule.startsWith('ENG-'))
      problems.push({ path: ['allow', i, 'rule'], message: `${entry.rule} (fail closed) cannot be allowed` });
    const command =
      entry.command === undefined ? undefined : glob(entry.command, 'command', ['allow', i, 'command']);
    const cwd = entry.cwd === undefined ? undefined : glob(entry.cwd, 'path', ['allow', i, 'cwd']);
    allow.push(
      Object.freeze({
        rule: entry.rule,
        ...(command !== undefined ? { command } : {}),
        ...(cwd !== undefined ? { cwd } : {}),
      }),
    );
  });

  if (problems.length > 0) throw new PolicyCompileError(problems);
  const disabledPacks = [...disabled].sort();
  // The digest covers the document itself (keys sorted), so any change makes a new policy.
  const digest = hash('sha256', stableJson(doc), 'hex');
  return Object.freeze({
    disabledPacks: Object.freeze(disabledPacks),
    custom: Object.freeze(custom),
    allow: Object.freeze(allow),
    digest,
  });
}

/** JSON with object keys sorted at every level. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The pack of a rule as a policy sees it (re-exported for explain). */
export { packOf };
