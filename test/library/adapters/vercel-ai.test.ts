/** Vercel AI SDK adapter through the real `ai` generateText loop, with a mock language model. */
import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { protectVercelTools } from '../../../src/library/adapters/vercel-ai.js';
import { createGuard, type Guard } from '../../../src/library/create-guard.js';
import { GuardViolationError, isBlockFeedback } from '../../../src/library/errors.js';

let guard: Guard;
beforeAll(async () => {
  guard = await createGuard({ engine: { workspaceRoot: '/work/ws', homeDir: '/home/agent' } });
});

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A model that asks for one `shell` call, then answers with text. */
function modelCalling(command: string): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: [
      {
        content: [
          { type: 'tool-call', toolCallId: 'call-1', toolName: 'shell', input: JSON.stringify({ command }) },
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      },
      {
        content: [{ type: 'text', text: 'done' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      },
    ],
  });
}

function tools(ran: string[]) {
  return {
    shell: tool({
      description: 'Run a shell command',
      inputSchema: z.object({ command: z.string() }),
      execute: ({ command }) => {
        ran.push(command);
        return `exit 0: ${command}`;
      },
    }),
  };
}

function toolParts(result: { steps: readonly { content: readonly { type: string }[] }[] }) {
  return result.steps[0]!.content.filter((p) => p.type === 'tool-result' || p.type === 'tool-error');
}

describe('protectVercelTools', () => {
  it('lets an allowed call run and returns its output to the model', async () => {
    const ran: string[] = [];
    const result = await generateText({
      model: modelCalling('ls -la'),
      tools: protectVercelTools(tools(ran), { guard }),
      prompt: 'list files',
      stopWhen: stepCountIs(2),
    });
    expect(ran).toEqual(['ls -la']);
    expect(toolParts(result)).toMatchObject([{ type: 'tool-result', output: 'exit 0: ls -la' }]);
    expect(result.text).toBe('done');
  });

  it('strict: the tool errors with GuardViolationError and never runs', async () => {
    const ran: string[] = [];
    const result = await generateText({
      model: modelCalling('rm -rf /'),
      tools: protectVercelTools(tools(ran), { guard }),
      prompt: 'clean up',
      stopWhen: stepCountIs(2),
    });
    expect(ran).toEqual([]);
    const [part] = toolParts(result);
    expect(part?.type).toBe('tool-error');
    const error = (part as unknown as { error: unknown }).error;
    expect(error).toBeInstanceOf(GuardViolationError);
    expect((error as GuardViolationError).envelope.rule_id).toBe('FS-AST-001');
  });

  it('non-strict: the model receives the feedback string as the tool output', async () => {
    const ran: string[] = [];
    const result = await generateText({
      model: modelCalling('rm -rf /'),
      tools: protectVercelTools(tools(ran), { guard, strict: false }),
      prompt: 'clean up',
      stopWhen: stepCountIs(2),
    });
    expect(ran).toEqual([]);
    const [part] = toolParts(result);
    expect(part?.type).toBe('tool-result');
    const output = (part as unknown as { output: unknown }).output;
    expect(isBlockFeedback(output)).toBe(true);
    expect(output).toContain('FS-AST-001');
  });

  it('keeps a streaming tool (async generator) streaming, and leaves the original tools untouched', async () => {
    const original = {
      count: tool({
        inputSchema: z.object({ n: z.number() }),
        async *execute({ n }) {
          for (let i = 1; i <= n; i++) yield await Promise.resolve(i);
        },
      }),
    };
    const wrapped = protectVercelTools(original, { guard: Promise.resolve(guard) });
    const out: unknown[] = [];
    // First call may come before the guard promise settles: the adapter still returns an iterable.
    const iterable = wrapped.count.execute!(
      { n: 3 },
      { toolCallId: 'x', messages: [] },
    ) as AsyncIterable<number>;
    for await (const v of iterable) out.push(v);
    expect(out).toEqual([1, 2, 3]);
    expect(wrapped.count).not.toBe(original.count);
    expect(wrapped.count.inputSchema).toBe(original.count.inputSchema);
  });
});
