/**
 * Libraries an image build makes every later process load (R16: `COPY libhook.so /usr/lib/` then
 * `RUN echo /usr/lib/libhook.so > /etc/ld.so.preload`): the library runs inside every program of
 * every container, a rootkit's place. The allocators and test shims images preload on purpose
 * (jemalloc, tcmalloc, mimalloc, libfaketime, eatmydata, nss_wrapper, sanitizers), installed by the
 * package manager rather than copied in from the build context, stay the image's own tuning.
 */
import { copiedAs, type Copy } from './credential-pointers.js';

/** Libraries preloaded by design: memory allocators, time and fsync shims, user-db wrappers, sanitizers. */
const KNOWN_PRELOAD =
  /^lib(?:jemalloc|tcmalloc(?:_minimal)?|tcmalloc_and_profiler|mimalloc(?:-secure)?|hoard|faketime(?:mt)?|eatmydata|nss_wrapper|uid_wrapper|resolv_wrapper|socket_wrapper|stdbuf|[almt]san|ubsan|segfault|profiler|gtk3-nocsd)\.so(?:\.[\d.]+)?$/i;

/** The `.so` paths a text names. */
const SO_PATH = /(?:^|[\s"'=:])((?:\/|\$\w+\/)[^\s"';&|:\\]*\.so(?:\.[\d.]+)?)(?=$|[\s"';&|:\\])/g;

/**
 * The library a RUN writes into /etc/ld.so.preload (or an `ENV LD_PRELOAD` value names) that is not
 * a known preload, or one copied in from the build context; undefined when there is none.
 */
export function plantedPreload(text: string, copies: readonly Copy[], env = false): string | undefined {
  if (text.length > 65536) return undefined;
  if (!env && !/(?:>>?|\btee\b(?:\s+-a)?)\s*["']?\/etc\/ld\.so\.preload\b/.test(text)) return undefined;
  for (const m of text.matchAll(SO_PATH)) {
    const path = m[1]!;
    const name = path.split('/').pop()!;
    if (!KNOWN_PRELOAD.test(name) || copiedAs(copies, path) !== undefined) return path;
  }
  return undefined;
}
