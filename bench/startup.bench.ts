/**
 * Start-up (issue 6: "ready to serve in well under a second"; every CLI call pays it too, e.g. a
 * coding agent's pre-tool-use hook runs `agent-guard hook` once per tool call). For the bundled CLI
 * (dist/bundle/main.js, what the bin and the image run) and, for comparison, tsc's unbundled
 * dist/cli/main.js:
 *   serve     process start → first 200 from /health (wall), and the CPU the process had used by then
 *   commands  `--version`, `validate -- ls -la`, and `hook claude-code` with a small payload (wall)
 * Runs are interleaved; medians and the slowest run are printed. Build first: `npm run build`.
 * Run: npx tsx bench/startup.bench.ts [runs per case, default 7]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { median } from './lib/load.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENTRIES = { bundle: 'dist/bundle/main.js', unbundled: 'dist/cli/main.js' } as const;
type Entry = keyof typeof ENTRIES;

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ = 100
}

function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/health', timeout: 200 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

async function serveOnce(entry: Entry, port: number): Promise<{ wallMs: number; cpuMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [ENTRIES[entry], 'serve'], {
    cwd: ROOT,
    env: { ...process.env, AGENT_GUARD_PORT: String(port), AGENT_GUARD_LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${entry} serve exited with ${child.exitCode}`);
      if (performance.now() - started > 15_000) throw new Error(`${entry} serve not ready after 15 s`);
      if (await healthy(port)) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    return { wallMs: performance.now() - started, cpuMs: cpuMs(child.pid!) };
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
  }
}

const HOOK_INPUT = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls -la' } });
const COMMANDS: Record<string, { args: string[]; input?: string }> = {
  '--version': { args: ['--version'] },
  'validate -- ls -la': { args: ['validate', '--', 'ls', '-la'] },
  'hook claude-code': { args: ['hook', 'claude-code'], input: HOOK_INPUT },
};

function commandOnce(entry: Entry, args: string[], input?: string): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, [ENTRIES[entry], ...args], {
    cwd: ROOT,
    input,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  if (result.status === null || result.status > 1) throw new Error(`${args.join(' ')} failed`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 7) || 7;
  const entries = (Object.keys(ENTRIES) as Entry[]).filter((e) => existsSync(`${ROOT}${ENTRIES[e]}`));
  if (!entries.includes('bundle')) {
    console.log('dist/bundle/main.js missing: run `npm run build` first');
    process.exitCode = 1;
    return;
  }
  const port = 20000 + Math.floor(Math.random() * 20000);
  const serve = new Map<Entry, { wall: number[]; cpu: number[] }>(
    entries.map((e) => [e, { wall: [], cpu: [] }]),
  );
  const commands = new Map<string, number[]>();
  for (let i = 0; i < runs; i++) {
    for (const entry of entries) {
      const r = await serveOnce(entry, port);
      serve.get(entry)!.wall.push(r.wallMs);
      serve.get(entry)!.cpu.push(r.cpuMs);
      for (const [name, c] of Object.entries(COMMANDS)) {
        const key = `${entry}\0${name}`;
        commands.set(key, [...(commands.get(key) ?? []), commandOnce(entry, c.args, c.input)]);
      }
    }
  }
  const fmt = (values: number[]): string =>
    `${median(values).toFixed(0)} (max ${Math.max(...values).toFixed(0)})`;
  console.log(`node ${process.version}, ${runs} interleaved runs per case; milliseconds, median (slowest)`);
  console.log(
    '| entry | serve: ready (wall) | serve: CPU used by ready | --version | validate -- ls -la | hook claude-code |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const entry of entries) {
    const s = serve.get(entry)!;
    const c = (name: string): string => fmt(commands.get(`${entry}\0${name}`)!);
    console.log(
      `| ${ENTRIES[entry]} | ${fmt(s.wall)} | ${fmt(s.cpu)} | ${c('--version')} | ${c('validate -- ls -la')} | ${c('hook claude-code')} |`,
    );
  }
}

await main();
