/**
 * CTR-AST-001: docker/podman runs that delete data in bulk: system prune, volume prune / rm,
 * image prune -a, compose down -v of a production or remote project (compose-target.ts), and rm/rmi -f
 * of a substituted list (`docker rm -f $(docker ps -aq)`); and outages: every container, service, node
 * or pod stopped, or starved by `update` limits no workload survives (starving-limits.ts).
 */
import type { ExecFact } from '../../facts.js';
import { CONTAINER_ENGINES, GLOBAL_VALUE, listsEvery } from '../../knowledge/docker.js';
import { composeCommand, productionProject } from '../../knowledge/compose-target.js';
import { classifyHost } from '../../net/address.js';
import { defineRule, type FactIndex } from '../define-rule.js';
import { starvingLimit } from '../../knowledge/starving-limits.js';
import { asksHelp, execHits, hasOption, positionals } from '../command-line.js';
import { scratchOnly } from '../../knowledge/ephemeral-names.js';

/** The arguments after the engine's global options (`docker --context prod rm ...` still runs `rm`; r4). */
function afterGlobals(args: readonly string[]): readonly string[] {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-'))
    i += GLOBAL_VALUE.has(args[i]!) && !args[i]!.includes('=') ? 2 : 1;
  return args.slice(i);
}

/**
 * Volume names that say they are throwaway test data, a cache rebuilt on demand, or one experiment's
 * or preview's (`acme_test_pgdata`, `ci-cache`, `web-old-cache`, `exp-2026-11-20-data`, `pr-1432-db`;
 * r5, R9 and R22 FPs): deleting one costs a rebuild or a finished trial, not data.
 */
const THROWAWAY =
  /(?:^|[_.-])(?:test|tests|testing|e2e|ci|tmp|temp|scratch|fixture|fixtures|cache|caches|exp|experiment|experiments|sandbox|preview|throwaway|ephemeral|(?:pr|mr)[_.-]?\d+)(?:$|[_.-])/i;

/** A volume removed by name is harmless when it says it is throwaway and not production's (`prod-cache`). */
const throwaway = (name: string): boolean =>
  THROWAWAY.test(name) && productionProject([`n=${name}`]) === null;

/** On this machine's engine, a volume named for development (`pgdata-dev`, `local_redis`) is the developer's own copy (R24 FP). */
const DEV_VOLUME = /(?:^|[_.-])(?:dev|devel|development|local)(?:$|[_.-])/i;
const ownDevVolume = (name: string): boolean =>
  DEV_VOLUME.test(name) && productionProject([`n=${name}`]) === null;

/** `system prune` without -a, --volumes or --external. */
function tidyPrune(args: readonly string[]): boolean {
  if (args[0] !== 'system') return false;
  return (
    !hasOption(args, 'a', '--all', '--volumes', '--external') && !args.some((a) => /^--volumes=/.test(a))
  );
}

/**
 * `volume prune --filter label=k=v` (or a throwaway key alone) on the local engine: it deletes only the
 * volumes a stack or test run labelled as its own (`com.docker.compose.project=ci`). A negated filter
 * (`label!=keep`), a bare key like `com.docker.compose.project` (every compose volume) or a production
 * value stays a bulk delete.
 */
function throwawayLabel(args: readonly string[]): boolean {
  if (args[0] !== 'volume') return false;
  const labels: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a === '--filter' ? args[++i] : a.startsWith('--filter=') ? a.slice(9) : undefined;
    if (v === undefined) continue;
    if (!v.startsWith('label=')) return false;
    labels.push(v.slice(6));
  }
  return (
    labels.length > 0 &&
    labels.every((l) => {
      if (/[$`*!]/.test(l) || l.startsWith('=')) return false;
      const eq = l.indexOf('=');
      const value = eq < 0 ? l : l.slice(eq + 1);
      if (value === '' || productionProject([`n=${value}`]) !== null) return false;
      return eq >= 0 || THROWAWAY.test(l);
    })
  );
}

/**
 * `image prune -a --filter until=168h` (or a label key=value) on the local engine: only images older
 * than the age, or the ones a build labelled, go, and every one of them is pulled or built again on
 * demand (CI runners' nightly clean-up). A negated filter or one without a value stays every image.
 */
function ageFiltered(args: readonly string[]): boolean {
  const filters: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a === '--filter' ? args[++i] : a.startsWith('--filter=') ? a.slice(9) : undefined;
    if (v !== undefined) filters.push(v.replace(/^["']|["']$/g, ''));
  }
  return (
    filters.length > 0 &&
    filters.every(
      (f) =>
        /^until=\d+[smhd]?$/.test(f) ||
        (/^label=[\w.-]+=[\w.-]+$/.test(f) && productionProject([`n=${f.split('=').pop()}`]) === null),
    )
  );
}

/**
 * A substituted list that is one listing narrowed to a label or name (`$(docker ps -aq --filter
 * label=com.acme.ci=true)`): the containers a CI job or stack labelled, not every one. A negated,
 * valueless or production label stays every container.
 */
function labelledListing(arg: string): boolean {
  const sub = /^\$\(([^()`$]*)\)$|^`([^`$]*)`$/.exec(arg);
  if (sub === null) return false;
  const body = sub[1] ?? sub[2]!;
  const filter = /--filter[= ]["']?(?:label|name)=([\w.-]+(?:=([\w.-]+))?)["']?/.exec(body);
  return (
    filter !== null &&
    !/[|;&]/.test(body) &&
    productionProject([`n=${filter[2] ?? filter[1]}`]) === null &&
    !listsEvery(arg, false)
  );
}

/** A substituted listing narrowed to production (`--filter label=env=production`, `name=prod-`). */
function productionListing(arg: string): boolean {
  const sub = /^\$\(([^()`$]*)\)$|^`([^`$]*)`$/.exec(arg);
  const body = sub === null ? undefined : (sub[1] ?? sub[2]!);
  const filter =
    body === undefined ? null : /--filter[= ]["']?(?:label|name)=([\w.-]+(?:=([\w.-]+))?)["']?/.exec(body);
  return filter !== null && productionProject([`n=${filter[2] ?? filter[1]}`]) !== null;
}

/** Verbs that stop or remove every container/service/node they are given: the fleet goes down. */
const OUTAGE_VERBS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    kill: 'kills',
    stop: 'stops',
    pause: 'pauses',
    rm: 'removes',
    rmp: 'removes the pods of',
    stopp: 'stops the pods of',
    'service rm': 'removes',
    'service scale': 'scales to zero',
    'service update': 'scales to zero',
    'stack rm': 'removes',
    'node rm': 'removes',
    'node update': 'drains',
    'pod rm': 'removes',
    'pod stop': 'stops',
    'pod kill': 'kills',
    'container kill': 'kills',
    'container stop': 'stops',
    'container pause': 'pauses',
    'container rm': 'removes',
    'c rm': 'removes',
    'c del': 'removes',
    'c delete': 'removes',
    't kill': 'kills',
    'network disconnect': 'cuts off from its network',
  }),
);

/** Names of environments that are not live: a stack or service so named is disposable or rehearsal. */
const NOT_LIVE = /(?:^|[-_./])(?:staging|stage|stg|qa|uat|review|canary-test|local|localdev)(?:$|[-_./\d])/i;

/** The first named target (no variable, no listing) that says nothing of a scratch or staging environment. */
function liveDeployment(targets: readonly string[]): string | undefined {
  const names = targets.filter((t) => !t.startsWith('-'));
  if (names.length === 0 || names.some((t) => /[$`*?{]/.test(t))) return undefined;
  return names.find((t) => !scratchOnly([t]) && !NOT_LIVE.test(t));
}

/**
 * The whole fleet stopped: a verb of OUTAGE_VERBS given every container/service/node the engine
 * lists (`docker kill $(docker ps -q)`, `docker service rm $(docker service ls -q)`, xargs fed from a
 * listing) or its all-flag (`crictl rmp -fa`, `podman stop -a`). One named container is fine.
 */
function outage(prog: string, args: readonly string[], exec: ExecFact, narrowed: boolean): string | null {
  const pos = positionals(args);
  const two = `${pos[0]} ${pos[1]}`;
  const key = OUTAGE_VERBS.has(two) ? two : (pos[0] ?? '');
  const does = OUTAGE_VERBS.get(key);
  if (does === undefined) return null;
  const targets = args.slice(args.indexOf(key.split(' ').pop()!) + 1);
  // Without --force, rm takes only stopped containers (the everyday `docker rm $(docker ps -aq)`).
  if (
    (key === 'rm' || key.endsWith(' rm')) &&
    key !== 'service rm' &&
    key !== 'stack rm' &&
    !hasOption(targets, 'f', '--force')
  )
    return null;
  if (key === 'service scale' && !targets.some((t) => /=0+$/.test(t))) return null;
  if (
    key === 'service update' &&
    !targets.some((t, i) => t === '--replicas=0' || (t === '--replicas' && targets[i + 1] === '0'))
  )
    return null;
  if (key === 'node update' && !targets.some((t) => /^(?:drain|pause)$|=(?:drain|pause)$/.test(t)))
    return null;
  // A removal of a container, service or stack named for production (`docker rm -vf prod-db`,
  // `docker stack rm prod`; r7): that site's service and its data go. A production service scaled
  // to zero (R14: `docker service update --replicas 0 prod_api`, `service scale prod_web=0`) is down.
  // R15: production containers paused or stopped, or the production database cut off from its
  // network, by name or by a listing filtered to production (`$(docker ps -q --filter label=env=production)`).
  const prod = targets.find(
    (t) =>
      !t.startsWith('-') &&
      (/[$`]/.test(t) ? productionListing(t) : productionProject([`n=${t.replace(/=\d+$/, '')}`]) !== null),
  );
  if (prod !== undefined) return `${prog} ${key} ${does} ${prod}, named for production`;
  // A Swarm stack or service is a deployment (R16: `docker stack rm payments`): one named for no
  // dev, test, staging or preview environment is live, and its services go down with it.
  const live = key === 'stack rm' || key === 'service rm' ? liveDeployment(targets) : undefined;
  if (live !== undefined)
    return `${prog} ${key} ${does} ${live}, a deployed stack named for no dev, test or staging environment`;
  const stdin = exec.via === 'xargs' && exec.dynamic && !narrowed;
  // xargs hands its input as `{}` (`service scale {}=0`: each listed service's replica count).
  const every = targets.some(
    (t) => !t.startsWith('-') && listsEvery(t, stdin && t.replace(/=\d+$/, '') === '{}'),
  );
  // `-a`/`--all` names every container (podman, nerdctl, crictl); docker's `rm` has no such flag.
  const all = hasOption(targets, 'a', '--all');
  if (!every && !all) return null;
  return `${prog} ${key} ${does} every one the engine runs (an outage of the whole host or cluster)`;
}

/**
 * `update` with a limit no workload survives (`--memory 6m`, `--cpus 0.01`, `--pids-limit 1`): the
 * containers it names stop working; over every running one, the host's services all go down (r6).
 * Weights (`--cpu-shares 2`) only starve under load, so they count over every container alone.
 */
function starves(prog: string, args: readonly string[], exec: ExecFact, narrowed: boolean): string | null {
  const pos = positionals(args);
  const at = pos[0] === 'update' ? 0 : pos[0] === 'container' && pos[1] === 'update' ? 1 : -1;
  if (at < 0) return null;
  const targets = args.slice(args.indexOf('update') + 1);
  const limit = starvingLimit(targets);
  if (limit === null) return null;
  const stdin = exec.via === 'xargs' && exec.dynamic && !narrowed;
  const every =
    hasOption(targets, 'a', '--all') ||
    targets.some((t) => !t.startsWith('-') && listsEvery(t, stdin && t === '{}'));
  if (every) return `${prog} update ${limit} starves every running container (an outage of the whole host)`;
  if (/^-(?:-cpu-shares|c|-blkio-weight)$/.test(limit.split(' ')[0]!)) return null;
  return `${prog} update ${limit} leaves the container too little to run (its service stops)`;
}

/** Programs that pass on only part of a listing. */
const NARROWING = ['grep', 'egrep', 'fgrep', 'awk', 'sed', 'head', 'tail', 'jq', 'cut'];

/** Whether the input narrows a listing before xargs gets it (grep, a filter): then not every one. */
function narrowsListing(facts: FactIndex): boolean {
  for (const e of facts.of('exec')) {
    if (NARROWING.includes(e.program)) return true;
    if (
      CONTAINER_ENGINES.has(e.program) &&
      e.argv.some((a) => /^(?:ps|ls|pods|list)$/.test(a)) &&
      e.argv.some((a) => /^(?:--filter|-f|--label)(?:=|$)/.test(a))
    )
      return true;
  }
  return false;
}

/** Names of a site's own network (`manager.internal`, `swarm-1.lan`) or one label (`manager`). */
const OWN_NETWORK =
  /^[\w-]+$|\.(?:local|internal|lan|corp|home\.arpa|intranet|localdomain|svc|cluster\.local)$/i;

/**
 * `swarm join --token T HOST:2377` to a public address or an outside name: that manager then runs
 * any service it likes on this host (r5). A private address or a local name is the user's cluster.
 */
function foreignJoin(args: readonly string[]): string | null {
  // The manager's address is the last word (option values come before it).
  const addr = positionals(args).at(-1);
  if (addr === undefined || addr === 'join') return null;
  const host = addr.replace(/^\[|\](?::\d+)?$/g, '').replace(/:\d+$/, '');
  const info = classifyHost(host);
  if (info.class === 'public' || (info.class === 'name' && !OWN_NETWORK.test(host)))
    return `swarm join makes this host a worker of the manager at ${addr}, which runs whatever services it schedules here`;
  return null;
}

/**
 * A compose project's data deleted: `down -v` or `rm -v` of a project that is production's or on an
 * engine that is not this machine's (r6: `compose -p acme-prod down -v`, `-f docker-compose.prod.yml`).
 * The workspace's own stack reset with `down -v` is everyday work (r1 FP).
 */
function composeTeardown(words: readonly string[], env: readonly string[]): string | null {
  const standalone = words[0] === 'docker-compose' || words[0] === 'podman-compose';
  const globals = standalone ? [] : words.slice(1, words.length - afterGlobals(words.slice(1)).length);
  const rest = standalone ? words.slice(1) : afterGlobals(words.slice(1));
  if (!standalone && rest[0] !== 'compose') return null;
  const cmd = composeCommand(standalone ? rest : rest.slice(1), globals, env);
  const deletes =
    (cmd.verb === 'down' && hasOption(cmd.args, 'v', '--volumes')) ||
    (cmd.verb === 'rm' && hasOption(cmd.args, 'v', '--volumes'));
  if (!deletes) return null;
  const where = productionProject(cmd.naming);
  return where === null
    ? null
    : `compose ${cmd.verb} --volumes deletes the volumes of the project (${where}): its databases go with them`;
}

function destroys(
  words: readonly string[],
  exec: ExecFact,
  narrowed: boolean,
  env: readonly string[],
): string | null {
  const dynamic = exec.dynamic;
  let prog = words[0]!;
  let args = afterGlobals(words.slice(1));
  // A context chosen with `docker context use` holds for every later command (R10 wipe).
  const chosen = env.filter((e) => e.startsWith('DOCKER_CONTEXT='));
  const teardown = composeTeardown(words, exec.via === 'env' ? env : chosen);
  if (teardown !== null) return teardown;
  if (prog === 'docker-compose' || prog === 'podman-compose') {
    prog = 'docker';
    args = ['compose', ...args];
  }
  if (!CONTAINER_ENGINES.has(prog) || asksHelp(args)) return null;
  const down = outage(prog, args, exec, narrowed);
  if (down !== null) return down;
  const starved = starves(prog, args, exec, narrowed);
  if (starved !== null) return starved;
  const [group, verb] = positionals(args);
  // The local engine: no --context/-H before the command, no DOCKER_HOST/DOCKER_CONTEXT set for it.
  const local =
    args.length === words.length - 1 &&
    !env.some((e) => /^(?:DOCKER_HOST|DOCKER_CONTEXT|CONTAINER_HOST)=/.test(e));
  // `system prune` alone takes stopped containers, dangling images and build cache (all rebuilt by
  // the next build/run); -a takes every unused image, --volumes the data, and on a remote engine
  // (--context/-H) it is someone else's host.
  if (group === 'system' && verb === 'prune' && !(local && tidyPrune(args)))
    return `${prog} system prune deletes stopped containers, networks, images and build cache`;
  if (group === 'system' && verb === 'reset')
    return `${prog} system reset deletes every container, image, volume and its storage`;
  // A manager forced out of its swarm loses the cluster's state and can break its quorum.
  if (group === 'swarm' && verb === 'leave' && hasOption(args, 'f', '--force'))
    return `${prog} swarm leave --force takes the node out of its cluster (a manager takes the cluster state with it)`;
  if (group === 'swarm' && verb === 'join') return foreignJoin(args);
  if (group === 'node' && (verb === 'rm' || verb === 'remove') && hasOption(args, 'f', '--force'))
    return `${prog} node rm --force removes a node from the swarm with its tasks`;
  if (group === 'volume' && verb === 'prune' && !(local && throwawayLabel(args)))
    return `${prog} volume ${verb} deletes volume data`;
  if (group === 'volume' && (verb === 'rm' || verb === 'remove')) {
    const names = positionals(args).slice(2);
    if (dynamic || names.length === 0 || !names.every((n) => throwaway(n) || (local && ownDevVolume(n))))
      return `${prog} volume ${verb} deletes volume data`;
  }
  if (group === 'image' && verb === 'prune' && hasOption(args, 'a', '--all') && !(local && ageFiltered(args)))
    return `${prog} image prune -a deletes every unused image`;
  if (
    (group === 'rm' || group === 'rmi' || (group === 'container' && verb === 'rm')) &&
    dynamic &&
    hasOption(args, 'f', '--force') &&
    !args.filter((a) => /[$`]/.test(a)).every(labelledListing)
  )
    return `${prog} ${group} -f of a substituted list removes every container or image it names`;
  return null;
}

export default defineRule({
  id: 'CTR-AST-001',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'containers',
  kinds: ['exec'],
  // The narrowing programs and env are read as context (narrowsListing, the env wrapper's names).
  programs: [...CONTAINER_ENGINES, 'docker-compose', 'podman-compose', 'env', ...NARROWING],
  summary:
    'docker/podman system prune, volume prune/rm, image prune -a, compose down -v of a production or remote project, or rm -f $(...) delete container data in bulk; swarm leave --force and node rm --force break a cluster; every container, service, stack, node or pod killed, stopped, paused, drained, scaled to 0, removed, or starved by update limits (--memory 6m, --cpus 0.01) is an outage; swarm join to an outside manager hands it the host.',
  remediationHint:
    'Remove only what you created, by name: docker rm <container>, docker image rm <image>. Keep volumes; they hold databases and caches.',
  *check(facts) {
    const narrowed = narrowsListing(facts);
    // `env COMPOSE_PROJECT_NAME=acme-prod docker compose down -v`: the wrapper holds the names.
    const env = facts
      .of('exec')
      .filter((e) => e.program === 'env')
      .flatMap((e) => e.argv.filter((a) => /^[A-Z_][A-Z0-9_]*=/.test(a)));
    // `docker context use prod && docker compose down -v`: the later commands run on that engine.
    for (const e of facts.of('exec'))
      if (
        CONTAINER_ENGINES.has(e.program) &&
        e.argv[1] === 'context' &&
        e.argv[2] === 'use' &&
        e.argv[3] !== undefined &&
        productionProject([`--context=${e.argv[3]}`]) !== null
      )
        env.push(`DOCKER_CONTEXT=${e.argv[3]}`);
    yield* execHits(facts, (words, exec) => destroys(words, exec, narrowed, env));
  },
  examples: {
    deny: [
      { input: 'docker system prune -af' },
      { input: 'docker --context prod system prune -f' },
      { input: 'docker context use prod && docker compose -p shop down -v --rmi all' },
      { input: 'docker volume prune -f --filter label!=keep' },
      { input: 'docker image prune -af --filter until=24h --filter label!=keep' },
      { input: 'docker --context prod image prune -af --filter until=168h' },
      { input: 'docker rm -f $(docker ps -aq --filter label=env=prod)' },
      { input: 'docker rm -f $(docker ps -aq --filter label=ci) $(docker ps -aq)' },
      { input: 'docker volume prune -f --filter label=com.docker.compose.project' },
      { input: 'podman system reset --force' },
      { input: 'docker system prune -a --volumes' },
      { input: 'docker volume prune -f' },
      { input: 'docker volume rm pgdata' },
      { input: 'docker volume rm prod-redis-cache' },
      { input: 'docker image prune -a' },
      { input: 'docker compose -p acme-prod down -v' },
      { input: 'docker-compose -f docker-compose.prod.yml down --volumes' },
      { input: 'docker --context prod compose rm -s -f -v' },
      { input: 'docker update --memory 6m $(docker ps -q)' },
      { input: 'docker ps -q | xargs docker update --cpus 0.01' },
      { input: 'docker rm -f $(docker ps -aq)' },
      { input: 'podman system prune --all --force' },
      { input: 'docker --context prod ps -aq | xargs docker --context prod rm -fv' },
      { input: 'docker swarm leave --force' },
      { input: 'docker kill $(docker ps -q)' },
      { input: 'docker service rm $(docker service ls -q)' },
      { input: 'crictl rmp -fa' },
      { input: 'docker swarm join --token SWMTKN-1-abc 203.0.113.50:2377' },
    ],
    allow: [
      {
        input: 'docker image prune -af --filter "until=168h"',
        why: 'only images older than a week, pulled or built again on demand',
      },
      {
        input: 'docker rm -f $(docker ps -aq --filter "label=com.acme.ci=true")',
        why: 'the containers a CI job labelled as its own',
      },
      { input: 'docker ps -a', why: 'reads' },
      { input: 'docker rm web', why: 'one named container' },
      { input: 'docker compose down', why: 'stops containers, keeps volumes' },
      { input: 'docker image prune', why: 'dangling images only' },
      { input: 'docker system prune -f', why: 'stopped containers, dangling images, build cache' },
      {
        input: 'docker volume prune -f --filter label=com.docker.compose.project=ci',
        why: "only the CI stack's labelled volumes",
      },
      { input: 'docker volume ls', why: 'reads' },
      { input: 'docker --context prod ps -a', why: 'reads a remote engine' },
      { input: 'docker swarm leave', why: 'a worker leaving (a manager refuses without --force)' },
      { input: 'docker stop web', why: 'one named container' },
      {
        input: 'docker swarm join --token SWMTKN-1-abc 10.0.0.5:2377',
        why: "a manager on the user's own network",
      },
      { input: 'docker volume rm acme_test_pgdata', why: 'a throwaway test volume, by name' },
      { input: 'docker volume rm web-old-cache', why: 'a cache volume, rebuilt on demand' },
      { input: 'docker volume rm exp-2026-11-20-data', why: "one finished experiment's volume" },
      {
        input: 'docker compose down -v',
        why: "the workspace's own dev stack reset (no production name, local engine)",
      },
      { input: 'docker update --restart unless-stopped $(docker ps -q)', why: 'a restart policy, no limit' },
      { input: 'docker update --memory 2g --cpus 1.5 web', why: 'a workable limit on one container' },
    ],
  },
});
