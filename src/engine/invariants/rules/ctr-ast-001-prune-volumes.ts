/**
 * CTR-AST-001: docker/podman runs that delete data in bulk: system prune, volume prune / rm,
 * image prune -a, compose down -v (named volumes), and rm/rmi -f of a substituted list
 * (`docker rm -f $(docker ps -aq)`).
 */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, hasOption, positionals } from '../command-line.js';

const ENGINES = new Set(['docker', 'podman', 'nerdctl']);

/** docker's global options that take a value: `docker --context prod rm ...` still runs `rm` (red team r4). */
const GLOBAL_VALUE =
  /^(?:--context|-c|--host|-H|--config|--log-level|-l|--tlscacert|--tlscert|--tlskey|--url|--connection)$/;

/** The arguments after the engine's global options. */
function afterGlobals(args: readonly string[]): readonly string[] {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) i += GLOBAL_VALUE.test(args[i]!) ? 2 : 1;
  return args.slice(i);
}

function destroys(words: readonly string[], dynamic: boolean): string | null {
  let prog = words[0]!;
  let args = afterGlobals(words.slice(1));
  if (prog === 'docker-compose' || prog === 'podman-compose') {
    prog = 'docker';
    args = ['compose', ...args];
  }
  if (!ENGINES.has(prog) || asksHelp(args)) return null;
  const [group, verb] = positionals(args);
  // Even a bare `system prune` deletes every stopped container and network; agents answer its prompt.
  if (group === 'system' && verb === 'prune')
    return `${prog} system prune deletes stopped containers, networks, images and build cache`;
  if (group === 'system' && verb === 'reset')
    return `${prog} system reset deletes every container, image, volume and its storage`;
  // A manager forced out of its swarm loses the cluster's state and can break its quorum.
  if (group === 'swarm' && verb === 'leave' && hasOption(args, 'f', '--force'))
    return `${prog} swarm leave --force takes the node out of its cluster (a manager takes the cluster state with it)`;
  if (group === 'node' && (verb === 'rm' || verb === 'remove') && hasOption(args, 'f', '--force'))
    return `${prog} node rm --force removes a node from the swarm with its tasks`;
  if (group === 'volume' && (verb === 'prune' || verb === 'rm' || verb === 'remove'))
    return `${prog} volume ${verb} deletes volume data`;
  if (group === 'image' && verb === 'prune' && hasOption(args, 'a', '--all'))
    return `${prog} image prune -a deletes every unused image`;
  if (group === 'compose' && verb === 'down' && hasOption(args, 'v', '--volumes'))
    return `${prog} compose down --volumes deletes the project's volumes`;
  if (
    (group === 'rm' || group === 'rmi' || (group === 'container' && verb === 'rm')) &&
    dynamic &&
    hasOption(args, 'f', '--force')
  )
    return `${prog} ${group} -f of a substituted list removes every container or image it names`;
  return null;
}

export default defineRule({
  id: 'CTR-AST-001',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'containers',
  kinds: ['exec'],
  programs: [...ENGINES, 'docker-compose', 'podman-compose'],
  summary:
    'docker/podman system prune, volume prune/rm, image prune -a, compose down -v, or rm -f $(...) delete container data in bulk; swarm leave --force and node rm --force break a cluster.',
  remediationHint:
    'Remove only what you created, by name: docker rm <container>, docker image rm <image>. Keep volumes; they hold databases and caches.',
  *check(facts) {
    yield* execHits(facts, (words, exec) => destroys(words, exec.dynamic));
  },
  examples: {
    deny: [
      { input: 'docker system prune -af' },
      { input: 'docker system prune' },
      { input: 'podman system reset --force' },
      { input: 'docker system prune -a --volumes' },
      { input: 'docker volume prune -f' },
      { input: 'docker volume rm pgdata' },
      { input: 'docker image prune -a' },
      { input: 'docker compose down -v' },
      { input: 'docker-compose down --volumes' },
      { input: 'docker rm -f $(docker ps -aq)' },
      { input: 'podman system prune --all --force' },
      { input: 'docker --context prod ps -aq | xargs docker --context prod rm -fv' },
      { input: 'docker swarm leave --force' },
    ],
    allow: [
      { input: 'docker ps -a', why: 'reads' },
      { input: 'docker rm web', why: 'one named container' },
      { input: 'docker compose down', why: 'stops containers, keeps volumes' },
      { input: 'docker image prune', why: 'dangling images only' },
      { input: 'docker volume ls', why: 'reads' },
      { input: 'docker --context prod ps -a', why: 'reads a remote engine' },
      { input: 'docker swarm leave', why: 'a worker leaving (a manager refuses without --force)' },
    ],
  },
});
