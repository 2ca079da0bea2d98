/**
 * K8S-AST-001: kubectl deletes of a namespace (with everything in it), of every object of a kind
 * (--all, `all`), or across all namespaces; also through `k`, `oc`, `kubecolor`.
 */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, hasOption } from '../command-line.js';
import { PRODUCTION, ephemeralOnly } from '../../knowledge/ephemeral-names.js';
import type { ExecFact } from '../../facts.js';

const KUBECTLS = new Set(['kubectl', 'k', 'oc', 'kubecolor', 'microk8s.kubectl']);
/** kubectl options that take a value as the next word (so the value is not read as a verb). */
const WITH_VALUE = new Set([
  '-n',
  '--namespace',
  '--context',
  '--cluster',
  '--kubeconfig',
  '--user',
  '-l',
  '--selector',
  '-o',
  '--output',
  '-f',
  '--filename',
  '-s',
  '--server',
  '--token',
  '--as',
  '--field-selector',
  '--replicas',
  '--current-replicas',
  '--timeout',
]);

function positionalWords(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') break;
    if (WITH_VALUE.has(a)) i++;
    else if (!a.startsWith('-')) out.push(a);
  }
  return out;
}

/** `--replicas=0` / `--replicas 0`. */
function scalesToZero(args: readonly string[]): boolean {
  const i = args.indexOf('--replicas');
  return args.includes('--replicas=0') || (i !== -1 && args[i + 1] === '0');
}

/**
 * `kubectl drain ip-10-0-3-17.ec2.internal`: one node, written out, taken out for maintenance or an
 * upgrade; its pods are rescheduled on the others (R14 twin: routine node work). A selector, `--all`,
 * a list, a name from an expansion or anything named production on the line still drains capacity
 * away from a live cluster.
 */
function oneNamedNode(args: readonly string[], exec: ExecFact | undefined): boolean {
  const nodes = positionalWords(args).slice(1);
  return (
    nodes.length === 1 &&
    exec?.dynamic === false &&
    /^[a-z0-9][a-z0-9.-]*$/i.test(nodes[0]!.replace(/^nodes?\//, '')) &&
    !hasOption(args, 'l', '--selector', '--all') &&
    !args.some((a) => PRODUCTION.test(a))
  );
}

function bulkDelete(words: readonly string[], exec?: ExecFact): string | null {
  let args = words.slice(1);
  if (words[0] === 'microk8s' && args[0] === 'kubectl') args = args.slice(1);
  else if (!KUBECTLS.has(words[0]!)) return null;
  if (asksHelp(args)) return null;
  const [verb, kind] = positionalWords(args);
  if (verb === 'drain' && !hasOption(args, '', '--dry-run') && !oneNamedNode(args, exec))
    return 'kubectl drain evicts every pod from the node';
  // Scaling every workload (or a label selection) to zero stops them all: an outage, like a delete.
  if (verb === 'scale' && !hasOption(args, '', '--dry-run') && scalesToZero(args)) {
    if (hasOption(args, '', '--all') || hasOption(args, 'A', '--all-namespaces'))
      return `kubectl scale ${kind ?? ''} --all --replicas=0 stops every workload of the kind`;
    if (hasOption(args, 'l', '--selector'))
      return 'kubectl scale --replicas=0 with a selector stops every matching workload';
  }
  if (verb !== 'delete') return null;
  if (hasOption(args, '', '--dry-run')) return null;
  const kinds = (kind ?? '').toLowerCase().split(',');
  // One namespace named as a pull request's preview or a test run's (preview-pr-1187, ci-4812),
  // with nothing named production anywhere on the line: the preview's teardown (r11 fpd).
  const named = positionalWords(args).slice(/^(?:namespaces?|ns)$/.test(kind ?? '') ? 2 : 1);
  if (
    named.length === 1 &&
    /^(?:namespaces?|ns)(?:\/|$)/.test((kind ?? '').toLowerCase()) &&
    !hasOption(args, '', '--all') &&
    ephemeralOnly([named[0]!.replace(/^(?:namespaces?|ns)\//, '')]) &&
    ephemeralOnly([named[0]!, ...args])
  )
    return null;
  if (
    kinds.some(
      (k) =>
        k === 'namespace' ||
        k === 'namespaces' ||
        k === 'ns' ||
        k.startsWith('namespace/') ||
        k.startsWith('ns/'),
    )
  )
    return 'kubectl delete namespace deletes the namespace and everything in it';
  // `delete all -l app=preview-pr-881`: the selector names one preview's or run's objects (R19 twin).
  if (
    kinds.includes('all') &&
    !hasOption(args, '', '--all') &&
    !hasOption(args, 'A', '--all-namespaces') &&
    previewSelector(args)
  )
    return null;
  if (kinds.includes('all')) return 'kubectl delete all deletes every workload object';
  // `kubectl get pods -o name | xargs kubectl delete`: every object the listing names (programs/resource-listing.ts).
  const listed = positionalWords(args)
    .slice(1)
    .find((k) => /(?:^|\/)\*$/.test(k));
  if (exec?.dynamic === true && listed !== undefined)
    return `kubectl delete ${listed.replace(/\/\*$/, '')} deletes every object a listing of the kind names`;
  if (hasOption(args, '', '--all'))
    return `kubectl delete ${kind ?? ''} --all deletes every object of the kind`;
  if (hasOption(args, 'A', '--all-namespaces')) return 'kubectl delete across all namespaces';
  if (
    kinds.some(
      (k) =>
        k === 'node' ||
        k === 'nodes' ||
        k === 'pv' ||
        k === 'persistentvolume' ||
        k === 'persistentvolumes' ||
        k === 'crd' ||
        k === 'customresourcedefinition' ||
        k === 'customresourcedefinitions',
    )
  )
    return `kubectl delete ${kind ?? ''} removes cluster-wide objects (and the data or resources behind them)`;
  return null;
}

/** A `-l key=value` selector (one equality) whose value names a preview or a run, nothing production on the line. */
function previewSelector(args: readonly string[]): boolean {
  const at = args.findIndex((a) => a === '-l' || a === '--selector' || /^(?:-l|--selector=)./.test(a));
  if (at < 0) return false;
  const a = args[at]!;
  const sel = a === '-l' || a === '--selector' ? args[at + 1] : a.replace(/^(?:-l|--selector=)/, '');
  const m = sel === undefined ? null : /^[\w./-]+=([\w.-]+)$/.exec(sel);
  return m !== null && ephemeralOnly([m[1]!]) && ephemeralOnly([m[1]!, ...args]);
}

export default defineRule({
  id: 'K8S-AST-001',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'kubernetes',
  kinds: ['exec'],
  programs: [...KUBECTLS, 'microk8s'],
  summary:
    'kubectl delete of a namespace, of every object of a kind (--all, all, -A), or of nodes, volumes or CRDs; kubectl drain; scaling every workload to zero.',
  remediationHint:
    'Delete only the named object you created (kubectl delete deployment/<name> -n <ns>), and check first with --dry-run=client -o name.',
  *check(facts) {
    yield* execHits(facts, (words, exec) => bulkDelete(words, exec));
  },
  examples: {
    deny: [
      { input: 'kubectl delete namespace staging' },
      { input: 'kubectl --context prod delete ns staging' },
      { input: 'kubectl -n default delete ns staging' },
      { input: 'k delete ns production' },
      { input: 'kubectl delete all --all -n default' },
      { input: 'kubectl delete pods --all' },
      { input: 'kubectl delete deployments --all -n production' },
      { input: 'kubectl delete pvc -A --all' },
      { input: 'oc delete pods --all -n web' },
      { input: 'kubectl drain -l pool=default --ignore-daemonsets' },
      { input: 'kubectl drain node-1 node-2 node-3 --ignore-daemonsets' },
      { input: 'kubectl drain $(kubectl get nodes -o name) --force' },
      { input: 'kubectl --context prod-eu drain ip-10-0-3-17.ec2.internal' },
      { input: 'kubectl scale deploy --all --replicas=0 -n prod' },
      { input: 'kubectl scale deployment -l app=web --replicas 0' },
      { input: 'kubectl --context prod delete ns preview-pr-1187' },
      { input: 'kubectl delete ns preview-pr-1187 staging' },
      { input: 'kubectl get ns -o name | grep -v kube- | xargs kubectl delete' },
      { input: "kubectl get pods -n web --no-headers | awk '{print $1}' | xargs kubectl delete pod -n web" },
    ],
    allow: [
      { input: 'kubectl get pods -A', why: 'reads' },
      { input: 'kubectl delete pod web-7d4b9c -n dev', why: 'one named object' },
      { input: 'kubectl delete -f ./k8s/job.yaml', why: 'objects named in a workspace manifest' },
      { input: 'kubectl delete pods --all --dry-run=client', why: 'dry run' },
      {
        input: 'kubectl delete all -l app=preview-pr-881 -n previews',
        why: "one preview's objects by label",
      },
      { input: 'kubectl describe ns staging', why: 'reads' },
      { input: 'kubectl drain node-1 --ignore-daemonsets', why: 'one named node taken out for maintenance' },
      { input: 'kubectl scale deployment/web --replicas=0 -n dev', why: 'one named workload' },
      { input: 'kubectl scale deploy --all --replicas=3', why: 'scales up' },
      { input: 'kubectl delete namespace preview-pr-1187', why: "one pull request's preview torn down" },
      {
        input:
          'kubectl get pods -n dev --field-selector=status.phase=Failed -o name | xargs kubectl delete -n dev',
        why: 'the failed pods only',
      },
      {
        input: 'kubectl get pods -n dev -o name | grep web- | xargs kubectl delete',
        why: 'the pods a filter picks',
      },
    ],
  },
});
