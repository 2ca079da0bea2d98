/** `agent-guard serve` as a real child process, for tests that need the whole server. */
import { spawn, type ChildProcess } from 'node:child_process';

/** Starts `serve --port 0` from the source tree with `env` added to this process's environment. */
export function spawnServe(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--port', '0'], {
    cwd: process.cwd(),
    env: { ...process.env, AGENT_GUARD_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The URL from the child's "listening on" line; rejects, with its output, if it exits or stays silent 60 s. */
export function listeningUrl(child: ChildProcess): Promise<string> {
  let out = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listen line: ${out}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[^,\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('exit', () => reject(new Error(`exited early: ${out}`)));
  });
}
