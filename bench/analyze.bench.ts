/**
 * Latency of analyze() alone (parse + fact extraction, no invariants, no cache) over a mixed set
 * of typical developer commands, and of the tree-sitter parse by itself for comparison.
 * Run: npx tsx bench/analyze.bench.ts
 */
import { analyze } from '../src/engine/analyze.js';
import { getParser, loadParsers } from '../src/engine/parse/index.js';

const BASE = [
  'git status',
  'git log --oneline -n 20',
  'git diff HEAD~1 -- src/index.ts',
  'git commit -m "fix: handle empty input"',
  'git push origin main',
  'git checkout -b feature/x',
  'git pull --rebase',
  'npm install',
  'npm run build',
  'npm test -- --watch=false',
  'npx tsc --noEmit',
  'npx vitest run test/engine',
  'yarn add lodash',
  'pnpm -r build',
  'grep -rn "TODO" src/',
  'grep -v "^#" config.ini | sort | uniq -c',
  'rg --files-with-matches useState src',
  'find . -name "*.ts" -not -path "./node_modules/*"',
  'find . -type f -name "*.log" -mtime +7 -delete',
  'find src -name "*.test.ts" -exec wc -l {} +',
  'make -j4 all',
  'make clean && make',
  'cmake -S . -B build && cmake --build build',
  'docker ps -a',
  'docker build -t app:latest .',
  'docker compose up -d',
  'docker logs -f web',
  'kubectl get pods -n default',
  'kubectl describe deployment api',
  'kubectl logs -f deploy/api --tail=100',
  'kubectl apply -f k8s/',
  'curl -s https://api.github.com/repos/nodejs/node | jq .stargazers_count',
  'curl -fsSL https://registry.npmjs.org/react -o react.json',
  'wget https://example.com/file.tar.gz',
  'ls -la',
  'ls -lh dist/ | head',
  'cat package.json',
  'cat README.md | wc -l',
  'head -n 50 src/server.ts',
  'tail -f logs/app.log',
  'mkdir -p build/out',
  'rm -rf ./build',
  'rm -f *.o',
  'cp -r src/ backup/',
  'mv old.txt new.txt',
  'chmod +x scripts/run.sh',
  'echo "hello world"',
  'echo $PATH',
  'export NODE_ENV=production',
  'cd src && ls',
  'python3 -m venv .venv',
  'pip install -r requirements.txt',
  'python3 manage.py migrate',
  'pytest -q tests/',
  'go build ./...',
  'go test ./... -race',
  'cargo build --release',
  'cargo test',
  'tar -czf dist.tgz dist/',
  'tar -xzf archive.tar.gz -C /tmp/extract',
  'unzip -o release.zip -d out',
  'du -sh node_modules',
  'df -h',
  'ps aux | grep node',
  'top -b -n 1 | head -20',
  'sed -n "1,20p" src/app.ts',
  "sed -i 's/foo/bar/g' src/config.ts",
  "awk '{print $1}' access.log | sort | uniq -c | sort -rn | head",
  'xargs -n1 echo < list.txt',
  'diff -u a.txt b.txt',
  'ssh deploy@server.example.com uptime',
  'scp dist.tgz deploy@server.example.com:/srv/',
  'rsync -avz ./public/ server.example.com:/var/www/',
  'for f in *.md; do echo "$f"; done',
  'while read -r line; do echo "$line"; done < input.txt',
  'if [ -f .env ]; then source .env; fi',
  'node scripts/build.js --prod',
  'node -e "console.log(process.version)"',
  'jq ".dependencies | keys" package.json',
  'openssl rand -hex 16',
  'date +%Y-%m-%d',
  'which node',
  'env | grep NODE',
  'touch src/new-file.ts',
  'code .',
  'psql -c "select 1"',
  'terraform plan -out tf.plan',
  'helm upgrade --install api ./chart -f values.yaml',
  'aws s3 ls s3://my-bucket/',
  'gh pr list --state open',
];

async function main(): Promise<void> {
  await loadParsers();
  // 200+ commands: the base set and variants with different arguments.
  const commands = [
    ...BASE,
    ...BASE.map((c, i) => c.replace(/src/g, 'lib').replace(/ -n 20/, ` -n ${i}`)),
    ...BASE.slice(0, 20),
  ];
  const limits = { maxInputBytes: 256 * 1024, maxDepth: 8 };
  for (let i = 0; i < 20; i++) for (const c of commands) analyze(c, 'bash', limits);

  const measure = (fn: (c: string) => unknown): { p50: number; p99: number; opsPerSec: number } => {
    const samples: number[] = [];
    const start = process.hrtime.bigint();
    for (let round = 0; round < 20; round++) {
      for (const c of commands) {
        const t0 = process.hrtime.bigint();
        fn(c);
        samples.push(Number(process.hrtime.bigint() - t0) / 1000);
      }
    }
    const total = Number(process.hrtime.bigint() - start) / 1e9;
    samples.sort((a, b) => a - b);
    return {
      p50: samples[Math.floor(samples.length / 2)]!,
      p99: samples[Math.floor(samples.length * 0.99)]!,
      opsPerSec: samples.length / total,
    };
  };

  const parser = getParser('bash');
  const parse = measure((c) => parser.parse(c));
  const full = measure((c) => analyze(c, 'bash', limits));
  const fmt = (r: { p50: number; p99: number; opsPerSec: number }): string =>
    `p50 ${r.p50.toFixed(1)} µs  p99 ${r.p99.toFixed(1)} µs  ${Math.round(r.opsPerSec)} ops/s`;
  console.log(`commands: ${commands.length} (x20 rounds)`);
  console.log(`tree-sitter parse only : ${fmt(parse)}`);
  console.log(`analyze (parse+facts)  : ${fmt(full)}`);
}

await main();
