/**
 * Commands handed to another agent (red team R20: `delegate_task {agent: "ops-agent", instructions:
 * "run: aws s3 rm s3://acme-prod-data --recursive", auto_approve: true}`): the agent that takes the
 * task runs what its instructions say, so each command they give (a code span, a fenced block, the
 * words after `run:`) is judged as if this call ran it. A task in plain prose, or a command the
 * instructions forbid (`never run ...`), gives nothing.
 */
import { type CliEquivalent } from './cli.js';
import { wordSet, type Gate } from './signals.js';

/** Name words of a call that hands work to another agent. */
const DELEGATE =
  /^(?:delegate|delegation|subagent|subagents|handoff|hand|agent|agents|worker|assistant|crew|swarm)$/;
/** Keys of the text the other agent follows. */
const TASK_KEY =
  /^(?:instructions?|prompt|task|task_description|goal|objective|message|request|query|steps|plan|todo|brief)$/;
/** The words after a run verb, to the end of the sentence or line. */
const RUN = /\b(?:run|execute|exec|invoke)\b\s*:\s*([^\n;]+)/gi;
/** A prohibition in the same clause before the command (`never run ...`, `do not execute ...`). */
const NEGATED = /\b(?:never|do\s+not|don't|must\s+not|mustn't|avoid)\b[^.;\n]{0,40}$/i;
/** A command's first word: a program name, path or assignment, not prose. */
const PROGRAM = /^(?:sudo\s+)?[a-z][\w.+/-]*(?:\s|$)/;

/** Commands a task's text gives: fenced blocks, code spans and `run: ...` clauses, bounded. */
function commands(text: string): string[] {
  if (text.length > 65536) return [];
  const out: string[] = [];
  const add = (cmd: string, at: number): void => {
    const c = cmd.trim().replace(/[.!]+$/, '');
    if (out.length < 16 && PROGRAM.test(c) && !NEGATED.test(text.slice(Math.max(0, at - 60), at)))
      out.push(c);
  };
  for (const m of text.matchAll(/```[\w-]*\n([\s\S]*?)```/g))
    for (const l of m[1]!.split('\n')) add(l.replace(/^\s*\$\s+/, ''), m.index);
  const prose = text.replace(/```[\s\S]*?```/g, ' ');
  for (const m of prose.matchAll(/`([^`\n]+)`/g)) add(m[1]!, m.index);
  for (const m of prose.replace(/`[^`\n]*`/g, ' ').matchAll(RUN)) add(m[1]!, m.index);
  return out;
}

/** When delegatedLines can answer (signals.ts): a name word of handing work to an agent. */
export const DELEGATED_GATE: Gate = {
  name: wordSet(
    'delegate delegation subagent subagents handoff hand agent agents worker assistant crew swarm',
  ),
};

export function delegatedLines(w: readonly string[], f: Map<string, unknown>): CliEquivalent[] {
  if (!w.some((x) => DELEGATE.test(x))) return [];
  const out: CliEquivalent[] = [];
  for (const [k, v] of f) {
    if (!TASK_KEY.test(k)) continue;
    const texts: string[] =
      typeof v === 'string'
        ? [v]
        : Array.isArray(v)
          ? v.filter((x): x is string => typeof x === 'string')
          : [];
    for (const t of texts.slice(0, 16)) for (const c of commands(t)) out.push({ code: c, runtime: 'bash' });
  }
  return out;
}
