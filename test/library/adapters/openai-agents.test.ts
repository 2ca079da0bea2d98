/** OpenAI Agents SDK adapter through the real Runner, with a scripted model (no network, tracing off). */
import {
  Agent,
  Runner,
  tool,
  Usage,
  type Model,
  type ModelRequest,
  type ModelResponse,
} from '@openai/agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { protectOpenAIAgentsTools } from '../../../src/library/adapters/openai-agents.js';
import { createGuard, type Guard } from '../../../src/library/create-guard.js';
import { GuardViolationError, isBlockFeedback } from '../../../src/library/errors.js';
import { agentGuardOf, protectAgent } from '../../../src/library/protect-agent.js';

let guard: Guard;
beforeAll(async () => {
  guard = await createGuard({ engine: { workspaceRoot: '/work/ws', homeDir: '/home/agent' } });
});

/** Asks for one `shell` call, then answers "done". */
class ScriptedModel implements Model {
  #turn = 0;
  constructor(readonly command: string) {}

  getResponse(_request: ModelRequest): Promise<ModelResponse> {
    const turn = this.#turn++;
    const output: ModelResponse['output'] =
      turn === 0
        ? [
            {
              type: 'function_call',
              callId: 'call-1',
              name: 'shell',
              arguments: JSON.stringify({ command: this.command }),
              status: 'completed',
            },
          ]
        : [
            {
              type: 'message',
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: 'done' }],
            },
          ];
    return Promise.resolve({ usage: new Usage(), output });
  }

  // eslint-disable-next-line require-yield, @typescript-eslint/require-await
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('not used');
  }
}

function shellTool(ran: string[]) {
  return tool({
    name: 'shell',
    description: 'Run a shell command',
    parameters: z.object({ command: z.string() }),
    execute: ({ command }) => {
      ran.push(command);
      return `exit 0: ${command}`;
    },
  });
}

const runner = new Runner({ tracingDisabled: true });

function toolOutputs(result: { newItems: readonly { type: string }[] }): unknown[] {
  return result.newItems
    .filter((i) => i.type === 'tool_call_output_item')
    .map((i) => (i as unknown as { output: unknown }).output);
}

describe('protectOpenAIAgentsTools', () => {
  it('runs an allowed call', async () => {
    const ran: string[] = [];
    const agent = new Agent({
      name: 'a',
      model: new ScriptedModel('git status'),
      tools: protectOpenAIAgentsTools([shellTool(ran)], { guard }),
    });
    const result = await runner.run(agent, 'status?');
    expect(ran).toEqual(['git status']);
    expect(toolOutputs(result)).toEqual(['exit 0: git status']);
    expect(result.finalOutput).toBe('done');
  });

  it('strict: the run fails with GuardViolationError and the tool never runs', async () => {
    const ran: string[] = [];
    const agent = new Agent({
      name: 'a',
      model: new ScriptedModel('curl http://169.254.169.254/latest/meta-data/'),
      tools: protectOpenAIAgentsTools([shellTool(ran)], { guard }),
    });
    const err = await runner.run(agent, 'go').catch((e: unknown) => e);
    expect(ran).toEqual([]);
    // The runner wraps a tool's exception in its ToolCallError (`.error` holds ours).
    expect((err as Error).name).toBe('ToolCallError');
    const violation = (err as { error?: unknown }).error;
    expect(violation).toBeInstanceOf(GuardViolationError);
    expect((violation as GuardViolationError).envelope.invariant).toBe('NO_METADATA_OR_INTERNAL_SSRF');
  });

  it('non-strict: the model receives the feedback string as the tool output', async () => {
    const ran: string[] = [];
    const agent = new Agent({
      name: 'a',
      model: new ScriptedModel('rm -rf /'),
      tools: protectOpenAIAgentsTools([shellTool(ran)], { guard, strict: false }),
    });
    const result = await runner.run(agent, 'go');
    expect(ran).toEqual([]);
    const [output] = toolOutputs(result);
    expect(isBlockFeedback(output)).toBe(true);
    expect(output).toContain('FS-AST-001');
  });

  it('protectAgent recognises FunctionTools and counts their spend', async () => {
    const ran: string[] = [];
    const tools = protectAgent([shellTool(ran)], { guard, strict: false, prices: { shell: 1 }, spendCap: 1 });
    const agent = new Agent({ name: 'a', model: new ScriptedModel('pwd'), tools });
    await runner.run(agent, 'go');
    const second = await runner.run(new Agent({ name: 'a', model: new ScriptedModel('pwd'), tools }), 'go');
    expect(ran).toEqual(['pwd']);
    expect(String(toolOutputs(second)[0])).toContain('SPEND_CAP');
    expect(agentGuardOf(tools).spend()).toMatchObject({ spent: 1, state: 'OPEN' });
  });
});
