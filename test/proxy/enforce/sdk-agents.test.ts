/**
 * Agent loops with real tools through the sidecar (enforce mode) against the local fake provider:
 * the Vercel AI SDK (ai + @ai-sdk/openai, chat and Responses models, generateText and streamText)
 * and the OpenAI Agents SDK (Runner, streamed and not). The denied call never executes; the
 * allowed one does; the run ends with the refusal the model was shown.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { Agent, OpenAIProvider, Runner, tool as agentTool } from '@openai/agents';
import { generateText, stepCountIs, streamText, tool } from 'ai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSidecar, type TestSidecar } from '../helpers.js';
import { DEFAULT_CALLS, startFakeProvider, type FakeProvider } from './fake-provider.js';

let provider: FakeProvider;
let sidecar: TestSidecar;

beforeAll(async () => {
  provider = await startFakeProvider();
  sidecar = await startSidecar({ proxy: { openaiUpstream: provider.url } });
});

afterAll(async () => {
  await sidecar.close();
  await provider.close();
});

interface Ran {
  shell: string[];
  weather: string[];
}

function vercelTools(ran: Ran) {
  return {
    run_shell: tool({
      description: 'Run a shell command',
      inputSchema: z.object({ command: z.string() }),
      execute: ({ command }) => {
        ran.shell.push(command);
        return Promise.resolve(`ran ${command}`);
      },
    }),
    get_weather: tool({
      description: 'Weather for a city',
      inputSchema: z.object({ city: z.string() }),
      execute: ({ city }) => {
        ran.weather.push(city);
        return Promise.resolve(`sunny in ${city}`);
      },
    }),
  };
}

describe('Vercel AI SDK (ai + @ai-sdk/openai)', () => {
  const openai = (): ReturnType<typeof createOpenAI> =>
    createOpenAI({ apiKey: 'sk-test', baseURL: `${sidecar.url}/openai/v1` });

  it.each(['chat', 'responses'] as const)('generateText (%s): the denied tool never runs', async (api) => {
    provider.calls = DEFAULT_CALLS;
    const ran: Ran = { shell: [], weather: [] };
    const model = api === 'chat' ? openai().chat('gpt-fake') : openai().responses('gpt-fake');
    const result = await generateText({
      model,
      prompt: 'check',
      tools: vercelTools(ran),
      stopWhen: stepCountIs(3),
    });
    expect(ran).toEqual({ shell: [], weather: ['Paris'] });
    expect(result.steps[0]!.text).toContain('agent-guard blocked the run_shell tool call');
    expect(result.steps[0]!.toolCalls.map((c) => c.toolName)).toEqual(['get_weather']);
    expect(result.text).toBe('All done.');
  });

  it.each(['chat', 'responses'] as const)('streamText (%s): the denied tool never runs', async (api) => {
    provider.calls = DEFAULT_CALLS;
    const ran: Ran = { shell: [], weather: [] };
    const model = api === 'chat' ? openai().chat('gpt-fake') : openai().responses('gpt-fake');
    const result = streamText({ model, prompt: 'check', tools: vercelTools(ran), stopWhen: stepCountIs(3) });
    let streamed = '';
    for await (const delta of result.textStream) streamed += delta;
    expect(ran).toEqual({ shell: [], weather: ['Paris'] });
    expect(streamed).toContain('agent-guard blocked the run_shell tool call');
    expect(await result.text).toBe('All done.');
  });

  it('every call denied: the loop ends after one step with the refusal', async () => {
    provider.calls = [DEFAULT_CALLS[0]!];
    const ran: Ran = { shell: [], weather: [] };
    const result = await generateText({
      model: openai().chat('gpt-fake'),
      prompt: 'check',
      tools: vercelTools(ran),
      stopWhen: stepCountIs(3),
    });
    expect(ran.shell).toEqual([]);
    expect(result.steps).toHaveLength(1);
    expect(result.finishReason).toBe('stop');
    expect(result.text).toContain('agent-guard blocked the run_shell tool call');
  });
});

describe('OpenAI Agents SDK', () => {
  function agent(ran: Ran): Agent {
    return new Agent({
      name: 'ops',
      instructions: 'Use tools.',
      model: 'gpt-fake',
      tools: [
        agentTool({
          name: 'run_shell',
          description: 'Run a shell command',
          parameters: z.object({ command: z.string() }),
          execute: ({ command }) => {
            ran.shell.push(command);
            return `ran ${command}`;
          },
        }),
        agentTool({
          name: 'get_weather',
          description: 'Weather for a city',
          parameters: z.object({ city: z.string() }),
          execute: ({ city }) => {
            ran.weather.push(city);
            return `sunny in ${city}`;
          },
        }),
      ],
    });
  }

  const runner = (useResponses: boolean): Runner =>
    new Runner({
      tracingDisabled: true,
      modelProvider: new OpenAIProvider({
        openAIClient: new OpenAI({ apiKey: 'sk-test', baseURL: `${sidecar.url}/openai/v1`, maxRetries: 0 }),
        useResponses,
      }),
    });

  it.each([
    ['responses', true, false],
    ['responses', true, true],
    ['chat', false, false],
    ['chat', false, true],
  ] as const)(
    '%s api (responses %s), streamed %s: the denied tool never runs',
    async (_api, useResponses, stream) => {
      provider.calls = DEFAULT_CALLS;
      const ran: Ran = { shell: [], weather: [] };
      const r = runner(useResponses);
      let finalOutput: unknown;
      if (stream) {
        const result = await r.run(agent(ran), 'check', { stream: true });
        await result.completed;
        finalOutput = result.finalOutput;
      } else {
        finalOutput = (await r.run(agent(ran), 'check')).finalOutput;
      }
      expect(ran).toEqual({ shell: [], weather: ['Paris'] });
      expect(finalOutput).toBe('All done.');
    },
  );

  it('every call denied: the run ends with the refusal as its final output', async () => {
    provider.calls = [DEFAULT_CALLS[0]!];
    const ran: Ran = { shell: [], weather: [] };
    const result = await runner(true).run(agent(ran), 'check');
    expect(ran.shell).toEqual([]);
    expect(String(result.finalOutput)).toContain('agent-guard blocked the run_shell tool call');
  });
});
