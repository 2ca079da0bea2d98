/** PLT-AST-001: deleting apps, sites, projects or databases on hosting platforms (fly, vercel, netlify, heroku, railway). */
import { defineRule } from '../define-rule.js';
import { asksHelp, execHits, positionals } from '../command-line.js';
import { oneDisposable } from '../../knowledge/ephemeral-names.js';

/** Options naming the app or site a platform command acts on (`-a acme-web-pr-1432`, `--app=...`). */
const APP_OPTION = /^(?:-a|--app|--site|--name|--project)$/;

/**
 * The one app a delete names, when it is named as one pull request's preview or a test run's
 * (`fly apps destroy acme-web-pr-1432`, `heroku apps:destroy -a shop-pr-88`) and nothing on the line
 * names production: a preview torn down when its pull request closes is everyday work (R16 hunt,
 * like IAC-AST-001's preview stacks). Several apps, a glob or an expansion stay judged as deletes.
 */
function previewApp(args: readonly string[], verbs: number): boolean {
  const named: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const eq = /^(--app|--site|--name|--project)=(.+)$/.exec(args[i]!);
    if (eq !== null) named.push(eq[2]!);
    else if (APP_OPTION.test(args[i]!) && args[i + 1] !== undefined) named.push(args[++i]!);
  }
  named.push(...positionals(args.filter((_, i) => !APP_OPTION.test(args[i - 1] ?? ''))).slice(verbs));
  return oneDisposable([...new Set(named)], args);
}

/** fly resource groups whose destroy/delete loses an app or data. */
const FLY_GROUPS = new Set([
  'apps',
  'app',
  'postgres',
  'pg',
  'mpg',
  'redis',
  'volumes',
  'volume',
  'vol',
  'machines',
  'machine',
  'm',
  'mysql',
  'storage',
  'tigris',
]);

function deletes(words: readonly string[]): string | null {
  const prog = words[0]!;
  const args = words.slice(1);
  if (asksHelp(args)) return null;
  const [a, b] = positionals(args);
  switch (prog) {
    case 'fly':
    case 'flyctl':
      if (
        (a === 'destroy' && !previewApp(args, 1)) ||
        (a !== undefined &&
          FLY_GROUPS.has(a) &&
          (b === 'destroy' || b === 'delete' || b === 'remove') &&
          !((a === 'apps' || a === 'app') && previewApp(args, 2)))
      )
        return `${prog} ${a === 'destroy' ? '' : `${a} `}${b ?? 'destroy'} deletes an app, database or volume`;
      return null;
    case 'vercel':
      if (a === 'remove' || a === 'rm') return 'vercel remove deletes deployments or projects';
      if (a === 'project' && (b === 'remove' || b === 'rm')) return 'vercel project remove deletes a project';
      return null;
    case 'netlify':
      return a === 'sites:delete' ? 'netlify sites:delete deletes a site' : null;
    case 'heroku':
      if ((a === 'apps:destroy' || a === 'apps:delete' || a === 'destroy') && previewApp(args, 1))
        return null;
      return a === 'apps:destroy' ||
        a === 'apps:delete' ||
        a === 'destroy' ||
        a === 'pg:reset' ||
        a === 'addons:destroy'
        ? `heroku ${a} deletes an app or its data`
        : null;
    case 'railway':
      return a === 'down' || a === 'delete' ? `railway ${a} removes a deployment or project` : null;
    // Cloud hosts' CLIs: `doctl compute droplet delete`, `hcloud server delete`, `linode-cli
    // linodes delete`, `vultr-cli instance delete`: the verb comes after one or two nouns.
    case 'doctl':
    case 'hcloud':
    case 'linode-cli':
    case 'vultr-cli':
    case 'scw': {
      const verbs = positionals(args).slice(0, 4);
      const verb = verbs.find((w) => /^(?:delete|destroy|rm|remove|purge)$/.test(w));
      return verb === undefined
        ? null
        : `${prog} ${verbs.slice(0, verbs.indexOf(verb) + 1).join(' ')} deletes cloud resources`;
    }
    default:
      return null;
  }
}

export default defineRule({
  id: 'PLT-AST-001',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'platforms',
  kinds: ['exec'],
  programs: [
    'fly',
    'flyctl',
    'vercel',
    'netlify',
    'heroku',
    'railway',
    'doctl',
    'hcloud',
    'linode-cli',
    'vultr-cli',
    'scw',
  ],
  summary:
    'fly apps destroy, vercel remove, netlify sites:delete, heroku apps:destroy and the like delete hosted apps or data.',
  remediationHint:
    'Deleting a hosted app or database needs a human. Show it (fly status, vercel ls, heroku apps:info) and ask.',
  *check(facts) {
    yield* execHits(facts, (words) => deletes(words));
  },
  examples: {
    deny: [
      { input: 'fly apps destroy my-app --yes' },
      { input: 'flyctl postgres destroy my-pg-cluster' },
      { input: 'fly apps destroy acme-web-pr-1432 acme-web --yes' },
      { input: 'fly apps destroy acme-web-prod-pr-1432 --yes' },
      { input: 'fly postgres destroy acme-db-pr-1432' },
      { input: 'heroku apps:destroy -a shop-pr-88 --confirm shop-pr-88 --remote production' },
      { input: 'vercel remove my-project --yes' },
      { input: 'vercel project rm my-project' },
      { input: 'netlify sites:delete --force' },
      { input: 'heroku apps:destroy --app x --confirm x' },
      { input: 'doctl compute droplet delete d --force' },
      { input: 'doctl databases delete 1234' },
      { input: 'hcloud server delete web-1' },
    ],
    allow: [
      { input: 'fly deploy', why: 'deploys' },
      { input: 'fly apps destroy acme-web-pr-1432 --yes', why: "one pull request's preview app" },
      {
        input: 'heroku apps:destroy -a shop-pr-88 --confirm shop-pr-88',
        why: "one pull request's review app",
      },
      { input: 'fly volumess destroy', why: 'not a fly command (a misspelt group)' },
      { input: 'vercel ls', why: 'reads' },
      { input: 'netlify deploy --prod', why: 'deploys' },
      { input: 'heroku logs --tail', why: 'reads' },
      { input: 'doctl compute droplet list', why: 'reads' },
    ],
  },
});
