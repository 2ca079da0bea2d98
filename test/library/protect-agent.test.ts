/** protectAgent: arguments evaluated before the tool runs; strict throws the 2.8 envelope, non-strict returns feedback (SPEC 7). */
import { beforeAll, describe, expect, it } from 'vitest';
import { createGuard, type Guard } from '../../src/library/create-guard.js';
import { GuardViolationError, isBlockFeedback } from '../../src/library/errors.js';
import { agentGuardOf, protectAgent } from '../../src/library/protect-agent.js';
import type { ToolDecisionEvent } from '../../src/library/tool-gate.js';
import { createSigner, verifyReceipt } from '../../src/receipts/index.js';

let guard: Guard;
beforeAll(async () => {
  guard = await createGuard({ engine: { workspaceRoot: '/work/ws', homeDir: '/home/agent' } });
});

function shellTools(log: string[]) {
  return {
    shell: (args: { command: string }) => {
      log.push(args.command);
      return `ran: ${args.command}`;
    },
    query: (args: { sql: string }) => {
      log.push(args.sql);
      return 'rows';
    },
    weather: (args: { city: string }) => `sunny in ${args.city}`,
  };
}

const DENIED: ReadonlyArray<readonly [string, string, Record<string, unknown>, string]> = [
  ['recursive delete of /', 'shell', { command: 'rm -rf /' }, 'FS-AST-001'],
  ['secret file read', 'shell', { command: 'cat ~/.aws/credentials' }, 'SEC-AST-001'],
  ['destructive SQL', 'query', { sql: 'DROP TABLE users' }, 'SQL-AST'],
];

describe('protectAgent (strict, default)', () => {
  it('runs allowed calls and passes their results through', async () => {
    const log: string[] = [];
    const tools = protectAgent(shellTools(log), { guard });
    expect(await tools.shell({ command: 'ls -la src' })).toBe('ran: ls -la src');
    expect(await tools.weather({ city: 'Oslo' })).toBe('sunny in Oslo');
    expect(log).toEqual(['ls -la src']);
  });

  it.each(DENIED)('throws GuardViolationError with the envelope: %s', async (_, tool, args, rule) => {
    const log: string[] = [];
    const tools = protectAgent(shellTools(log), { guard, sessionId: 's-1', agentId: 'agent-7' });
    const call = (tools as unknown as Record<string, (a: unknown) => Promise<unknown>>)[tool]!;
    const err = await call(args).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GuardViolationError);
    const v = err as GuardViolationError;
    expect(v.code).toBe('AG_ERR_LIBRARY_GUARD_VIOLATION');
    expect(v.envelope).toMatchObject({
      allowed: false,
      verdict: 'DENY',
      tool_name: tool,
      session_id: 's-1',
      agent_id: 'agent-7',
      tokens_conserved: expect.any(Number),
      in_process_latency_us: expect.any(Number),
      remediation_hint: expect.any(String),
      reason: expect.any(String),
    });
    expect(v.envelope.rule_id.startsWith(rule)).toBe(true);
    expect(v.envelope).toHaveProperty('suggested_alternative');
    expect(v.envelope.signed_merkle_receipt).toBeUndefined();
    expect(JSON.parse(JSON.stringify(v))).toEqual(JSON.parse(JSON.stringify(v.envelope)));
    expect(log).toEqual([]);
  });

  it('signs the envelope when a signer is configured; the receipt verifies offline', async () => {
    const signer = createSigner(new Uint8Array(32).fill(7));
    const tools = protectAgent(shellTools([]), { guard, signer });
    const err = (await tools.shell({ command: 'rm -rf /' }).catch((e: unknown) => e)) as GuardViolationError;
    expect(err.envelope.signed_merkle_receipt).toMatch(/^ed25519:[0-9a-f]{128}$/);
    expect(err.envelope.merkle_seal).toMatch(/^0x[0-9a-f]{64}$/);
    expect(verifyReceipt(err.envelope.receipt, [signer.publicKey])).toMatchObject({ ok: true });
  });

  it('reports every decision to onDecision and leaves the caller objects alone', async () => {
    const events: ToolDecisionEvent[] = [];
    const original = shellTools([]);
    const args = { command: 'rm -rf /' };
    const tools = protectAgent(original, {
      guard,
      strict: false,
      onDecision: (e) => {
        events.push(e);
        throw new Error('observer errors are ignored');
      },
    });
    await tools.shell({ command: 'echo hi' });
    await tools.shell(args);
    expect(events.map((e) => [e.outcome, e.allowed])).toEqual([
      ['allow', true],
      ['violation', false],
    ]);
    expect(events[1]!.envelope?.rule_id).toBe('FS-AST-001');
    expect(args).toEqual({ command: 'rm -rf /' });
    expect(tools.shell).not.toBe(original.shell);
  });
});

describe('protectAgent (strict: false)', () => {
  it.each(DENIED)(
    'returns the feedback string and does not run the tool: %s',
    async (_, tool, args, rule) => {
      const log: string[] = [];
      const tools = protectAgent(shellTools(log), { guard, strict: false });
      const out = await (tools as unknown as Record<string, (a: unknown) => Promise<unknown>>)[tool]!(args);
      expect(isBlockFeedback(out)).toBe(true);
      expect(out).toContain(`rule: ${rule}`);
      expect(out).toMatch(/reason: .+/);
      expect(out).toMatch(/hint: .+/);
      expect(log).toEqual([]);
    },
  );

  it('names the suggested alternative when the engine has one', async () => {
    const tools = protectAgent(shellTools([]), { guard, strict: false });
    const out = String(await tools.shell({ command: 'rm -rf ~/project' }));
    // The alternative is the command, or the whole corrected call once the engine's tool-call entry point answers.
    expect(out).toMatch(/^suggested alternative: .*rm -rf \.\/project/m);
  });
});

describe('protectAgent inputs', () => {
  it('evaluates nested arguments and a bare string argument read by the tool name', async () => {
    const tools = protectAgent(
      { run: (a: { steps: { cmd: string }[] }) => a.steps.length, bash: (c: string) => c },
      { guard, strict: false },
    );
    expect(isBlockFeedback(await tools.run({ steps: [{ cmd: 'ls' }, { cmd: 'rm -rf /' }] }))).toBe(true);
    expect(isBlockFeedback(await tools.bash('rm -rf /'))).toBe(true);
    expect(await tools.bash('ls')).toBe('ls');
  });

  it('uses a custom inputsOf when given', async () => {
    const tools = protectAgent(
      { exec: (a: { program: string; argv: string[] }) => a.program },
      {
        guard,
        strict: false,
        inputsOf: (_, a) => [
          {
            text: [(a as { program: string }).program, ...(a as { argv: string[] }).argv].join(' '),
            runtime: 'bash',
          },
        ],
      },
    );
    expect(isBlockFeedback(await tools.exec({ program: 'rm', argv: ['-rf', '/'] }))).toBe(true);
  });

  it('waits for a guard still loading, and agentGuardOf rejects foreign objects', async () => {
    const tools = protectAgent(
      { t: (a: { command: string }) => a.command },
      { guard: Promise.resolve(guard) },
    );
    expect(await tools.t({ command: 'pwd' })).toBe('pwd');
    await agentGuardOf(tools).ready();
    expect(() => agentGuardOf({})).toThrow(TypeError);
  });

  it('rejects invalid options with AG_ERR_LIBRARY_OPTIONS_INVALID', () => {
    expect(() => protectAgent({}, { guard, strict: 'yes' as unknown as boolean })).toThrow(
      expect.objectContaining({ code: 'AG_ERR_LIBRARY_OPTIONS_INVALID' }),
    );
    expect(() => protectAgent({}, { guard, prices: { a: -1 } })).toThrow(
      expect.objectContaining({ code: 'AG_ERR_LIBRARY_OPTIONS_INVALID' }),
    );
  });
});
