// The fast path must build exactly tree-sitter-bash's tree for every line it accepts.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseBashFast } from '../../../src/engine/parse/bash-fast.js';
import { loadParsers, parseSyntax } from '../../../src/engine/parse/index.js';

beforeAll(async () => {
  await loadParsers();
});

const ACCEPTED = [
  'git status',
  'git log --oneline -n 20',
  'git commit -m "fix: handle empty input"',
  "git commit -m 'wip'",
  'npm run build',
  'npx vitest run test/engine',
  'grep -rn "TODO" src/',
  'grep -v "^#" config.ini | sort | uniq -c',
  'docker ps -a',
  'kubectl get pods -n default',
  'kubectl logs -f deploy/api --tail=100',
  'curl -s https://api.github.com/repos/nodejs/node | jq .stargazers_count',
  'make -j4 all',
  'make clean && make',
  'ls -la',
  'cd src && ls',
  'rm -rf ./build',
  'cp -r src/ backup/',
  'chmod +x scripts/run.sh',
  'echo "hello world"',
  'sleep -1 007 10 1e5 3.14 0x1F',
  'cut -d" " -f1 file',
  'awk -F" " x',
  'a " " "  a" "a " "_" ""',
  "a 'x''y' \"p\"'q' --x=\"y z\" -d' '",
  'a | b && c || d | e',
  'a;b',
  'a; b;',
  'a && b;',
  '  git   status  ',
  'ssh deploy@server.example.com uptime',
  'tar -xzf archive.tar.gz -C /tmp/extract',
  'find . -type f -name x -delete',
  'node scripts/build.js --prod',
  'x ~/a b~c a,b %s ^a +1 a:b @x',
];

const REJECTED = [
  '',
  'echo $HOME',
  'echo "$HOME"',
  'ls *.ts',
  'ls > out',
  'cat < in',
  'a & b',
  'a |& b',
  'X=1 cmd',
  'if true; then :; fi',
  'echo `id`',
  'echo $(id)',
  'echo {a,b}',
  'echo \\x',
  'echo "a\\"b"',
  "echo 'a\nb'",
  'a\nb',
  'echo # comment',
  '[ -f x ]',
  'export A=1',
  'time ls',
  '! ls',
  'f() { :; }',
  'echo "unterminated',
  "echo 'unterminated",
  'echo "!x"',
  'éé',
];

describe('parseBashFast', () => {
  it.each(ACCEPTED)('%j: same tree as tree-sitter', (text) => {
    const fast = parseBashFast(text);
    expect(fast).not.toBeNull();
    expect(fast).toEqual(parseSyntax('bash', text));
  });

  it.each(REJECTED)('%j: left to tree-sitter', (text) => {
    expect(parseBashFast(text)).toBeNull();
  });

  it('every line it accepts from a generated mix matches tree-sitter', () => {
    const parts = [
      'git',
      'status',
      '-n',
      '20',
      '"a b"',
      "'c d'",
      '" "',
      '--x=1',
      'a"b"',
      '|',
      '&&',
      '||',
      ';',
      'x/y',
      '~/z',
    ];
    let accepted = 0;
    for (let seed = 1; seed < 3000; seed++) {
      let s = seed;
      const words: string[] = [];
      const len = 1 + (seed % 7);
      for (let k = 0; k < len; k++) {
        s = (s * 1103515245 + 12345) & 0x7fffffff;
        words.push(parts[s % parts.length]!);
      }
      const text = words.join(seed % 3 === 0 ? '' : ' ');
      const fast = parseBashFast(text);
      if (fast === null) continue;
      accepted++;
      expect(fast, text).toEqual(parseSyntax('bash', text));
    }
    expect(accepted).toBeGreaterThan(100);
  });
});
