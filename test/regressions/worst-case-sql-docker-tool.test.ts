/**
 * bench/worst-case.bench.ts (issue 22): SQL, docker and tool-call inputs at the 256 KiB cap took
 * 0.2-4 s because the work budget charged them as plain parses (libpg-query, the yaml library,
 * per-command and per-argument rule work cost 5-20x more). They are now charged what they cost
 * and stop at the budget (ENG-AST-002); deeply nested compose YAML is refused before parsing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import type { EntryPoint } from '../../src/engine/types.js';
import { testEngine } from '../helpers/engine.js';

let engine: Engine;
beforeAll(async () => {
  engine = await testEngine({ config: { cacheEntries: 0 } });
});

const CAP = 256 * 1024;
const fill = (unit: string, head = ''): string =>
  head + unit.repeat(Math.floor((CAP - 64 - head.length) / unit.length));

function outcome(runtime: EntryPoint, text: string): string {
  try {
    const d =
      runtime === 'tool_call'
        ? engine.validateToolCall(JSON.parse(text) as { name: string; arguments: unknown })
        : engine.evaluate({ text, runtime });
    return d.decision.allowed
      ? 'allow'
      : (d.decision.findings.find((f) => f.ruleId === 'ENG-AST-002')?.ruleId ?? 'deny');
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
}

describe('inputs at the size cap stop at the work budget', () => {
  it.each<[string, EntryPoint, () => string, string]>([
    ['valid SQL statements', 'sql', () => fill('SELECT id, name FROM users WHERE id = 1;\n'), 'ENG-AST-002'],
    ['executable comments', 'sql', () => fill('/*! DROP TABLE t */ ;'), 'ENG-AST-002'],
    ['docker run lines', 'docker', () => fill('docker run -v ./a:/a --rm alpine ls\n'), 'ENG-AST-002'],
    ['Dockerfile RUN lines', 'docker', () => fill('RUN echo hi && ls\n', 'FROM alpine\n'), 'ENG-AST-002'],
    [
      'compose services',
      'docker',
      () => {
        let out = 'services:\n';
        for (let i = 0; out.length < CAP - 200; i++)
          out += `  s${i}:\n    image: alpine\n    volumes: ["./a:/a"]\n`;
        return out;
      },
      'ENG-AST-002',
    ],
    [
      'compose deep nesting',
      'docker',
      () => 'services:\n  a: ' + '['.repeat(1500) + '1' + ']'.repeat(1500),
      'AG_ERR_INPUT_TOO_DEEP',
    ],
    [
      'tool call with many command fields',
      'tool_call',
      () =>
        JSON.stringify({
          name: 'run',
          arguments: Array.from({ length: 9000 }, () => ({ command: 'ls -la' })),
        }),
      'ENG-AST-002',
    ],
  ])('%s', (_name, runtime, text, want) => {
    expect(outcome(runtime, text())).toBe(want);
  });

  it('ordinary sizes are still analysed', () => {
    expect(outcome('sql', 'SELECT id FROM users WHERE id = 1;\n'.repeat(200))).toBe('allow');
    expect(outcome('docker', 'services:\n  app:\n    image: alpine\n    volumes: ["./a:/a"]\n')).toBe(
      'allow',
    );
    expect(outcome('docker', 'docker run --rm alpine ls\n'.repeat(100))).toBe('allow');
  });
});
