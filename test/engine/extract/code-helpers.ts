// Shared helpers for the python and node extractor tests: facts by kind, compact keys, fixtures.
import { readFileSync } from 'node:fs';
import { analyze } from '../../../src/engine/analyze.js';
import type { DataSink, DataSource, Fact, FactKind, FactOf } from '../../../src/engine/facts.js';
import type { Runtime } from '../../../src/engine/types.js';

export const LIMITS = { maxInputBytes: 256 * 1024, maxDepth: 8 };

export function facts(text: string, runtime: Runtime): readonly Fact[] {
  return analyze(text, runtime, LIMITS);
}

export function of<K extends FactKind>(text: string, runtime: Runtime, kind: K): FactOf<K>[] {
  return facts(text, runtime).filter((f): f is FactOf<K> => f.kind === kind);
}

export function sourceKey(s: DataSource): string {
  switch (s.kind) {
    case 'file':
      return `file:${s.path}`;
    case 'env':
      return `env:${s.name ?? '*'}`;
    case 'net':
      return `net:${s.host}`;
    case 'decoded':
      return 'decoded';
    case 'output':
      return `output:${s.program}`;
    case 'page':
      return `page:${s.what}`;
  }
}

export function sinkKey(s: DataSink): string {
  return s.kind === 'exec' ? `exec:${s.program}` : `${s.kind}:${s.kind === 'file' ? s.path : s.host}`;
}

/** Compact one-line keys for the facts a test asserts on. */
export function keys(text: string, runtime: Runtime): string[] {
  const out: string[] = [];
  for (const f of facts(text, runtime)) {
    switch (f.kind) {
      case 'exec':
        out.push(
          `exec:${f.argv.join(' ')}${f.via ? ` via=${f.via}` : ''}${f.stdinInteractive ? ' tty' : ''}`,
        );
        break;
      case 'file':
        out.push(
          `file:${f.op}:${f.path}${f.recursive ? ' -r' : ''}${f.mode ? ` mode=${f.mode}` : ''}${f.owner ? ` owner=${f.owner}` : ''}`,
        );
        break;
      case 'net':
        out.push(
          `net:${f.direction}:${f.host}${f.port !== undefined ? `:${f.port}` : ''}${f.sends ? ' sends' : ''}`,
        );
        break;
      case 'flow':
        out.push(`flow:${sourceKey(f.from)}->${sinkKey(f.to)}`);
        break;
      case 'loop':
        out.push(
          `loop:${f.unbounded ? 'unbounded' : 'bounded'}${f.sleeps ? ' sleeps' : ''}${f.exits ? ' exits' : ''}${f.forks ? ' forks' : ''}`,
        );
        break;
      case 'sql':
        out.push(`sql:${f.statement}`);
        break;
      case 'literal':
        out.push(`literal:${f.text}${f.egress ? ' egress' : ''}`);
        break;
      case 'unparsed':
        out.push('unparsed');
        break;
      default:
        out.push(f.kind);
    }
  }
  return out;
}

export function fixture(path: string): string {
  return readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8');
}
