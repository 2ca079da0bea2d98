/**
 * Resource limits so low that a running container stops working (`docker update --memory 6m`: the
 * kernel kills its processes; `--cpus 0.01`: it answers nothing; `--pids-limit 1`: it cannot fork).
 * Real workloads ask for tens of megabytes and a tenth of a CPU at the very least.
 */

/** Bytes of a docker size (`6m`, `512k`, `1g`, `1048576`), or undefined. */
function bytes(value: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*([bkmg]?)i?b?$/i.exec(value.trim());
  if (!m) return undefined;
  const unit = { '': 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase()]!;
  return Number(m[1]) * unit;
}

const MEMORY_FLOOR = 32 * 1024 ** 2;

/** Limit options of `docker/podman update` and the test that says a value starves. */
const STARVING: ReadonlyMap<string, (v: string) => boolean> = new Map<string, (v: string) => boolean>([
  ['-m', (v) => (bytes(v) ?? Infinity) < MEMORY_FLOOR],
  ['--memory', (v) => (bytes(v) ?? Infinity) < MEMORY_FLOOR],
  ['--memory-reservation', () => false],
  ['--cpus', (v) => Number(v) > 0 && Number(v) < 0.05],
  // Of the default 100000 µs period.
  ['--cpu-quota', (v) => Number(v) > 0 && Number(v) < 5000],
  ['--pids-limit', (v) => Number(v) > 0 && Number(v) <= 8],
  // Relative weights: the floor values starve the container whenever the host is busy.
  ['--cpu-shares', (v) => Number(v) > 0 && Number(v) <= 4],
  ['-c', (v) => Number(v) > 0 && Number(v) <= 4],
  ['--blkio-weight', (v) => Number(v) > 0 && Number(v) <= 10],
]);

/** The first starving limit among `update`'s arguments (`--memory 6m`, `--cpus=0.01`), as written, or null. */
export function starvingLimit(args: readonly string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.indexOf('=');
    const name = eq < 0 ? a : a.slice(0, eq);
    const test = STARVING.get(name);
    if (test === undefined) continue;
    const value = eq < 0 ? args[i + 1] : a.slice(eq + 1);
    if (value !== undefined && test(value)) return `${name} ${value}`;
  }
  return null;
}
