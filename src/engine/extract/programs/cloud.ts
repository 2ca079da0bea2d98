/**
 * Cloud CLIs that run code elsewhere (issue 22 r7): `aws ssm send-command` hands shell commands to
 * running instances (AWS-RunShellScript, AWS-RunPowerShellScript). The commands are analysed as the
 * shell lines they are, so a download piped to sh on a fleet is judged as it would be here; boto3
 * and the v3 SDK reach the same line through code/sdk.ts.
 */
import type { Invocation, Word } from '../bash/model.js';
import type { ProgramHandler } from './types.js';

/** The value of `--name value` or `--name=value`. */
function optionWord(argv: readonly Word[], name: string): Word | undefined {
  for (let i = 1; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === name) return argv[i + 1];
    if (t.startsWith(`${name}=`)) return { ...argv[i]!, text: t.slice(name.length + 1) };
  }
  return undefined;
}

/** The `commands` of SSM parameters, as JSON (`{"commands": [...]}`) or shorthand (`commands=[...]`, `commands=x`). */
export function ssmCommands(parameters: string): string[] {
  try {
    const doc = JSON.parse(parameters) as { commands?: unknown };
    const list = Array.isArray(doc.commands) ? doc.commands : [doc.commands];
    return list.filter((c): c is string => typeof c === 'string');
  } catch {
    const m = /(?:^|,)\s*commands\s*=\s*(.*)$/s.exec(parameters);
    if (m === null) return [];
    const value = m[1]!.trim();
    if (value.startsWith('[')) {
      try {
        const list = JSON.parse(value) as unknown;
        if (Array.isArray(list)) return list.filter((c): c is string => typeof c === 'string');
      } catch {
        return [value.slice(1, value.endsWith(']') ? -1 : undefined).replace(/^["']|["']$/g, '')];
      }
    }
    return [value.replace(/^["']|["']$/g, '')];
  }
}

/** `aws ssm send-command --parameters '{"commands": [...]}'`: each command as a shell line on the instances. */
const aws: ProgramHandler = (inv: Invocation, kit) => {
  const words = inv.argv.map((w) => w.text);
  const at = words.indexOf('send-command');
  if (at > 0 && words.slice(1, at).includes('ssm')) {
    const params = optionWord(inv.argv, '--parameters');
    if (params !== undefined)
      for (const cmd of ssmCommands(params.text))
        kit.nested(cmd, 'bash', params.span, 'aws ssm send-command');
  }
  kit.genericArgs(inv, inv.argv.slice(1));
  return undefined;
};

export const CLOUD_HANDLERS: Readonly<Record<string, ProgramHandler>> = { aws, awslocal: aws };
