/**
 * Listings of every item of a kind, for a command fed from them (red team R14-R18: `kubectl get ns
 * -o name | grep -v kube- | xargs kubectl delete`, `redis-cli --scan | xargs redis-cli unlink`): the
 * lines such a listing prints are every object of the kind, written as one glob word the kind's rules
 * read (`ns/*`, `*`). Filters that only drop a few lines (`grep -v`), reformat each one (`awk '{print
 * $1}'`, `cut`, `jq -r '.[].name'`) or skip a header (`tail -n +2`) pass the listing on; a filter that
 * picks lines (`grep web-`, `head`) or a listing narrowed by a selector or pattern lists some, not all.
 */

/** kubectl options that take a value as the next word. */
const KUBECTL_VALUED = new Set([
  '-n',
  '--namespace',
  '--context',
  '--cluster',
  '--kubeconfig',
  '-o',
  '--output',
]);
/** kubectl options that list only some objects. */
const KUBECTL_NARROW = /^(?:-l|--selector|--field-selector)(?:=|$)/;

/** `kubectl get KIND`: every object of the kind, as `KIND/*`. */
function kubectlListing(args: readonly string[]): readonly string[] | undefined {
  const pos: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (KUBECTL_NARROW.test(a)) return undefined;
    if (KUBECTL_VALUED.has(a)) i++;
    else if (!a.startsWith('-')) pos.push(a);
  }
  const [verb, kind, ...names] = pos;
  if (verb !== 'get' || kind === undefined || names.length > 0 || !/^[a-z][\w.-]*$/i.test(kind))
    return undefined;
  return [`${kind}/*`];
}

/** `redis-cli --scan` (no pattern, or `*`), `redis-cli KEYS '*'`: every key, as `*`. */
function redisListing(args: readonly string[]): readonly string[] | undefined {
  const at = args.findIndex((a) => a === '--pattern');
  const pattern = at >= 0 ? args[at + 1] : undefined;
  if (args.includes('--scan')) return pattern === undefined || pattern === '*' ? ['*'] : undefined;
  const keys = args.findIndex((a) => /^keys$/i.test(a));
  return keys >= 0 && args[keys + 1] === '*' && args.length === keys + 2 ? ['*'] : undefined;
}

/** The listing a program's output is, as glob words; undefined when it lists no whole kind. */
export function resourceListing(program: string, args: readonly string[]): readonly string[] | undefined {
  if (program === 'kubectl' || program === 'oc') return kubectlListing(args);
  if (program === 'redis-cli' || program === 'valkey-cli' || program === 'keydb-cli')
    return redisListing(args);
  return undefined;
}

/** An awk program that prints fields of every line (a header skipped at most). */
const AWK_EACH = /^\s*(?:(?:NR|FNR)\s*(?:>|!=|>=)\s*[12]\s*)?\{\s*print\s+\$\d+\s*;?\s*\}\s*$/;
/** A jq program that walks every element and picks a field (`.[].name`, `.[] | .name`, `.items[].metadata.name`). */
const JQ_EACH = /^\s*(?:\.[\w]*(?:\[\])?)+(?:\s*\|\s*\.[\w.]*)?\s*$/;

/** Whether `program args` passes every line of its input on (reformatted or with a few dropped). */
export function keepsListing(program: string, args: readonly string[]): boolean {
  const opts = args.filter((a) => a.startsWith('-'));
  const rest = args.filter((a) => !a.startsWith('-'));
  switch (program) {
    case 'grep':
    case 'egrep':
    case 'fgrep':
      // Only lines that do not match are kept: the system's own objects left out, every other one listed.
      return opts.some((o) => /^-[a-zA-Z]*v[a-zA-Z]*$/.test(o) || o === '--invert-match');
    case 'awk':
    case 'gawk':
    case 'mawk':
      return rest.length === 1 && AWK_EACH.test(rest[0]!);
    case 'jq':
      return rest.length === 1 && JQ_EACH.test(rest[0]!) && !/select|first|limit|\[\d/.test(rest[0]!);
    case 'tail':
      return (
        args.some((a, i) => /^\+\d$/.test(a) && args[i - 1] === '-n') ||
        args.some((a) => /^-n\+?\+\d$/.test(a))
      );
    case 'cut':
    case 'tr':
    case 'sort':
    case 'uniq':
    case 'cat':
      return true;
    case 'sed':
      return !opts.includes('-n') && rest.length === 1 && /^(?:s(.).*\1.*\1g?|1d)$/.test(rest[0]!);
    default:
      return false;
  }
}
