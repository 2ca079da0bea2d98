import { describe, expect, it } from 'vitest';
import { composeCommand, productionProject } from '../../../src/engine/knowledge/compose-target.js';
import { starvingLimit } from '../../../src/engine/knowledge/starving-limits.js';

const words = (s: string): string[] => s.split(' ').filter((w) => w !== '');

describe('composeCommand', () => {
  it.each([
    ['-p acme-prod down -v', 'down', ['-p=acme-prod']],
    [
      '-f docker-compose.prod.yml -f extra.yml down --volumes',
      'down',
      ['-f=docker-compose.prod.yml', '-f=extra.yml'],
    ],
    ['--project-name=production rm -s -f -v', 'rm', ['--project-name=production']],
    ['-pacme-live down', 'down', ['-p=acme-live']],
    ['--ansi never down -v', 'down', []],
  ])('%s', (line, verb, naming) => {
    const c = composeCommand(words(line));
    expect(c.verb).toBe(verb);
    expect(c.naming).toEqual(naming);
  });

  it('reads the engine options before compose and an env wrapper', () => {
    const c = composeCommand(words('down -v'), ['--context', 'prod-eu'], ['COMPOSE_PROJECT_NAME=x', 'FOO=1']);
    expect(c.naming).toEqual(['COMPOSE_PROJECT_NAME=x', '--context=prod-eu']);
  });
});

describe('productionProject', () => {
  it.each([
    [['-p=acme-prod'], true],
    [['-f=docker-compose.production.yml'], true],
    [['--env-file=.env.live'], true],
    [['-p=$PROJECT'], true],
    [['--context=prod-eu'], true],
    [['--context=staging'], true],
    [['-H=ssh://deploy@203.0.113.9'], true],
    [['-p=myapp_test'], false],
    [['-f=docker-compose.yml', '-f=docker-compose.override.yml'], false],
    [['--context=colima'], false],
    [['-H=unix:///run/user/1000/docker.sock'], false],
    [['-p=product-catalog'], false],
    [[], false],
  ])('%j', (naming, production) => {
    expect(productionProject(naming) !== null).toBe(production);
  });
});

describe('starvingLimit', () => {
  it.each([
    ['--memory 6m', '--memory 6m'],
    ['-m=16m', '-m 16m'],
    ['--cpus 0.01', '--cpus 0.01'],
    ['--pids-limit 1', '--pids-limit 1'],
    ['--cpu-quota 1000', '--cpu-quota 1000'],
    ['--memory 512m --cpus 1.5', null],
    ['--memory 2g', null],
    ['--pids-limit -1', null],
    ['--restart unless-stopped', null],
  ])('%s', (args, want) => {
    expect(starvingLimit(words(args))).toBe(want);
  });
});
