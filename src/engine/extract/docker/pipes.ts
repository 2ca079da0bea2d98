/**
 * Container data piped out of the machine: `docker export`/`save`/`cp CTR:PATH -`, a `docker exec`
 * or a `docker run` with mounts writes a container's filesystem, an image or volume data to its
 * standard output, and the next commands of the pipeline (through compressors and encoders) send
 * it to the network with curl -T -, nc or socat (red team r3). Written to a local file, piped
 * to tar or gzip, or to ssh (`docker save app | ssh host docker load`) it stays allowed.
 */
import type { ShellWord } from './shell-words.js';

const base = (w: string): string => w.slice(w.lastIndexOf('/') + 1);

/** What a docker command writes to standard output, when that is container data; else undefined. */
export function containerData(cmd: readonly ShellWord[]): string | undefined {
  const words = cmd.map((w) => w.value);
  let i = 1;
  while (i < words.length && words[i]!.startsWith('-'))
    i += /^(?:-H|--host|-c|--context|--config)$/.test(words[i]!) ? 2 : 1;
  let sub = words[i];
  if (sub === 'container' || sub === 'image') sub = words[++i];
  const rest = words.slice(i + 1);
  switch (sub) {
    case 'export':
      return rest.some((w) => w === '-o' || w.startsWith('--output'))
        ? undefined
        : 'the container filesystem';
    case 'save':
      return rest.some((w) => w === '-o' || w.startsWith('--output')) ? undefined : 'the image';
    case 'cp':
      return rest.at(-1) === '-' ? 'files of the container' : undefined;
    case 'exec':
      return 'output of a command in the container';
    case 'run':
      return rest.some((w) => /^(?:-v|--volume|--mount|--volumes-from)(?:=|$)|^-v./.test(w))
        ? 'data of the volumes the container mounts'
        : undefined;
    default:
      return undefined;
  }
}

/** Programs that pass their input on, transformed (compression, encoding, encryption, framing). */
const FILTERS: ReadonlySet<string> = new Set([
  'gzip',
  'pigz',
  'xz',
  'zstd',
  'bzip2',
  'lz4',
  'base64',
  'base32',
  'xxd',
  'openssl',
  'gpg',
  'age',
  'cat',
  'pv',
  'tee',
  'split',
  'dd',
]);

export const passesOn = (cmd: readonly ShellWord[]): boolean => FILTERS.has(base(cmd[0]?.value ?? ''));

/** Where a command sends its standard input on the network (`curl -T -`, `nc HOST PORT`), or undefined. */
export function stdinSender(cmd: readonly ShellWord[]): string | undefined {
  const program = base(cmd[0]?.value ?? '');
  const args = cmd.slice(1).map((w) => w.value);
  const positional = args.filter((a) => !a.startsWith('-'));
  switch (program) {
    case 'curl': {
      const reads = args.some(
        (a, j) =>
          ((a === '-T' || a === '--upload-file') && args[j + 1] === '-') || a === '-T-' || /@-$/.test(a),
      );
      const url = args.find((a) => /^[a-z][a-z0-9+.-]*:\/\//i.test(a)) ?? positional.at(-1);
      return reads ? (url ?? 'the network') : undefined;
    }
    case 'wget':
      return args.some((a) => /^--(?:post|body)-file=?(?:\/dev\/stdin|-)?$/.test(a))
        ? (args.find((a) => /^[a-z]+:\/\//i.test(a)) ?? 'the network')
        : undefined;
    case 'nc':
    case 'ncat':
    case 'netcat':
    case 'telnet':
      return positional.length > 0 && !args.includes('-l') ? positional.join(' ') : undefined;
    case 'socat':
      return args.find((a) => /^(?:tcp|udp|openssl|ssl)[46]?(?:-connect)?:/i.test(a));
    default:
      return undefined;
  }
}
