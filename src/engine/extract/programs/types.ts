/**
 * What a program handler sees and may do. Handlers know one program's command line (which
 * arguments are files, hosts, nested code) and report through the toolkit the bash walker gives.
 */
import type { DataSink, DataSource } from '../../facts.js';
import type { Runtime, Span } from '../../types.js';
import type { Invocation, Stream, Word } from '../bash/model.js';
import type { FactSink } from '../bash/sink.js';

export interface Toolkit {
  readonly sink: FactSink;
  /** Runs `argv` as a command started by `via` (sudo, xargs, find -exec ...): its own ExecFact and handler. */
  run(argv: readonly Word[], span: Span, stdin: Stream, via: string): Stream;
  /** Re-enters the engine for code held in a literal (`bash -c '...'`, `python -c`, `psql -c`). */
  nested(code: string, runtime: Runtime, span: Span, via: string): void;
  /** The program reads a file: emits the FileOpFact and returns what the content carries. */
  read(path: Word, actor: string): readonly DataSource[];
  /** The program writes a file with data carrying `sources` (curl -o, tee, dd of=). */
  write(
    path: Word,
    actor: string,
    op: 'write' | 'append' | 'create' | 'truncate' | 'copy' | 'move',
    sources: readonly DataSource[],
    recursive?: boolean,
    /** The data written, when it is a stream whose text may be known (`echo code > x.sh`, tee). */
    content?: Stream | null,
  ): void;
  /** A FileOpFact that neither reads nor writes data (delete, chmod, chown, link, execute). */
  fileOp(
    path: Word,
    actor: string,
    op: 'delete' | 'chmod' | 'chown' | 'link' | 'execute',
    recursive: boolean,
    extra?: { mode?: string; owner?: string },
  ): void;
  /** What an earlier command of this input wrote into `path` (curl -o x.sh; sh x.sh). */
  written(path: string): readonly DataSource[];
  /** The exact text an earlier command of this input wrote into `path`, when it is known statically. */
  writtenText(path: Word): { text: string; span: Span } | null;
  /**
   * What reading `path` yields when this input knows it: `stdin` for /dev/stdin and /dev/fd/0,
   * a `<(cmd)` word's output, or the text an earlier command wrote there; null otherwise.
   */
  contentOf(path: Word, stdin: Stream): Stream | null;
  /** The paths earlier commands of this input wrote (sitecustomize.py, m.py ...). */
  writtenPaths(): readonly string[];
  /** `NAME=value` given to a program by a wrapper (`env BASH_ENV=f bash`): code the variable runs. */
  codeInEnvironment(assignment: Word, actor: string): void;
  /** `ln [-s] TARGET NAME`: later paths of this input under NAME resolve to TARGET. */
  symlink(name: Word, target: Word): void;
  /** Assignments (`X='v'` lines) from the command's environment that `code` names, for a child shell. */
  environmentFor(code: string): string;
  /** `cd DIR` (undefined: home): later relative paths of this input resolve against it. */
  chdir(dir: Word | undefined): void;
  /** `read NAME`: the variable now holds data carrying `sources`. */
  assign(name: string, sources: readonly DataSource[]): void;
  /** Emits one flow per source. */
  flow(sources: readonly DataSource[], to: DataSink, span: Span): void;
  /** Marks the literals of `stream` and words as leaving over the network. */
  egress(stream: Stream | null, words: readonly Word[]): void;
  /** The generic reading of arguments: path-like ones are reads, URLs are network targets. */
  genericArgs(inv: Invocation, words: readonly Word[]): readonly DataSource[];
}

/**
 * A handler returns the command's standard output, or undefined for the default: what it read,
 * what came in on stdin, and `output(program)`.
 */
export type ProgramHandler = (inv: Invocation, kit: Toolkit) => Stream | undefined;
