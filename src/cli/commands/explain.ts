/**
 * `agent-guard explain`: why a command is allowed or denied. Prints the facts the engine extracted,
 * the rules that looked at them (with pack and invariant), which matched and why, which a policy
 * exception lifted, and the final decision. Exit 0 allowed, 1 denied, 2 usage or input error.
 */
import { loadConfig } from '../../config/load.js';
import { analyze } from '../../engine/analyze.js';
import { decide, type DecisionTrace } from '../../engine/decide.js';
import { createEngine, failClosedDecision } from '../../engine/engine.js';
import type { Fact } from '../../engine/facts.js';
import { packOf } from '../../engine/invariants/catalog.js';
import { normalisedArgv } from '../../engine/invariants/command-line.js';
import type { RuleDefinition } from '../../engine/invariants/define-rule.js';
import type { AllowEntry } from '../../engine/policy.js';
import { RUNTIMES, type Decision } from '../../engine/types.js';
import { toWireDecision } from '../../engine/wire.js';
import { isAgentGuardError } from '../../errors.js';
import { EXIT, UsageError, type CliCommand, type CliIo } from '../command.js';
import { parseOptions } from '../input.js';
import { POLICY_OPTION_HELP, withPolicy } from '../policy-option.js';

const USAGE = `Usage: agent-guard explain [--runtime R] [--policy FILE] [--config FILE] [--json] -- COMMAND...

Show why COMMAND is allowed or denied: the facts extracted, the rules that looked at them, which
matched and why (and which a policy exception lifted), and the final decision.

  --runtime R     ${RUNTIMES.join(', ')} (default bash).
${POLICY_OPTION_HELP}
  --config FILE   Configuration file (YAML or JSON); default AGENT_GUARD_CONFIG.
  --json          One JSON object: {decision, facts, rules, policy}.

Exit codes: 0 allowed; 1 denied; 2 usage, input or policy-file error.
How to allow a denied command: docs/policy.md.`;

interface RuleReport {
  readonly rule_id: string;
  readonly pack: string;
  readonly invariant: string;
  readonly matched: boolean;
  readonly hits: readonly {
    readonly reason: string;
    readonly text: string;
    /** Normalised argv of the run the hit is about (what an allow entry's command glob sees). */
    readonly run: string | null;
    readonly lifted_by: { readonly rule: string; readonly command?: string; readonly cwd?: string } | null;
  }[];
}

/** A fact in one line for people (and a plain object for --json). */
function describeFact(fact: Fact, text: string): { readonly line: string; readonly json: unknown } {
  const at = `${'  '.repeat(fact.depth)}`;
  switch (fact.kind) {
    case 'exec': {
      const argv = normalisedArgv(fact).join(' ');
      const via = fact.via !== undefined ? ` (via ${fact.via})` : '';
      return {
        line: `${at}run   ${argv}${via}`,
        json: { kind: 'exec', argv: normalisedArgv(fact), via: fact.via ?? null, depth: fact.depth },
      };
    }
    case 'file':
      return {
        line: `${at}file  ${fact.op} ${fact.path}${fact.recursive ? ' (recursive)' : ''} by ${fact.actor}`,
        json: {
          kind: 'file',
          op: fact.op,
          path: fact.path,
          recursive: fact.recursive,
          actor: fact.actor,
          depth: fact.depth,
        },
      };
    case 'net':
      return {
        line: `${at}net   ${fact.direction} ${fact.host}${fact.port !== undefined ? `:${fact.port}` : ''} by ${fact.actor}${fact.sends ? ' (sends data)' : ''}`,
        json: {
          kind: 'net',
          host: fact.host,
          port: fact.port ?? null,
          direction: fact.direction,
          sends: fact.sends,
          actor: fact.actor,
          depth: fact.depth,
        },
      };
    case 'sql':
      return {
        line: `${at}sql   ${fact.statement} ${fact.text.slice(0, 80)}`,
        json: { kind: 'sql', statement: fact.statement, depth: fact.depth },
      };
    default:
      return {
        line: `${at}${fact.kind.padEnd(5)} ${text.slice(fact.span.start, fact.span.end).slice(0, 80).replace(/\n/g, '⏎')}`,
        json: {
          kind: fact.kind,
          text: text.slice(fact.span.start, fact.span.end).slice(0, 200),
          depth: fact.depth,
        },
      };
  }
}

const liftJson = (entry: AllowEntry | undefined): RuleReport['hits'][number]['lifted_by'] =>
  entry === undefined
    ? null
    : {
        rule: entry.rule,
        ...(entry.command !== undefined ? { command: entry.command.pattern } : {}),
        ...(entry.cwd !== undefined ? { cwd: entry.cwd.pattern } : {}),
      };

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const dashes = argv.indexOf('--');
  const optionArgs = dashes < 0 ? argv : argv.slice(0, dashes);
  const commandWords = dashes < 0 ? [] : argv.slice(dashes + 1);
  const { values, positionals } = parseOptions({
    args: [...optionArgs],
    options: {
      runtime: { type: 'string' },
      json: { type: 'boolean' },
      config: { type: 'string' },
      policy: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const words = [...positionals, ...commandWords];
  if (words.length === 0) throw new UsageError('no command given (agent-guard explain -- COMMAND)');
  const runtime = values.runtime ?? 'bash';
  if (!(RUNTIMES as readonly string[]).includes(runtime))
    throw new UsageError(`--runtime must be one of ${RUNTIMES.join(', ')}`);
  const text = words.join(' ');

  const config = loadConfig({ file: values.config, env: withPolicy(io, values.policy).env, cwd: io.cwd });
  const engine = await createEngine({ config: config.engine, defaults: { cwd: io.cwd } });
  const policy = engine.policy;

  const rules: RuleReport[] = [];
  let skipped = 0;
  const trace: DecisionTrace = {
    skipped: () => {
      skipped++;
    },
    ran: (rule: RuleDefinition, hits, lifted) => {
      rules.push({
        rule_id: rule.id,
        pack: packOf(rule),
        invariant: rule.invariant,
        matched: hits.some((_, i) => lifted[i] === undefined),
        hits: hits.map((h, i) => ({
          reason: h.reason,
          text: text.slice(h.span.start, h.span.end),
          run: h.exec !== undefined ? normalisedArgv(h.exec).join(' ') : null,
          lifted_by: liftJson(lifted[i]),
        })),
      });
    },
  };

  let facts: readonly Fact[] = [];
  let decision: Decision;
  try {
    facts = analyze(text, runtime as (typeof RUNTIMES)[number], {
      maxInputBytes: config.engine.maxInputBytes,
      maxDepth: config.engine.maxDepth,
    });
    decision = decide({ text, runtime: runtime as (typeof RUNTIMES)[number], facts, policy, trace });
  } catch (err) {
    if (isAgentGuardError(err) && err.code.startsWith('AG_ERR_INPUT_')) throw err;
    decision = failClosedDecision(
      text,
      runtime as (typeof RUNTIMES)[number],
      policy,
      isAgentGuardError(err) ? err.code : 'analysis error',
    );
  }
  const wire = toWireDecision({ decision, evalLatencyUs: 0, cached: false });
  const described = facts.map((f) => describeFact(f, text));
  const policyInfo = {
    file: engine.policyFile ?? null,
    digest: policy.digest,
    disabled_packs: policy.rules?.disabledPacks ?? [],
    custom_rules: policy.rules?.custom.map((r) => r.id) ?? [],
    allow_entries: policy.rules?.allow.length ?? 0,
  };

  if (values.json === true) {
    io.stdout.write(
      `${JSON.stringify({ decision: wire, facts: described.map((d) => d.json), rules, rules_skipped: skipped, policy: policyInfo })}\n`,
    );
    return wire.allowed ? EXIT.ok : EXIT.denied;
  }

  const out: string[] = [`command (${runtime}): ${text}`, '', 'facts:'];
  if (described.length === 0) out.push('  (none)');
  for (const d of described) out.push(`  ${d.line}`);
  out.push('', `rules that looked (${rules.length}; ${skipped} skipped: none of the facts they read):`);
  const quiet = rules.filter((r) => r.hits.length === 0).map((r) => r.rule_id);
  if (quiet.length > 0) out.push(`  no match: ${quiet.join(', ')}`);
  for (const r of rules) {
    for (const h of r.hits) {
      const l = h.lifted_by;
      const lifted =
        l === null
          ? ''
          : `  -> lifted by allow {rule: ${l.rule}${l.command !== undefined ? `, command: "${l.command}"` : ''}${l.cwd !== undefined ? `, cwd: "${l.cwd}"` : ''}}`;
      out.push(`  ${r.rule_id} [${r.pack}] ${r.invariant}: MATCH ${h.reason}${lifted}`);
      out.push(`      on: ${(h.run ?? h.text).replace(/\n/g, '⏎').slice(0, 120)}`);
    }
  }
  if (policyInfo.file !== null)
    out.push(
      '',
      `policy: ${policyInfo.file} (disabled packs: ${policyInfo.disabled_packs.join(', ') || 'none'}; own rules: ${policyInfo.custom_rules.join(', ') || 'none'}; allow entries: ${policyInfo.allow_entries})`,
    );
  out.push(
    '',
    `decision: ${wire.verdict}${wire.rule_id !== null ? ` by ${wire.rule_id} (${wire.threat_type ?? ''})` : ''}`,
  );
  if (wire.reason !== null) out.push(`  reason: ${wire.reason}`);
  if (wire.suggested_alternative !== null) out.push(`  suggested alternative: ${wire.suggested_alternative}`);
  if (wire.remediation_hint !== null) out.push(`  hint: ${wire.remediation_hint}`);
  if (!wire.allowed) {
    // One allow entry per enforced rule, scoped to the run it is about.
    const entries = new Map<string, string>();
    for (const f of decision.findings) {
      if (f.mode !== 'enforce' || f.ruleId.startsWith('ENG-') || entries.has(f.ruleId)) continue;
      const hit = rules.find((r) => r.rule_id === f.ruleId)?.hits.find((h) => h.lifted_by === null);
      entries.set(f.ruleId, hit?.run ?? hit?.text ?? text);
    }
    if (entries.size > 0) {
      out.push('', 'to allow exactly this, add to the policy file (docs/policy.md):', 'allow:');
      for (const [rule, command] of entries)
        out.push(`  - rule: ${rule}`, `    command: ${JSON.stringify(command)}`);
    }
  }
  io.stdout.write(`${out.join('\n')}\n`);
  return wire.allowed ? EXIT.ok : EXIT.denied;
}

export const explainCommand: CliCommand = {
  name: 'explain',
  usage: USAGE,
  run,
};
