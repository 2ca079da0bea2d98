/**
 * What the engine is asked about each tool call a provider response proposes: the tool's name and
 * its arguments, read the way MCP `tools/call` and `/api/v1/gate` TOOL_CALL read them (the engine's
 * tool-call entry point). Arguments that should be JSON but are not (a truncated stream, a model
 * that wrote broken JSON) are reported as malformed, so the caller denies them (fail closed).
 */

export type ProviderName = 'openai' | 'anthropic';

export interface ProposedCall {
  readonly provider: ProviderName;
  /** The item or block type (`tool_calls`, `function_call`, `shell_call`, `tool_use`, ...). */
  readonly kind: string;
  readonly name: string;
  readonly arguments: unknown;
  /** The provider's call id, when it has one (for logs and the refusal text). */
  readonly id?: string | undefined;
  /** Set when the call could not be read: it is denied with this reason. */
  readonly malformed?: string | undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * JSON-text arguments (OpenAI function calls, Anthropic streamed `input_json_delta`): empty means
 * no arguments; anything else must parse to a JSON object.
 */
export function parseJsonArguments(text: string): { value: unknown } | { malformed: string } {
  if (text.trim() === '') return { value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return {
      malformed: `its arguments are not complete JSON (${text.length} characters, malformed or cut off)`,
    };
  }
  if (!isObject(value)) return { malformed: 'its arguments are JSON but not an object' };
  return { value };
}

function fromJsonText(base: Omit<ProposedCall, 'arguments' | 'malformed'>, text: string): ProposedCall {
  const parsed = parseJsonArguments(text);
  return 'value' in parsed
    ? { ...base, arguments: parsed.value }
    : { ...base, arguments: text, malformed: parsed.malformed };
}

/**
 * A custom tool's free-text input, read as code (`{ code: text }`): the engine runs it in the
 * runtime the tool's name suggests (`exec`, `shell` → bash, `python` → python; none → plain text).
 */
function customInput(input: unknown): Record<string, unknown> {
  return { code: str(input) ?? '' };
}

/** One entry of an OpenAI chat `message.tool_calls` (function or custom tool). */
export function chatToolCall(call: unknown): ProposedCall | null {
  if (!isObject(call)) return null;
  const id = str(call.id);
  if (isObject(call.custom)) {
    const name = str(call.custom.name) ?? '';
    return { provider: 'openai', kind: 'custom', name, id, arguments: customInput(call.custom.input) };
  }
  const fn = isObject(call.function) ? call.function : {};
  return fromJsonText(
    { provider: 'openai', kind: 'function', name: str(fn.name) ?? '', id },
    str(fn.arguments) ?? '',
  );
}

/** The legacy chat `function_call` member. */
export function chatFunctionCall(call: unknown): ProposedCall | null {
  if (!isObject(call)) return null;
  return fromJsonText(
    { provider: 'openai', kind: 'function_call', name: str(call.name) ?? '' },
    str(call.arguments) ?? '',
  );
}

/** Responses API output item types that propose something for the agent (or a server) to run. */
export const RESPONSES_CALL_TYPES: ReadonlySet<string> = new Set([
  'function_call',
  'custom_tool_call',
  'shell_call',
  'local_shell_call',
  'computer_call',
]);

/** A command an action carries (`command` as text or argv, or `commands`), or undefined. */
function actionCommand(action: Record<string, unknown>): unknown {
  if (typeof action.command === 'string' || Array.isArray(action.command)) return action.command;
  if (Array.isArray(action.commands)) return action.commands;
  return undefined;
}

/** A Responses API output item, or null when it proposes nothing the engine judges. */
export function responsesItemCall(item: unknown): ProposedCall | null {
  if (!isObject(item) || typeof item.type !== 'string' || !RESPONSES_CALL_TYPES.has(item.type)) return null;
  const id = str(item.call_id) ?? str(item.id);
  const base = { provider: 'openai' as const, kind: item.type, id };
  const action = isObject(item.action) ? item.action : {};
  switch (item.type) {
    case 'function_call':
      return fromJsonText({ ...base, name: str(item.name) ?? '' }, str(item.arguments) ?? '');
    case 'custom_tool_call':
      return { ...base, name: str(item.name) ?? '', arguments: customInput(item.input) };
    case 'shell_call': {
      // The hosted shell tool: a list of command lines run in order, i.e. one script.
      const commands = Array.isArray(action.commands) ? action.commands : [];
      if (!commands.every((c) => typeof c === 'string'))
        return { ...base, name: 'shell', arguments: action, malformed: 'its commands are not text' };
      return { ...base, name: 'shell', arguments: { command: commands.join('\n') } };
    }
    case 'local_shell_call': {
      // `action.command` is an argv (exec without a shell); the engine reads an array command as one.
      const command = actionCommand(action);
      if (command === undefined)
        return { ...base, name: 'local_shell', arguments: action, malformed: 'it names no command' };
      const args: Record<string, unknown> = { command };
      if (typeof action.working_directory === 'string') args.working_directory = action.working_directory;
      return { ...base, name: 'local_shell', arguments: args };
    }
    default: {
      // computer_call: clicks and key presses are not commands; an action that carries one is judged.
      const command = actionCommand(action);
      return command === undefined ? null : { ...base, name: 'computer', arguments: { command } };
    }
  }
}

/** Anthropic content block types that propose a tool run (client tools, server tools, MCP connector). */
export const ANTHROPIC_CALL_TYPES: ReadonlySet<string> = new Set([
  'tool_use',
  'server_tool_use',
  'mcp_tool_use',
]);

/** An Anthropic content block; `json` is the streamed input text when the block was streamed. */
export function anthropicBlockCall(block: unknown, json?: string): ProposedCall | null {
  if (!isObject(block) || typeof block.type !== 'string' || !ANTHROPIC_CALL_TYPES.has(block.type))
    return null;
  const base = {
    provider: 'anthropic' as const,
    kind: block.type,
    name: str(block.name) ?? '',
    id: str(block.id),
  };
  if (json !== undefined && json !== '') return fromJsonText(base, json);
  return { ...base, arguments: isObject(block.input) ? block.input : {} };
}
