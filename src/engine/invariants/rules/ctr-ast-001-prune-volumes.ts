/**
 * CTR-AST-001: docker/podman runs that delete data in bulk: system prune, volume prune / rm,
 * image prune -a, compose down -v (named volumes), and rm/rmi -f of a substituted list
 * (`docker rm -f $(docker ps -aq)`).
 */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, hasOption, positionals } from '../command-line.js';

const ENGINES = new Set(['docker', 'podman', 'nerdctl']);

function destroys(words: readonly string[], dynamic: boolean): string | null {
  let prog = words[0]!;
  let args = words.slice(1);
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
    'docker/podman system prune, volume prune/rm, image prune -a, compose down -v, or rm -f $(...) delete container data in bulk.',
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
    ],
    allow: [
      { input: 'docker ps -a', why: 'reads' },
      { input: 'docker rm web', why: 'one named container' },
      { input: 'docker compose down', why: 'stops containers, keeps volumes' },
      { input: 'docker image prune', why: 'dangling images only' },
      { input: 'docker volume ls', why: 'reads' },
    ],
  },
});
